import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

interface CatalogueGame {
  providerId: string;
  title: string;
  platform: string;
}

async function cataloguePage(
  request: APIRequestContext,
  filters: { name?: string; platform?: string } = {},
  offset = 0,
): Promise<CatalogueGame[]> {
  const response = await request.post('/api/kl_api/catalog_paginated', {
    data: {
      offset,
      limit: 48,
      filters: { name: '', platform: '', stockMin: 0, priceRange: [0, 100], ...filters },
    },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as CatalogueGame[];
}

/** Opens the public store and walks past the welcome splash. */
async function enterStore(page: Page, path = '/publicstore'): Promise<void> {
  await page.goto(path);
  await expect(page.getByTestId('welcome-splash')).toBeVisible();
  await page.getByTestId('enter-store').click();
  await expect(page.getByTestId('game-card').first()).toBeVisible();
}

/** One typo in the longest word of a title: a letter in the middle of it is dropped. */
function withTypo(title: string): string {
  const words = title.split(/\s+/);
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const at = Math.floor(longest.length / 2);
  const typo = longest.slice(0, at) + longest.slice(at + 1);
  return words.map((word) => (word === longest ? typo : word)).join(' ');
}

test.describe('catalogue', () => {
  test('a visitor sees game cards with a price and a stock @mobile', async ({ page }) => {
    await enterStore(page);
    const cards = page.getByTestId('game-card');
    expect(await cards.count()).toBe(12);

    const first = cards.first();
    await expect(first.getByTestId('price')).toHaveText(/\d+[.,]\d{2}/);
    await expect(first.getByTestId('price')).toContainText('€');
    await expect(first.getByTestId('stock')).toHaveText(/^(\D*)(10\+|[1-9]|10)(\D*)$/);
    await expect(first.getByRole('link').first()).toHaveAttribute(
      'href',
      /\/product\?title=[a-z0-9-]+&session=/,
    );
  });

  test('every route answers with the shared layout', async ({ page }) => {
    for (const route of ['/terms', '/policy', '/cookies', '/contactPage', '/legal', '/login', '/register']) {
      await page.goto(route);
      await expect(page.getByRole('navigation').first()).toBeVisible();
    }
  });

  test('the welcome splash loops a muted video with a poster and shows once per tab @mobile', async ({
    page,
  }) => {
    await page.goto('/');
    const splash = page.getByTestId('welcome-splash');
    await expect(splash).toBeVisible();
    const video = page.getByTestId('splash-video');
    await expect(video).toHaveAttribute('poster', '/media/splash-poster.webp');
    expect(
      await video.evaluate((v) => {
        const media = v as unknown as { muted: boolean; loop: boolean; autoplay: boolean };
        return media.muted && media.loop && media.autoplay;
      }),
    ).toBe(true);
    const poster = await page.request.get('/media/splash-poster.webp');
    expect(poster.ok()).toBe(true);

    await page.getByTestId('enter-store').click();
    await expect(splash).toBeHidden();
    await expect(page.getByTestId('game-card').first()).toBeVisible();

    // Open a game and come back: the store, not the splash.
    await page.getByTestId('game-card').first().getByRole('link').first().click();
    await expect(page.getByTestId('product-page')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await expect(splash).toBeHidden();

    // The promo video (Spanish or English by language) only appears once scrolled near.
    await page.locator('#promo-title').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('promo-video')).toHaveAttribute('data-variant', 'en');
  });

  test('with reduced motion the splash shows only its poster', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByTestId('splash-poster')).toBeVisible();
    await expect(page.getByTestId('splash-video')).toHaveCount(0);
    await context.close();
  });

  test('a visitor filters by platform, searches with a typo and pages forward and back', async ({
    page,
    request,
  }) => {
    await enterStore(page, '/');

    // Platform filter: a platform with more than one page of games.
    const platformsResponse = await request.post('/api/kl_api/get_platforms', { data: {} });
    const platforms = (await platformsResponse.json()) as string[];
    let platform = platforms[0] as string;
    for (const candidate of platforms) {
      if ((await cataloguePage(request, { platform: candidate })).length > 12) {
        platform = candidate;
        break;
      }
    }
    await page.getByLabel('Platform').selectOption(platform);
    await expect(page).toHaveURL(
      new RegExp(`platform=${encodeURIComponent(platform).replace(/%20/g, '(\\+|%20)')}`),
    );
    const cards = page.getByTestId('game-card');
    await expect(cards.first()).toContainText(platform);
    for (const card of await cards.all()) await expect(card).toContainText(platform);

    // Back to all platforms, then a name with a typo.
    await page.getByLabel('Platform').selectOption('');
    await expect(page).not.toHaveURL(/platform=/);
    await expect(page.getByLabel('Platform')).toHaveValue('');
    const games = await cataloguePage(request);
    const target = games.find((game) => game.title.split(/\s+/).some((word) => word.length >= 7)) ?? games[0];
    if (!target) throw new Error('The seeded catalogue is empty');
    const typo = withTypo(target.title);
    expect(typo).not.toBe(target.title);
    await page.getByLabel('Search by name').fill(typo);
    await expect(page).toHaveURL(/name=/);
    await expect(
      page.getByTestId('game-card').getByRole('link', { name: target.title, exact: true }).first(),
    ).toBeVisible();

    // Pagination: the address and the games change, and the back button restores both.
    await page.getByLabel('Search by name').fill('');
    await expect(page).not.toHaveURL(/name=/);
    // The address changes before the unfiltered catalogue is drawn: wait for the list and the link to it.
    const next = page
      .getByRole('navigation', { name: 'Catalogue pages', exact: true })
      .getByRole('link', { name: 'Next', exact: true });
    await expect(next).toHaveAttribute('href', /^\/[a-z]*\?page=2$/);
    await expect(page.locator('main ul[aria-busy="true"]')).toHaveCount(0);
    const firstTitle = (await cards.first().getByRole('heading').textContent()) ?? '';
    await next.click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards.first().getByRole('heading')).not.toHaveText(firstTitle);
    await expect(page.getByRole('link', { name: 'Page 2' }).first()).toHaveAttribute('aria-current', 'page');
    const secondTitle = (await cards.first().getByRole('heading').textContent()) ?? '';

    await page.goBack();
    await expect(page).not.toHaveURL(/page=2/);
    await expect(cards.first().getByRole('heading')).toHaveText(firstTitle);
    await page.goForward();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards.first().getByRole('heading')).toHaveText(secondTitle);
  });
});
