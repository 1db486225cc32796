import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { registerByApi, submitAdminLogin } from '../fixtures/accounts.ts';
import { buyOneKey } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

interface CatalogueGame {
  productId: string;
  title: string;
  platform: string;
  stock: number;
}

async function catalogue(request: APIRequestContext, name = '', limit = 48): Promise<CatalogueGame[]> {
  const response = await request.post('/api/kl_api/catalog_paginated', {
    data: { offset: 0, limit, filters: { name, platform: '', stockMin: 0, priceRange: [0, 100] } },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as CatalogueGame[];
}

async function stockOf(request: APIRequestContext, title: string): Promise<number> {
  const game = (await catalogue(request, title)).find((g) => g.title === title);
  if (!game) throw new Error(`${title} is not in the public catalogue`);
  return game.stock;
}

/** A Steam game of the public catalogue whose title is its own (Steam keys: XXXXX-XXXXX-XXXXX). */
async function steamGame(request: APIRequestContext): Promise<CatalogueGame> {
  const games = await catalogue(request);
  const game = games.find(
    (g) => /steam/i.test(g.platform) && games.filter((other) => other.title === g.title).length === 1,
  );
  if (!game) throw new Error('The seed catalogue has no Steam game on its first page');
  return game;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
function steamKey(): string {
  const group = () => Array.from({ length: 5 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${group()}-${group()}-${group()}`;
}

async function logInAsAdmin(page: Page): Promise<void> {
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/store$/);
}

test.describe('admin area', () => {
  test('a customer opening /admin lands on /store', async ({ page }) => {
    await registerByApi(page.request, 'not-admin');
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);
    // The server refuses the admin API to a customer as well.
    expect((await page.request.get('/api/admin/dashboard')).status()).toBe(403);
  });

  test('the admin imports three keys and the public stock rises', async ({ page }) => {
    test.setTimeout(60_000);
    const game = await steamGame(page.request);
    const stockBefore = await stockOf(page.request, game.title);

    await logInAsAdmin(page);
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: 'Administration' });
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('stat-sales')).toBeVisible();

    await nav.getByRole('link', { name: 'Products' }).click();
    await expect(page).toHaveURL(/\/admin\/products$/);
    await page.getByLabel('Search by title').fill(game.title);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: game.title, exact: true }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: game.title })).toBeVisible();
    const availableBefore = Number(await page.getByTestId('keys-available').textContent());

    const keys = [steamKey(), steamKey(), steamKey()];
    await page.getByLabel('Keys, one per line').fill(keys.join('\n'));
    await page.getByRole('button', { name: 'Import keys', exact: true }).click();
    const result = page.getByTestId('import-result');
    await expect(result).toContainText('3 keys imported.');
    await expect(result.getByTestId('import-imported')).toHaveText('3');
    await expect(result.getByTestId('import-duplicates-existing')).toHaveText('0');
    await expect(result.getByTestId('import-invalid')).toHaveText('0');
    await expect(page.getByTestId('keys-available')).toHaveText(String(availableBefore + 3));

    // Importing the same keys again only reports them as already stored.
    await page.getByLabel('Keys, one per line').fill(keys.join('\n'));
    await page.getByRole('button', { name: 'Import keys', exact: true }).click();
    await expect(result.getByTestId('import-imported')).toHaveText('0');
    await expect(result.getByTestId('import-duplicates-existing')).toHaveText('3');

    // The public catalogue counts the new keys.
    expect(await stockOf(page.request, game.title)).toBe(stockBefore + 3);
  });

  test('the admin cancels a paid order as fraud', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const customer = await browser.newContext({ baseURL });
    const customerPage = await customer.newPage();
    const account = await registerByApi(customerPage.request, 'fraud');
    const games = await catalogue(customerPage.request, '', 12);
    const game = games.find(
      (g) => g.stock >= 2 && games.filter((other) => other.title === g.title).length === 1,
    );
    if (!game) throw new Error('No game in stock on the store page');
    const orderId = await buyOneKey(customerPage, game);
    await customer.close();

    await logInAsAdmin(page);
    await page.goto('/admin/orders');
    await page.getByLabel('E-mail, order number or date').fill(account.email);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.locator(`[data-testid="admin-order-row"][data-order-id="${orderId}"]`);
    await expect(row).toContainText('Paid');
    await row.getByRole('link', { name: `Order #${orderId}` }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
    await expect(page.getByTestId('admin-order-status')).toHaveText('Paid');
    await expect(page.getByTestId('admin-order-line')).toContainText(game.title);

    await page.getByRole('button', { name: 'Cancel as fraud' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order #${orderId} as fraud?` });
    await expect(dialog).toContainText('revoke its keys');
    await expect(dialog).toContainText('through the payment provider');
    await expect(dialog).toContainText('e-mail');
    // The reason is required.
    await dialog.getByRole('button', { name: 'Cancel the order' }).click();
    await expect(dialog.getByLabel('Reason')).toHaveAccessibleDescription(/at least 3 characters/);
    await dialog.getByLabel('Reason').fill('Card reported stolen by its owner');
    await dialog.getByRole('button', { name: 'Cancel the order' }).click();
    await expect(dialog).toBeHidden();

    const result = page.getByTestId('cancel-result');
    await expect(result).toContainText(`Order #${orderId} was cancelled.`);
    await expect(result).toContainText('1 key revoked.');
    await expect(page.getByTestId('admin-order-status')).toHaveText('Cancelled');
    await expect(page.getByRole('button', { name: 'Cancel as fraud' })).toHaveCount(0);
    await expect(page.getByTestId('admin-order-key')).toContainText('Revoked');
    await expect(page.getByText('Card reported stolen by its owner')).toBeVisible();

    // The audit log lists the cancellation first.
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page.getByTestId('audit-row').first()).toContainText('Order cancelled as fraud');
  });
});
