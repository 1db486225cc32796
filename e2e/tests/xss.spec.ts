import type { Page } from '@playwright/test';
import { demoAdmin, registerByApi } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

/** Payloads that would run if any of them were rendered as HTML or followed as a link. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '"><script>window.__xss=1;alert(1)</script>',
  '<svg onload="window.__xss=1;alert(1)"></svg>',
  "javascript:window.__xss=1;alert('x')",
];
const PAYLOAD = PAYLOADS.join(' ');

/** Fails the test on any dialog, and lets the test read whether a payload ran. */
function watch(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', async (dialog) => {
    seen.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return seen;
}

/**
 * A payload rendered as markup would run as its element is inserted (svg onload) or when its image fails
 * (img onerror, fired with the image's state change): so the page is checked once every image it loads
 * has loaded or failed, and a frame has passed.
 */
async function expectNothingRan(page: Page, seen: { dialogs: string[] }, where: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => [...document.images].every((image) => image.loading === 'lazy' || image.complete)),
    )
    .toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  expect(seen.dialogs, where).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), where).toBeUndefined();
}

test('payloads typed into every writable field and URL render as text and never run', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const seen = watch(page);
  await page.addInitScript(() => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('consent', 'true');
  });

  // Customer fields: full name and bio.
  await registerByApi(page.request, 'xss', { fullName: `${PAYLOADS[0]} Tester` });
  const saved = await page.request.post('/api/kl_api/update_profile', {
    data: { fullName: `${PAYLOADS[1]} Tester`, country: 64, language: 'en', bio: PAYLOAD },
  });
  expect(saved.ok()).toBe(true);
  await page.goto('/profile');
  await expect(page.getByLabel('Full name')).toHaveValue(/Tester/);
  await expectNothingRan(page, seen, '/profile');

  // Admin fields: a product's title and description, shown to every visitor.
  const adminContext = await browser.newContext({ baseURL });
  const admin = demoAdmin();
  expect((await adminContext.request.post('/api/kl_api/login', { data: admin })).ok()).toBe(true);
  const created = await adminContext.request.post('/api/admin/products', {
    data: {
      title: `Hostile ${PAYLOADS[1]}`,
      price: 9.99,
      platform: 'Steam',
      description: `<p>Fine</p>${PAYLOAD}<a href="javascript:window.__xss=1">link</a>`,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const product = (await created.json()) as { id: number; providerId: string };
  const codes = Array.from(
    { length: 2 },
    (_, i) => `XSSK${i}-${Date.now().toString(36).toUpperCase().slice(-5)}-ABCDE`,
  );
  const imported = await adminContext.request.post(`/api/admin/products/${product.id}/keys`, {
    data: { text: codes.join('\n') },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  await adminContext.close();

  await page.goto(`/product?title=hostile&session=${product.providerId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Hostile');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('<script>');
  await expectNothingRan(page, seen, 'product page');
  expect(await page.locator('a[href^="javascript:"]').count()).toBe(0);

  // The search box and the catalogue shown with a hostile title.
  await page.goto('/store');
  const search = page.getByLabel('Search by name');
  await search.fill(`Hostile ${PAYLOADS[1]}`);
  await expect(page).toHaveURL(/name=/);
  await expectNothingRan(page, seen, 'search');

  // URL parameters of every page that reads them.
  const q = encodeURIComponent(PAYLOAD);
  for (const url of [
    `/publicstore?name=${q}&platform=${q}&page=${q}`,
    `/product?title=${q}&session=${q}`,
    `/reset-password?token=${q}`,
    `/verify-email?token=${q}`,
    `/checkout/success?session_id=${q}`,
  ]) {
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    await expectNothingRan(page, seen, url);
  }
});
