import { pressOn, tabTo, typeInto } from '../fixtures/keyboard.ts';
import { uniqueEmail } from '../fixtures/mail.ts';
import { expect, test } from '../fixtures/test.ts';

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
  const fullName = page.getByLabel('Full name');
  await tabTo(page, fullName);
  await typeInto(fullName, 'Teclado Usuario');
  const emailField = page.getByLabel('E-mail');
  await tabTo(page, emailField);
  await typeInto(emailField, email);
  const country = page.getByLabel('Country');
  await tabTo(page, country);
  await pressOn(country, 'Home');
  for (let i = 0; i < 40 && (await country.inputValue()) !== '64'; i++) {
    const before = await country.inputValue();
    await pressOn(country, 'ArrowDown');
    await expect(country).not.toHaveValue(before);
  }
  await expect(country).toHaveValue('64');
  const passwordField = page.getByLabel('Password', { exact: true });
  await tabTo(page, passwordField);
  await typeInto(passwordField, password);
  const repeat = page.getByLabel('Repeat the password');
  await tabTo(page, repeat);
  await typeInto(repeat, password);
  const terms = page.getByRole('checkbox');
  await tabTo(page, terms);
  await pressOn(terms, 'Space');
  await expect(terms).toBeChecked();
  const create = page.getByRole('button', { name: /create account|register/i });
  await tabTo(page, create);
  await pressOn(create, 'Enter');
  await expect(page).toHaveURL(/\/store/);

  // Log out and back in with the keyboard.
  await page.context().clearCookies();
  await page.goto('/login');
  const loginEmail = page.getByLabel('E-mail');
  await tabTo(page, loginEmail);
  await typeInto(loginEmail, email);
  const loginPassword = page.getByLabel('Password', { exact: true });
  await tabTo(page, loginPassword);
  await typeInto(loginPassword, password);
  await pressOn(loginPassword, 'Enter');
  await expect(page).toHaveURL(/\/store/);

  // Filter by name, add to cart, open the cart, accept the terms and check out.
  const search = page.getByRole('searchbox').or(page.getByLabel('Search by name')).first();
  await tabTo(page, search);
  await typeInto(search, game.title);
  const add = page.getByRole('button', { name: `Add to cart: ${game.title}`, exact: true });
  await expect(page).toHaveURL(/name=/);
  await tabTo(page, add);
  await pressOn(add, 'Enter');
  await expect(page.getByText(`“${game.title}” added to the cart`)).toBeVisible();
  const cartButton = page.getByRole('button', { name: 'Open the cart, 1 line' });
  await tabTo(page, cartButton);
  await pressOn(cartButton, 'Enter');
  const panel = page.getByRole('dialog', { name: 'Your cart' });
  await expect(panel).toBeVisible();
  // The panel takes the focus, traps it, closes with Escape and gives the focus back to its button.
  const focusInPanel = () => panel.evaluate((dialog) => dialog.contains(document.activeElement));
  await expect.poll(focusInPanel).toBe(true);
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInPanel()).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await pressOn(cartButton, 'Enter');
  await expect(panel).toBeVisible();
  const accept = panel.getByRole('checkbox', { name: /I accept the terms and conditions/ });
  await tabTo(page, accept);
  await pressOn(accept, 'Space');
  await expect(accept).toBeChecked();
  const checkout = panel.getByRole('button', { name: 'Checkout' });
  await expect(checkout).toBeEnabled();
  await tabTo(page, checkout);
  await pressOn(checkout, 'Enter');

  // The hosted payment page, by keyboard too.
  await expect(page).toHaveURL(/\/pay\/local\/cs_local_/);
  const card = page.getByLabel('Card number');
  const expiry = page.getByLabel('Expiry');
  const cvc = page.getByLabel('CVC');
  await tabTo(page, card);
  await page.keyboard.type('4242 4242 4242 4242');
  await expect(card).toHaveValue(/^4242 ?4242 ?4242 ?4242$/);
  await pressOn(card, 'Tab');
  await expect(expiry).toBeFocused();
  await page.keyboard.type('12 / 34');
  await expect(expiry).toHaveValue(/^12 ?\/ ?34$/);
  await pressOn(expiry, 'Tab');
  await typeInto(cvc, '123');
  await pressOn(cvc, 'Enter');
  await expect(page.getByRole('heading', { name: 'Thank you! Your keys are ready' })).toBeVisible({
    timeout: 20_000,
  });

  // The history: reveal and copy the key.
  const toHistory = page.getByRole('link', { name: 'Go to your purchase history' });
  await tabTo(page, toHistory);
  await pressOn(toHistory, 'Enter');
  await expect(page).toHaveURL(/\/History/);
  const show = page.getByRole('button', { name: `Show the key of ${game.title}` });
  await tabTo(page, show);
  await pressOn(show, 'Enter');
  const copy = page.getByRole('button', { name: `Copy the key of ${game.title}` });
  await tabTo(page, copy);
  await pressOn(copy, 'Enter');
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/^[A-Z0-9-]{8,}$/);
});
