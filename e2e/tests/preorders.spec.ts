import { registerByApi, submitAdminLogin } from '../fixtures/accounts.ts';
import { gameWithKeys, payOnPaymentPage } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

/** A day `days` from now (YYYY-MM-DD), far enough ahead to be in the future in every time zone. */
function dayIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A calendar day as the English pages print it ("Mar 5, 2027"). */
function printed(day: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

test('an admin allows pre-orders for a coming game; a customer pre-orders it, pays, and sees its day in the history', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A game of its own with no key: sold out until pre-orders are allowed.
  const game = await gameWithKeys(browser, baseURL, 'Preorder Saga', 0);
  const release = dayIn(30);
  const day = printed(release);

  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/store$/);
  await page.goto(`/admin/products/${game.id}`);
  await page.getByLabel('Release date').fill(release);
  await page.getByRole('checkbox', { name: 'Allow pre-orders' }).check();
  await expect(page.getByTestId('preorder-idle')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`“${game.title}” was saved.`)).toBeVisible();
  await page.goto('/admin/preorders');
  await expect(page.getByRole('row', { name: new RegExp(game.title) })).toContainText('On pre-order');

  const shopper = await browser.newContext({ baseURL });
  try {
    const customer = await shopper.newPage();
    await registerByApi(customer.request, 'preorder');
    await customer.goto(`/product?session=${game.providerId}`);
    const offer = customer.getByTestId('offer-banner');
    await expect(offer.getByTestId('preorder-badge')).toHaveText('Pre-order');
    await expect(offer).not.toContainText('Sold out');
    await customer
      .getByRole('button', { name: `Pre-order — delivered on ${day}: ${game.title}`, exact: true })
      .click();
    await expect(customer.getByText(`“${game.title}” added to the cart`)).toBeVisible();

    await customer.getByRole('button', { name: /^Open the cart/ }).click();
    const panel = customer.getByRole('dialog', { name: 'Your cart' });
    await expect(panel.getByTestId('preorder-note')).toHaveText(`Pre-order, delivered on ${day}`);
    await panel.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await expect(customer).toHaveURL(/\/pay\/local\/cs_local_/);
    await payOnPaymentPage(customer);
    await expect(customer.getByRole('heading', { name: 'Pre-order confirmed' })).toBeVisible({
      timeout: 20_000,
    });
    await expect(customer.getByTestId('checkout-preorder')).toContainText(day);

    await customer.goto('/History');
    const order = customer.getByTestId('order-awaiting').first();
    await expect(order.getByTestId('order-preorder')).toHaveText(`Pre-order, delivered on ${day}`);
    await expect(order.getByTestId('order-pending-item')).toHaveText(`1 × ${game.title} · Steam`);
    await expect(order.getByRole('button', { name: /Withdraw from contract/ })).toBeVisible();
  } finally {
    await shopper.close();
  }
});
