import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { registerByApi, storeDataDir, submitAdminLogin } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

/** Sends an event of the local payment provider, signed with the store's generated webhook secret. */
async function providerEvent(request: APIRequestContext, type: string, object: Record<string, unknown>) {
  const secret = readFileSync(
    path.join(storeDataDir(), 'secrets', 'local-payment-webhook.secret'),
    'utf8',
  ).trim();
  const payload = JSON.stringify({
    id: `evt_local_${randomBytes(8).toString('hex')}`,
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  const response = await request.post('/api/payments/webhook/local', {
    headers: { 'content-type': 'application/json', 'stripe-signature': `t=${t},v1=${v1}` },
    data: payload,
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('a chargeback reported by the payment provider shows on the order list and the order', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  // A customer pays one key through the local provider.
  const customer = await browser.newContext({ baseURL });
  const shopper = customer.request;
  await registerByApi(shopper, 'dispute');
  const games = (await (
    await shopper.post('/api/kl_api/catalog_paginated', {
      data: { offset: 0, limit: 12, filters: { name: '', platform: '', stockMin: 1, priceRange: [0, 100] } },
    })
  ).json()) as { productId: string; stock: number }[];
  const game = games.find((g) => g.stock >= 1);
  if (!game) throw new Error('No game in stock');
  expect(
    (
      await shopper.post('/api/kl_api/add_or_update_order_line', { data: { cws_product_id: game.productId } })
    ).ok(),
  ).toBe(true);
  const started = await shopper.post('/api/create-checkout-session', {
    data: { consent: { text: 'I consent to immediate delivery.', timestamp: new Date().toISOString() } },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { order_id: orderId, url } = (await started.json()) as { order_id: number; url: string };
  const sessionId = new URL(url).pathname.split('/').pop() ?? '';
  const paid = await shopper.post(`/pay/local/${sessionId}/pay`, {
    form: { card: '4242 4242 4242 4242', exp: '12/34', cvc: '123' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await customer.close();

  // The customer's bank opens a chargeback.
  await providerEvent(page.request, 'charge.dispute.created', {
    object: 'dispute',
    disputeId: `dp_e2e_${orderId}`,
    paymentId: sessionId,
    amountCents: 100,
    status: 'needs_response',
    reason: 'fraudulent',
    createdAt: new Date().toISOString(),
  });

  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/store$/);
  await page.goto('/admin/orders');
  await page.getByLabel('E-mail, order number or date').fill(String(orderId));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
  await expect(row.getByTestId('dispute-badge')).toHaveText('Dispute open');
  await row.getByRole('link', { name: `Order #${orderId}` }).click();
  // The dispute is shown once, in its own card.
  const disputes = page.getByTestId('order-disputes');
  await expect(disputes).toContainText(`dp_e2e_${orderId}`);
  await expect(disputes.getByTestId('dispute-badge')).toHaveText('Dispute open');
  await expect(page.getByTestId('dispute-badge')).toHaveCount(1);
});
