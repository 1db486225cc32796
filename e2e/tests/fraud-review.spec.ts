import { demoAdmin, registerByApi } from '../fixtures/accounts.ts';
import { receivedMails } from '../fixtures/mail.ts';
import { buyWithCard, gameInStock } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

/** The local payment page's card that pays with an elevated risk reported by the provider. */
const ELEVATED_RISK_CARD = '4000 0000 0000 9235';

test('an order paid with a risky card waits for a person; once approved, the customer sees the key', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const account = await registerByApi(page.request, 'held');
  const game = await gameInStock(page.request);

  // The customer pays; the provider reports an elevated risk, so the order is held.
  await buyWithCard(page, game, ELEVATED_RISK_CARD);
  await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_local_/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Payment received — your order is being checked' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/The check is usually done within 24 hours/)).toBeVisible();
  await expect(page.getByTestId('delivered-key')).toHaveCount(0);
  await expect(page.getByTestId('activation-key')).toHaveCount(0);

  // The history says the same, with the game pending and no key.
  await page.getByRole('link', { name: 'Go to your purchase history' }).click();
  await expect(page).toHaveURL(/\/History$/);
  const order = page.getByTestId('order');
  await expect(order).toHaveCount(1);
  const held = order.getByTestId('order-held');
  await expect(held).toContainText('Being checked — usually within 24 hours');
  await expect(held.getByTestId('order-pending-item')).toContainText(`1 × ${game.title}`);
  await expect(order.getByTestId('activation-key')).toHaveCount(0);
  const orderId = Number(await order.getAttribute('data-order-id'));
  expect(orderId).toBeGreaterThan(0);

  // The customer is told by e-mail too.
  await expect
    .poll(() =>
      receivedMails().some(
        (mail) =>
          mail.to.toLowerCase().includes(account.email.toLowerCase()) &&
          mail.subject === `Your Keyland order ${orderId} is being checked`,
      ),
    )
    .toBe(true);

  // The demo admin finds the order in the review queue, with the provider's assessment in words, and approves it.
  const office = await browser.newContext({ baseURL });
  const admin = await office.newPage();
  const credentials = demoAdmin();
  await admin.goto('/login');
  await admin.getByLabel('E-mail').fill(credentials.email);
  await admin.getByLabel('Password', { exact: true }).fill(credentials.password);
  await admin.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(admin).toHaveURL(/\/store$/);
  await admin.goto('/admin/review');
  await expect(admin.getByRole('heading', { level: 1, name: 'Fraud review' })).toBeVisible();
  const card = admin.locator(`[data-testid="held-order"][data-order-id="${orderId}"]`);
  await expect(card.getByTestId('risk-reasons')).toContainText(
    'The payment provider rates the payment as elevated risk',
  );
  await expect(card).toContainText(account.email);
  await expect(card.getByTestId('held-order-line')).toContainText(game.title);
  await card.getByRole('button', { name: `Approve order #${orderId}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Approve order #${orderId}?` });
  const approved = admin.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/admin/orders/${orderId}/approve`) &&
      response.request().method() === 'POST',
  );
  await confirm.getByRole('button', { name: 'Approve and deliver' }).click();
  expect((await approved).status()).toBe(200);
  await expect(admin.getByText(`Order #${orderId} approved. Keys delivered: 1.`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await office.close();

  // Back in the history, the key is there and the notice is gone.
  await page.reload();
  await expect(order.getByTestId('order-held')).toHaveCount(0);
  const item = order.getByTestId('order-item').filter({ hasText: game.title });
  await expect(item.getByTestId('activation-key')).toHaveCount(1);
  await item.getByRole('button', { name: `Show the key of ${game.title}` }).click();
  await expect(item.getByTestId('activation-key')).not.toHaveText('••••••••••••••');
});
