import { registerByApi } from '../fixtures/accounts.ts';
import { receivedMails, waitForMailLink } from '../fixtures/mail.ts';
import { gameInStock, toPaymentPage } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

/** The local provider's test account whose transfer settles (as the card provider's SEPA test IBAN). */
const SETTLING_IBAN = 'DE89370400440532013000';

test('a bank transfer: the order waits as "payment processing", then the key arrives in history and by mail', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const account = await registerByApi(page.request, 'transfer');
  // A confirmed address keeps this first order's fraud score low whatever the other tests bought before
  // (a new account buying only a most-resold game would otherwise wait for a person's review).
  await page.goto(await waitForMailLink(account.email, '/verify-email'));
  await expect(page.getByRole('heading', { name: 'E-mail confirmed' })).toBeVisible();
  const game = await gameInStock(page.request);

  await toPaymentPage(page, game);
  await page.getByLabel('IBAN').fill(SETTLING_IBAN);
  await page.getByRole('button', { name: /^Send a bank transfer of / }).click();

  // Back in the store: no key yet, the payment is processing and the keys are kept.
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_local_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment processing' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/We keep them for you for up to 14 days/)).toBeVisible();
  await expect(page.getByTestId('delivered-key')).toHaveCount(0);

  await page.getByRole('link', { name: 'Go to your purchase history' }).click();
  await expect(page).toHaveURL(/\/History$/);
  const order = page.getByTestId('order');
  await expect(order).toHaveCount(1);
  const orderId = Number(await order.getAttribute('data-order-id'));
  expect(orderId).toBeGreaterThan(0);

  // The transfer settles a few seconds later (the store's settlement job): wait for the order's state, then
  // the history, read again, shows the key instead of the notice.
  await expect
    .poll(
      async () => {
        const response = await page.request.post('/api/kl_api/get_completed_orders', { data: {} });
        const orders = (await response.json()) as { id: number; status?: string }[];
        return orders.find((o) => o.id === orderId)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('paid');
  await page.reload();
  const item = order.getByTestId('order-item').filter({ hasText: game.title });
  await expect(item.getByTestId('activation-key')).toHaveCount(1);
  await expect(order.getByTestId('order-payment-processing')).toHaveCount(0);

  // Two mails: the payment is processing, then the keys.
  await expect
    .poll(
      () =>
        receivedMails()
          .filter((mail) => mail.to.toLowerCase().includes(account.email.toLowerCase()))
          .map((mail) => mail.subject),
      { timeout: 30_000 },
    )
    .toEqual(
      expect.arrayContaining([
        `Your Keyland order ${orderId}: payment processing`,
        expect.stringContaining(String(orderId)),
      ]),
    );
});
