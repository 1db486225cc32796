import type { Page } from '@playwright/test';
import { registerByApi } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

interface CatalogueGame {
  providerId: string;
  productId: string;
}

/**
 * Records every Content-Security-Policy violation a page reports, through the DOM event and the console
 * (Chromium logs a refused resource there before the event fires).
 */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text()))
      violations.push(message.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI}`);
    });
  });
  return violations;
}

test('the built pages load under the Content-Security-Policy with no violation', async ({
  page,
  request,
}) => {
  const list = await request.post('/api/kl_api/catalog_paginated', {
    data: { offset: 0, limit: 1, filters: { name: '', platform: '', stockMin: 0, priceRange: [0, 100] } },
  });
  const [game] = (await list.json()) as CatalogueGame[];
  if (!game) throw new Error('The seeded catalogue is empty');
  const violations = await watchViolations(page);
  for (const url of [
    '/',
    '/publicstore',
    `/product?title=x&session=${game.providerId}`,
    '/login',
    '/terms',
  ]) {
    const response = await page.goto(url);
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response?.headers()['content-security-policy']).not.toContain('unsafe-eval');
    await expect(page.locator('#root')).not.toBeEmpty();
    await page.waitForLoadState('networkidle');
  }
  expect(violations).toEqual([]);
});

test('an injected inline script is refused by the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    // An allowed inline script runs as it is inserted: nothing to wait for.
    document.body.append(script);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});

test('checkout, the hosted payment page, the success page and the history run under the policy', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await registerByApi(page.request, 'csp');
  const list = await page.request.post('/api/kl_api/catalog_paginated', {
    data: { offset: 0, limit: 24, filters: { name: '', platform: '', stockMin: 1, priceRange: [0, 100] } },
  });
  const [game] = (await list.json()) as CatalogueGame[];
  if (!game) throw new Error('No game in stock in the seeded catalogue');
  await page.request.post('/api/kl_api/add_or_update_order_line', {
    data: { cws_product_id: game.productId },
  });
  const started = await page.request.post('/api/create-checkout-session', {
    data: {
      consent: { text: 'I ask for immediate delivery.', timestamp: new Date().toISOString() },
      items: [],
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { url } = (await started.json()) as { url: string };
  await page.goto(url);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=/);
  await expect(page.getByTestId('activation-key').first()).toBeVisible({ timeout: 20_000 });
  await page.goto('/History');
  await expect(page.getByTestId('order')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
