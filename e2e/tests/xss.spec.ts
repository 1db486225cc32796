import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { registerByApi } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

/** Payloads that would run if any of them were rendered as HTML or followed as a link. */
const PAYLOADS = [
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '"><script>window.__xss=1;alert(1)</script>',
  '<svg onload="window.__xss=1;alert(1)"></svg>',
  "javascript:window.__xss=1;alert('x')",
];
const PAYLOAD = PAYLOADS.join(' ');

function demoAdmin(): { email: string; password: string } {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set');
  const accounts = JSON.parse(readFileSync(path.join(dataDir, 'demo-accounts.json'), 'utf8')) as {
    role: string;
    email: string;
    password: string;
  }[];
  const admin = accounts.find((a) => a.role === 'admin');
  if (!admin) throw new Error('no demo admin');
  return admin;
}

/** Fails the test on any dialog, and lets the test read whether a payload ran. */
function watch(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', async (dialog) => {
    seen.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return seen;
}

async function expectNothingRan(page: Page, seen: { dialogs: string[] }, where: string): Promise<void> {
  await page.waitForTimeout(300);
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
