import type { Page } from '@playwright/test';
import { demoAdmin, registerByApi } from '../fixtures/accounts.ts';
import { waitForApp } from '../fixtures/app.ts';
import { gameWithKeys } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * The browser takes over the HTML the server rendered (docs/decisions/034) without a mismatch: React
 * reports none (it would log a hydration error, a "did not match" warning or a recoverable error, and
 * render the page again from scratch), and the very elements the server sent become the live page.
 */
async function watchHydration(page: Page): Promise<string[]> {
  const problems: string[] = [];
  // The first element inside #root as the HTML brought it, before any script ran.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      const first = document.querySelector('#root > *');
      if (first && !(window as { serverRoot?: Element }).serverRoot)
        (window as { serverRoot?: Element }).serverRoot = first;
    });
  });

  page.on('console', (message) => {
    if (
      /hydrat|did not match|recoverable|Minified React error|server rendered/i.test(message.text()) &&
      (message.type() === 'error' || message.type() === 'warning')
    )
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/** Opens `url` and waits until React runs the server's own elements (they were not replaced). */
async function expectHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForApp(page);
  expect(
    await page.evaluate(
      () => document.querySelector('#root > *') === (window as { serverRoot?: Element }).serverRoot,
    ),
  ).toBe(true);
}

test('a visitor: the splash, the catalogue, a game, the legal and not-found pages hydrate without a mismatch', async ({
  page,
  request,
}) => {
  const list = await request.post('/api/kl_api/catalog_paginated', {
    data: { offset: 0, limit: 1, filters: { name: '', platform: '', stockMin: 0, priceRange: [0, 100] } },
  });
  const [game] = (await list.json()) as { providerId: string }[];
  const problems = await watchHydration(page);
  for (const url of [
    '/',
    '/publicstore?page=2',
    `/product?title=x&session=${game?.providerId}`,
    '/terms',
    '/contactPage',
    '/product?title=x&session=no-such-game',
    '/no-such-page',
  ]) {
    await expectHydrated(page, url);
  }
  // The page is live: the splash steps aside where it is.
  await expectHydrated(page, '/publicstore');
  await page.getByTestId('enter-store').click();
  await expect(page).toHaveURL(/\/publicstore$/);
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  expect(problems).toEqual([]);
});

test('a customer whose tab entered the store and chose another language: the page follows after hydrating', async ({
  page,
}) => {
  await registerByApi(page.request, 'hydration');
  await page.addInitScript(() => {
    sessionStorage.setItem('keyland.splashSeen', '1');
    localStorage.setItem('language', 'de');
  });
  const problems = await watchHydration(page);
  await expectHydrated(page, '/store');
  await expect(page.getByRole('heading', { level: 1, name: 'Spiele-Keys' })).toBeVisible();
  await expectHydrated(page, '/publicstore');
  await expect(page.getByTestId('game-card').first()).toBeVisible();
  await expect(page.getByTestId('welcome-splash')).toHaveCount(0);
  expect(problems).toEqual([]);
});

test("a sale's end and countdown (the server's clock and time zone) hydrate without a mismatch", async ({
  page,
  browser,
  baseURL,
}) => {
  const game = await gameWithKeys(browser, baseURL, 'Hydration Sale');
  const admin = await browser.newContext({ baseURL });
  expect((await admin.request.post('/api/kl_api/login', { data: demoAdmin() })).ok()).toBe(true);
  const sale = await admin.request.post('/api/admin/promotions', {
    data: {
      name: `Hydration sale ${game.id}`,
      kind: 'percent',
      percentOff: 25,
      scope: 'games',
      gameIds: [game.id],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 5 * 3_600_000).toISOString(),
    },
  });
  expect(sale.ok(), await sale.text()).toBe(true);
  await admin.close();
  await expect
    .poll(async () => {
      const detail = await page.request.post('/api/kl_api/checkGameDetail', {
        data: { providerId: game.providerId },
      });
      return ((await detail.json()) as { game?: { saleEndsAt?: string | null } }).game?.saleEndsAt ?? null;
    })
    .not.toBeNull();
  const problems = await watchHydration(page);
  await expectHydrated(page, `/product?title=x&session=${game.providerId}`);
  await expect(page.getByRole('timer')).toBeVisible();
  expect(problems).toEqual([]);
});

test('taking the page over restyles no more than it must: the typeface comes with the stylesheet, the root keeps its language and gets no inherited style', async ({
  page,
}) => {
  // Every write to the root's `lang` or `style` from the first script on (each `lang` write and each
  // custom property on the root makes the browser restyle every element of the page).
  await page.addInitScript(() => {
    const writes: string[] = [];
    (window as { rootWrites?: string[] }).rootWrites = writes;
    new MutationObserver((records) => {
      for (const record of records)
        writes.push(
          `${record.attributeName}=${document.documentElement.getAttribute(record.attributeName ?? '')}`,
        );
    }).observe(document.documentElement, { attributeFilter: ['lang', 'style'] });
  });
  await page.goto('/publicstore?page=1');
  await waitForApp(page);
  // A first visit: the cookie banner shows, and the page makes room for it.
  await expect(page.getByTestId('cookie-banner')).toBeVisible();
  const font = page.locator('link[rel="preload"][as="font"]');
  await expect(font).toHaveCount(1);
  const fontUrl = await font.getAttribute('href');
  expect(fontUrl).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  const response = await page.request.get(fontUrl ?? '');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-type']).toBe('font/woff2');

  const writes = await page.evaluate(() => (window as { rootWrites?: string[] }).rootWrites ?? []);
  expect(writes.filter((write) => write.startsWith('lang='))).toEqual([]);
  expect(writes.filter((write) => write.includes('--'))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
});

test('the server draws no cookie banner: a returning visitor never sees it flash, a new one gets it once the page is live', async ({
  page,
  request,
}) => {
  for (const url of ['/publicstore', '/terms']) {
    const html = await (await request.get(url)).text();
    expect(html).toContain('id="root"');
    expect(html).not.toContain('data-testid="cookie-banner"');
  }
  await page.goto('/terms');
  await waitForApp(page);
  await expect(page.getByTestId('cookie-banner')).toBeVisible();

  // The floating cart sits on the banner: it too is drawn only once the page is live, so it never moves.
  await registerByApi(page.request, 'hydration-dock');
  const store = await (await page.request.get('/store')).text();
  expect(store).toContain('data-testid="game-card"');
  expect(store).not.toContain('data-testid="cart-button"');
  await page.goto('/store');
  await waitForApp(page);
  const cart = page.getByTestId('cart-button');
  const banner = page.getByTestId('cookie-banner');
  await expect(cart).toBeVisible();
  const [cartBox, bannerBox] = [await cart.boundingBox(), await banner.boundingBox()];
  expect(cartBox && bannerBox && cartBox.y + cartBox.height <= bannerBox.y).toBe(true);
});
