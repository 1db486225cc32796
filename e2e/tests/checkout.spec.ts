import type { APIRequestContext, Page } from '@playwright/test';
import { registerByApi } from '../fixtures/accounts.ts';
import { receivedMails } from '../fixtures/mail.ts';
import { expect, test } from '../fixtures/test.ts';

interface CatalogueGame {
  productId: string;
  title: string;
  stock: number;
}

interface CartAnswer {
  items: { wcs_product_id: string; quantity: number }[];
}

const MASK = '••••••••••••••';

/** Two games of the store's first page (what /store shows) with keys to spare and a title of their own. */
async function twoGamesInStock(request: APIRequestContext): Promise<[CatalogueGame, CatalogueGame]> {
  const response = await request.post('/api/kl_api/catalog_paginated', {
    data: { offset: 0, limit: 12, filters: { name: '', platform: '', stockMin: 0, priceRange: [0, 100] } },
  });
  expect(response.ok()).toBe(true);
  const games = (await response.json()) as CatalogueGame[];
  const unique = games.filter(
    (game) => game.stock >= 4 && games.filter((other) => other.title === game.title).length === 1,
  );
  const [first, second] = unique;
  if (!first || !second) throw new Error('The seed catalogue has no two games in stock on its first page');
  return [first, second];
}

async function stockOf(request: APIRequestContext, title: string): Promise<number> {
  const response = await request.post('/api/kl_api/catalog_paginated', {
    data: { offset: 0, limit: 48, filters: { name: title, platform: '', stockMin: 0, priceRange: [0, 100] } },
  });
  const games = (await response.json()) as CatalogueGame[];
  const game = games.find((g) => g.title === title);
  if (!game) throw new Error(`${title} is no longer in the catalogue`);
  return game.stock;
}

async function serverCart(request: APIRequestContext): Promise<Map<string, number>> {
  const response = await request.post('/api/kl_api/get_order_cart_items', { data: {} });
  const cart = (await response.json()) as CartAnswer;
  return new Map(cart.items.map((item) => [item.wcs_product_id, item.quantity]));
}

/** Adds both games from their catalogue cards, then opens the cart panel. */
async function fillCart(page: Page, games: CatalogueGame[]): Promise<void> {
  await page.goto('/store');
  const cartButton = page.getByRole('button', { name: /^Open the cart/ });
  await expect(cartButton).toHaveAccessibleName('Open the cart, 0 lines');
  for (const [index, game] of games.entries()) {
    await page.getByRole('button', { name: `Add to cart: ${game.title}`, exact: true }).click();
    await expect(page.getByText(`“${game.title}” added to the cart`)).toBeVisible();
    await expect(cartButton).toHaveAccessibleName(
      `Open the cart, ${index + 1} line${index === 0 ? '' : 's'}`,
    );
  }
  await cartButton.click();
  await expect(page.getByRole('dialog', { name: 'Your cart' })).toBeVisible();
}

async function payOnHostedPage(page: Page, card: string): Promise<void> {
  await expect(page).toHaveURL(/\/pay\/local\/cs_local_/);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function waitForMailWith(address: string, codes: string[], timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = receivedMails().find(
      (m) =>
        m.to.toLowerCase().includes(address.toLowerCase()) &&
        codes.every((code) => m.bodies.some((body) => body.includes(code))),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${address} with the keys ${codes.join(', ')} within ${timeoutMs} ms`);
}

test.describe('cart, checkout and history', () => {
  test('buys two games, sees the keys, gets them by mail, reveals and copies one, deletes the order', async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const account = await registerByApi(page.request, 'checkout');
    const [first, second] = await twoGamesInStock(page.request);

    await fillCart(page, [first, second]);
    const panel = page.getByRole('dialog', { name: 'Your cart' });
    const lines = panel.getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    const firstLine = lines.filter({ hasText: first.title });
    const secondLine = lines.filter({ hasText: second.title });

    // Quantities: 1 → 3 → 2 on the first line; the minus button stops at 1.
    await expect(firstLine.getByRole('button', { name: `One key less of ${first.title}` })).toBeDisabled();
    const total = panel.getByTestId('cart-total');
    const totalBefore = await total.textContent();
    await firstLine.getByRole('button', { name: `One key more of ${first.title}` }).click();
    await expect(firstLine.getByTestId('cart-line-quantity')).toHaveText('2');
    await firstLine.getByRole('button', { name: `One key more of ${first.title}` }).click();
    await expect(firstLine.getByTestId('cart-line-quantity')).toHaveText('3');
    await firstLine.getByRole('button', { name: `One key less of ${first.title}` }).click();
    await expect(firstLine.getByTestId('cart-line-quantity')).toHaveText('2');
    await expect(secondLine.getByTestId('cart-line-quantity')).toHaveText('1');
    await expect(total).not.toHaveText(totalBefore ?? '');
    await expect(panel.getByText(/^VAT \(\d+(\.\d+)?\s?%\)$/)).toBeVisible();
    await expect
      .poll(() => serverCart(page.request))
      .toEqual(
        new Map([
          [first.productId, 2],
          [second.productId, 1],
        ]),
      );

    // Checkout waits for the terms.
    const checkout = panel.getByRole('button', { name: 'Checkout' });
    await expect(checkout).toBeDisabled();
    await panel.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await expect(panel.getByRole('link', { name: 'terms and conditions' })).toHaveAttribute('href', '/terms');
    await expect(panel.getByRole('link', { name: 'privacy policy' })).toHaveAttribute('href', '/policy');
    await checkout.click();

    await payOnHostedPage(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/checkout\/success\?session_id=cs_local_/);
    await expect(page.getByRole('heading', { name: 'Thank you! Your keys are ready' })).toBeVisible({
      timeout: 20_000,
    });
    const delivered = page.getByTestId('delivered-key');
    await expect(delivered).toHaveCount(3);
    await expect(delivered.filter({ hasText: first.title })).toHaveCount(2);
    const codes = (await page.getByTestId('activation-key').allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(3);
    expect(new Set(codes).size).toBe(3);
    for (const code of codes) expect(code).not.toBe(MASK);
    // Paid games leave the cart; the stored summary is gone.
    await expect(page.getByRole('button', { name: 'Open the cart, 0 lines' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('checkoutSummary'))).toBeNull();

    const mail = await waitForMailWith(account.email, codes);
    expect(mail.subject).not.toBe('');

    await page.getByRole('link', { name: 'Go to your purchase history' }).click();
    await expect(page).toHaveURL(/\/History$/);
    const order = page.getByTestId('order');
    await expect(order).toHaveCount(1);
    const keys = order.getByTestId('activation-key');
    await expect(keys).toHaveCount(3);
    for (const key of await keys.all()) await expect(key).toHaveText(MASK);

    const item = order.getByTestId('order-item').filter({ hasText: second.title });
    await item.getByRole('button', { name: `Show the key of ${second.title}` }).click();
    const shown = (await item.getByTestId('activation-key').textContent())?.trim() ?? '';
    expect(codes).toContain(shown);
    await item.getByRole('button', { name: `Copy the key of ${second.title}` }).click();
    await expect(item.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    await expect(item.getByRole('button', { name: `Copy the key of ${second.title}` })).toBeVisible({
      timeout: 4000,
    });
    await item.getByRole('button', { name: `Hide the key of ${second.title}` }).click();
    await expect(item.getByTestId('activation-key')).toHaveText(MASK);

    const orderId = await order.getAttribute('data-order-id');
    await order.getByRole('button', { name: `Delete order #${orderId}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete order #${orderId} from your history?` });
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(order).toHaveCount(1);
    await order.getByRole('button', { name: `Delete order #${orderId}` }).click();
    await confirm.getByRole('button', { name: 'Delete order' }).click();
    await expect(page.getByRole('heading', { name: 'No purchases yet' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No purchases yet' })).toBeVisible();
  });

  test('a declined card, then cancel: the cart stays and no key is sold @mobile', async ({ page }) => {
    test.setTimeout(60_000);
    await registerByApi(page.request, 'declined');
    const [first, second] = await twoGamesInStock(page.request);
    const stockBefore = [await stockOf(page.request, first.title), await stockOf(page.request, second.title)];

    await fillCart(page, [first, second]);
    const panel = page.getByRole('dialog', { name: 'Your cart' });
    const firstLine = panel.getByTestId('cart-line').filter({ hasText: first.title });
    await firstLine.getByRole('button', { name: `One key more of ${first.title}` }).click();
    await expect(firstLine.getByTestId('cart-line-quantity')).toHaveText('2');
    await expect
      .poll(() => serverCart(page.request))
      .toEqual(
        new Map([
          [first.productId, 2],
          [second.productId, 1],
        ]),
      );
    await panel.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await panel.getByRole('button', { name: 'Checkout' }).click();

    await payOnHostedPage(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    const released = page.waitForResponse((r) => r.url().endsWith('/api/kl_api/cancel_checkout'));
    await page.getByRole('link', { name: 'Cancel and return to the store' }).click();
    await expect(page).toHaveURL(/\/checkout\/cancel$/);
    await expect(page.getByTestId('checkout-cancelled')).toHaveText(
      'Payment cancelled: your order has not been processed. You can try again.',
    );
    expect((await released).ok()).toBe(true);

    // The cart is as it was, and every reserved key is back in stock.
    await page.getByRole('button', { name: 'Open the cart, 2 lines' }).click();
    const lines = page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.filter({ hasText: first.title }).getByTestId('cart-line-quantity')).toHaveText('2');
    await expect(lines.filter({ hasText: second.title }).getByTestId('cart-line-quantity')).toHaveText('1');
    expect(await serverCart(page.request)).toEqual(
      new Map([
        [first.productId, 2],
        [second.productId, 1],
      ]),
    );
    expect([await stockOf(page.request, first.title), await stockOf(page.request, second.title)]).toEqual(
      stockBefore,
    );
    const history = await page.request.post('/api/kl_api/get_completed_orders', { data: {} });
    expect(await history.json()).toEqual([]);
  });
});
