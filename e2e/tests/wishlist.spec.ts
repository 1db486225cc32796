import type { Browser, Locator, Page, Route } from '@playwright/test';
import { registerByApi, submitAdminLogin } from '../fixtures/accounts.ts';
import { receivedMails, waitForMailLink } from '../fixtures/mail.ts';
import { gameWithKeys } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

test('a customer hearts a game, sets a price alert; the admin lowers the price; the alert mail comes and its link unsubscribes without login', async ({
  page,
  browser,
  baseURL,
}) => {
  // The alerts round runs every 10 s (PROMOTION_CHECK_MS), then the mail goes out.
  test.setTimeout(120_000);
  const game = await gameWithKeys(browser, baseURL, 'Wish Wanderer', 2);

  const shopper = await browser.newContext({ baseURL });
  try {
    const customer = await shopper.newPage();
    const account = await registerByApi(customer.request, 'wishlist');
    await customer.goto(`/store?name=${encodeURIComponent(game.title)}`);
    const heart = customer.getByRole('button', { name: `Wishlist: ${game.title}`, exact: true });
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    await heart.click();
    await expect(heart).toHaveAttribute('aria-pressed', 'true');
    await expect(customer.getByText(`“${game.title}” is on your wishlist.`)).toBeVisible();

    await customer.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Wishlist' }).click();
    await expect(customer.getByRole('heading', { level: 1, name: 'Your wishlist' })).toBeVisible();
    const entry = customer.getByTestId('wishlist-entry').filter({ hasText: game.title });
    await expect(entry.getByTestId('wishlist-price')).toHaveText('€4.99');
    await expect(entry.getByTestId('wishlist-stock')).toHaveText('In stock: 2');
    await entry.getByText('E-mail alerts', { exact: true }).click();
    await entry.getByLabel('When the price drops').check();
    await entry.getByRole('button', { name: 'Save alerts' }).click();
    await expect(entry.getByText('Alerts saved.')).toBeVisible();
    await expect(entry.getByTestId('alert-summary')).toHaveText('Any price drop');

    // The admin lowers the game's price in the back office.
    await submitAdminLogin(page);
    await expect(page).toHaveURL(/\/store$/);
    await page.goto(`/admin/products/${game.id}`);
    await page.getByLabel('Price in euros, VAT included *').fill('3.49');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText(`“${game.title}” was saved.`)).toBeVisible();

    const link = await waitForMailLink(account.email, '/wishlist/unsubscribe', { timeoutMs: 60_000 });
    const mail = receivedMails().find(
      (received) => received.to.includes(account.email) && received.headers['list-unsubscribe'],
    );
    expect(mail?.subject).toBe(`News about ${game.title} on your Keyland wishlist`);
    expect(mail?.bodies.join('\n')).toContain('now costs €3.49 (it was €4.99).');
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/127\.0\.0\.1:\d+\/api\/wishlist\/unsubscribe\?token=/,
    );

    // The link works in a browser that is not logged in.
    const stranger = await browser.newContext({ baseURL });
    try {
      const visitor = await stranger.newPage();
      await visitor.goto(link);
      await expect(
        visitor.getByRole('heading', { level: 1, name: 'Your wishlist alerts are off' }),
      ).toBeVisible();
    } finally {
      await stranger.close();
    }
    await customer.reload();
    await expect(
      customer.getByTestId('wishlist-entry').filter({ hasText: game.title }).getByTestId('alert-summary'),
    ).toHaveText('Off');
  } finally {
    await shopper.close();
  }
});

/**
 * A visitor taps a game's heart on its page (`tapHeart`), logs in on the page it leads to, and is back on
 * the game's page with the game on their wishlist.
 */
async function visitorWishes(
  { page, browser, baseURL }: { page: Page; browser: Browser; baseURL: string | undefined },
  title: string,
  tapHeart: (heart: Locator, path: string) => Promise<void>,
) {
  const game = await gameWithKeys(browser, baseURL, title, 1);
  const account = await registerByApi(page.request, 'wish-visitor');
  expect((await page.request.post('/api/kl_api/logout', { data: {} })).ok()).toBe(true);

  const heart = page.getByRole('link', { name: `Log in to add ${game.title} to your wishlist` });
  await tapHeart(heart, `/product?session=${game.providerId}`);
  await expect(page).toHaveURL(/\/login\?wish=/);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await expect(page).toHaveURL(new RegExp(`/product\\?session=${game.providerId}`));
  await expect(page.getByText(`“${game.title}” is on your wishlist.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Wishlist: ${game.title}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
}

test('a visitor’s heart leads to the login and back to the game, which is then on the wishlist', async ({
  page,
  browser,
  baseURL,
}) => {
  await visitorWishes({ page, browser, baseURL }, 'Wish Returner', async (heart, path) => {
    await page.goto(path);
    await heart.click();
  });
});

test('a visitor’s heart tapped before the page’s script has run still brings the game back after the login', async ({
  page,
  browser,
  baseURL,
}) => {
  await visitorWishes({ page, browser, baseURL }, 'Wish Early Bird', async (heart, path) => {
    // The product page's scripts are held back (so the page never reaches DOMContentLoaded): the
    // server-rendered heart is tapped before hydration. The login page's scripts then load.
    let holding = true;
    const held: Route[] = [];
    await page.route(/\/assets\/.+\.js$/, (route) => (holding ? held.push(route) : route.continue()));
    await page.goto(path, { waitUntil: 'commit' });
    await heart.click();
    await page.waitForURL(/\/login\?wish=/, { waitUntil: 'commit' });
    holding = false;
    for (const route of held.splice(0)) await route.continue().catch(() => {});
  });
});
