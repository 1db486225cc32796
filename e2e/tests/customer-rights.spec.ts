import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { registerByApi } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

interface CatalogueGame {
  productId: string;
  title: string;
  stock: number;
}

/** Buys one game through the API and the local hosted payment page; answers the order id. */
async function buyOne(request: APIRequestContext): Promise<{ orderId: number; title: string }> {
  const response = await request.post('/api/kl_api/catalog_paginated', {
    data: { offset: 0, limit: 24, filters: { name: '', platform: '', stockMin: 0, priceRange: [0, 100] } },
  });
  const games = (await response.json()) as CatalogueGame[];
  const game = games.find((g) => g.stock >= 3);
  if (!game) throw new Error('No game in stock on the first page');
  expect(
    (
      await request.post('/api/kl_api/add_or_update_order_line', { data: { cws_product_id: game.productId } })
    ).ok(),
  ).toBe(true);
  const started = await request.post('/api/create-checkout-session', {
    data: {
      consent: {
        text: 'I ask for immediate delivery and acknowledge that I then lose my right of withdrawal.',
        timestamp: new Date().toISOString(),
      },
    },
  });
  expect(started.ok()).toBe(true);
  const { url, order_id: orderId } = (await started.json()) as { url: string; order_id: number };
  const sessionId = new URL(url).pathname.split('/').pop() ?? '';
  const paid = await request.post(`/pay/local/${sessionId}/pay`, {
    form: { card: '4242 4242 4242 4242', exp: '12/34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return { orderId, title: game.title };
}

test.describe('customer rights', () => {
  test('an order awaiting keys shows its state, the invoice and the withdrawal function with confirmation and acknowledgement @mobile', async ({
    page,
  }) => {
    await registerByApi(page.request, 'withdraw');
    const { orderId, title } = await buyOne(page.request);
    // Orders wait for keys only when the key supplier is slow; the store here delivers at once, so the
    // history answer is turned into such an order, and the withdrawal answered as the server would.
    let withdrawn = false;
    await page.route('**/api/kl_api/get_completed_orders', async (route) => {
      const real = await route.fetch();
      const orders = (await real.json()) as Record<string, unknown>[];
      const changed = withdrawn
        ? orders.filter((o) => o.id !== orderId)
        : orders.map((o) =>
            o.id === orderId
              ? {
                  ...o,
                  status: 'awaiting_keys',
                  items: [],
                  pending_items: [{ title, platform: 'Steam', quantity: 1 }],
                  withdrawable: true,
                }
              : o,
          );
      await route.fulfill({ response: real, json: changed });
    });
    const at = '2026-11-24T10:15:30.000Z';
    await page.route(`**/api/orders/${orderId}/withdraw`, async (route) => {
      expect(route.request().postDataJSON()).toEqual({ confirm: true });
      withdrawn = true;
      await route.fulfill({
        json: {
          orderId,
          status: 'refunded',
          withdrawnAt: at,
          refunded: 19.99,
          refundId: 're_1',
          refundPending: false,
          keysReleased: 1,
        },
      });
    });

    await page.goto('/History');
    const card = page.locator(`[data-order-id="${orderId}"]`);
    await expect(card.getByText('Waiting for keys')).toBeVisible();
    await expect(card.getByText(title)).toBeVisible();
    const invoice = card.getByRole('link', { name: 'Invoice (PDF)' });
    await expect(invoice).toBeVisible();
    const pdf = await page.request.get((await invoice.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    await card.getByRole('button', { name: `Withdraw from contract here (order ${orderId})` }).click();
    const dialog = page.getByRole('dialog', { name: `Withdraw from order ${orderId}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Keep the order' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const ack = page.getByRole('dialog', { name: 'Withdrawal received' });
    await expect(ack).toBeVisible();
    const printed = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'long' }).format(
      new Date(at),
    );
    await expect(ack).toContainText(`We received your withdrawal from order ${orderId} on ${printed}`);
    await expect(ack).toContainText('A confirmation with the date and time has been sent');
    await ack.getByRole('button', { name: 'Close' }).click();
    await expect(card).toHaveCount(0);
  });

  test('the real server refuses to withdraw from a delivered order', async ({ page }) => {
    await registerByApi(page.request, 'nowithdraw');
    const { orderId } = await buyOne(page.request);
    const response = await page.request.post(`/api/orders/${orderId}/withdraw`, { data: { confirm: true } });
    expect(response.status()).toBe(409);
    await page.goto('/History');
    const card = page.locator(`[data-order-id="${orderId}"]`);
    await expect(card.getByRole('link', { name: 'Invoice (PDF)' })).toBeVisible();
    await expect(card.getByRole('button', { name: /Withdraw from contract here/ })).toHaveCount(0);
  });

  test('downloads the data export and deletes the account after the password @mobile', async ({ page }) => {
    const account = await registerByApi(page.request, 'erase');
    const { orderId } = await buyOne(page.request);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await expect(section).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      section.getByRole('link', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^keyland-data-.*\.json$/);
    const exported = JSON.parse(await readFile(await download.path(), 'utf8')) as {
      profile: { email: string };
      orders: { id: number }[];
    };
    expect(exported.profile.email).toBe(account.email);
    expect(exported.orders.map((o) => o.id)).toContain(orderId);

    await section.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account for good?' });
    await dialog.getByLabel('Password').fill('not the password at all');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The password is not correct.');
    await dialog.getByLabel('Password').fill(account.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    const done = page.getByRole('dialog', { name: 'Your account has been deleted.' });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/publicstore/);
    const online = await page.request.get('/api/kl_api/user_online');
    expect(await online.text()).not.toContain(account.email);
    const login = await page.request.post('/api/kl_api/login', {
      data: { email: account.email, password: account.password },
    });
    expect(login.status()).toBe(401);
  });
});
