import type { Locator, Page } from '@playwright/test';
import { uniqueEmail } from '../fixtures/mail.ts';
import { expect, test } from '../fixtures/test.ts';

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 120 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  const handle = await target.elementHandle();
  if (!handle) throw new Error('tabTo: the target is not in the page');
  for (let i = 0; i < limit; i++) {
    if (await handle.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`tabTo: no focus after ${limit} presses`);
}

interface Game {
  productId: string;
  title: string;
  stock: number;
}

test('a whole purchase works with the keyboard alone: register, log in, filter, add to cart, pay, reveal and copy the key', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The cookie banner has its own keyboard test; here it is already accepted.
  await page.addInitScript(() => {
    localStorage.setItem('language', 'en');
    localStorage.setItem('consent', 'true');
    localStorage.setItem(
      'cookieConsent',
      JSON.stringify({ accepted: true, timestamp: new Date().toISOString() }),
    );
  });
  const games = (await (
    await request.post('/api/kl_api/catalog_paginated', { data: { offset: 0, limit: 12, filters: {} } })
  ).json()) as Game[];
  const game = games.find((g) => g.stock >= 2 && games.filter((o) => o.title === g.title).length === 1);
  if (!game) throw new Error('No game in stock on the first page');

  // Register with the keyboard.
  const email = uniqueEmail('keyboard');
  const password = 'keyboard only passphrase';
  await page.goto('/register');
  await tabTo(page, page.getByLabel('Full name'));
  await page.keyboard.type('Teclado Usuario');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Country'));
  await page.keyboard.press('Home');
  for (let i = 0; i < 40; i++) {
    if ((await page.getByLabel('Country').inputValue()) === '64') break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(page.getByLabel('Country')).toHaveValue('64');
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(password);
  await tabTo(page, page.getByLabel('Repeat the password'));
  await page.keyboard.type(password);
  await tabTo(page, page.getByRole('checkbox'));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: /create account|register/i }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/store/);

  // Log out and back in with the keyboard.
  await page.context().clearCookies();
  await page.goto('/login');
  await tabTo(page, page.getByLabel('E-mail'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/store/);

  // Filter by name, add to cart, open the cart, accept the terms and check out.
  await tabTo(page, page.getByRole('searchbox').or(page.getByLabel('Search by name')).first());
  await page.keyboard.type(game.title);
  const add = page.getByRole('button', { name: `Add to cart: ${game.title}`, exact: true });
  await expect(page).toHaveURL(/name=/);
  await tabTo(page, add);
  await page.keyboard.press('Enter');
  await expect(page.getByText(`“${game.title}” added to the cart`)).toBeVisible();
  const cartButton = page.getByRole('button', { name: 'Open the cart, 1 line' });
  await tabTo(page, cartButton);
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Your cart' });
  await expect(panel).toBeVisible();
  // The panel traps the focus, closes with Escape and gives the focus back to its button.
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await panel.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(cartButton).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await tabTo(page, panel.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
  await page.keyboard.press('Space');
  await tabTo(page, panel.getByRole('button', { name: 'Checkout' }));
  await page.keyboard.press('Enter');

  // The hosted payment page, by keyboard too.
  await expect(page).toHaveURL(/\/pay\/local\/cs_local_/);
  await tabTo(page, page.getByLabel('Card number'));
  await page.keyboard.type('4242 4242 4242 4242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('12 / 34');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Thank you! Your keys are ready' })).toBeVisible({
    timeout: 20_000,
  });

  // The history: reveal and copy the key.
  await tabTo(page, page.getByRole('link', { name: 'Go to your purchase history' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/History/);
  const show = page.getByRole('button', { name: `Show the key of ${game.title}` });
  await tabTo(page, show);
  await page.keyboard.press('Enter');
  const copy = page.getByRole('button', { name: `Copy the key of ${game.title}` });
  await tabTo(page, copy);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^[A-Z0-9-]{8,}$/);
});
