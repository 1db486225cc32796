import type { APIRequestContext, Locator } from '@playwright/test';
import { waitForApp } from '../fixtures/app.ts';
import { expect, test } from '../fixtures/test.ts';

interface CatalogueGame {
  providerId: string;
  title: string;
  platform: string;
}

interface GameDetail {
  name: string;
  platform: string;
  slug: string;
  provider_id: string;
  photos: { url: string }[];
  description: string;
}

const HOSTILE =
  '<img src=x onerror="window.__xss=1"><p>Safe paragraph from the test</p>' +
  '<a href="javascript:window.__xss=2">hostile link</a><script>window.__xss=3</script>';

async function visibleGames(request: APIRequestContext, platform = ''): Promise<CatalogueGame[]> {
  const response = await request.post('/api/kl_api/catalog_paginated', {
    data: { offset: 0, limit: 48, filters: { name: '', platform, stockMin: 0, priceRange: [0, 100] } },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as CatalogueGame[];
}

async function detail(request: APIRequestContext, providerId: string): Promise<GameDetail> {
  const response = await request.post('/api/kl_api/checkGameDetail', { data: { providerId } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { found: boolean; game: GameDetail };
  expect(body.found).toBe(true);
  return body.game;
}

/** A visible Steam game with at least three photos (so the carousel has something to wrap around). */
async function steamGameWithPhotos(request: APIRequestContext): Promise<GameDetail> {
  for (const game of await visibleGames(request)) {
    if (!/steam/i.test(game.platform)) continue;
    const found = await detail(request, game.providerId);
    if (found.photos.length >= 3) return found;
  }
  throw new Error('No Steam game with three photos in the seeded catalogue');
}

const href = (game: GameDetail) => `/product?title=${game.slug}&session=${game.provider_id}`;

/** Whether the carousel's photo strip (moved by a CSS transform) stands still over two animation frames. */
function stripAtRest(viewport: Locator): Promise<boolean> {
  return viewport.evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        const strip = element.firstElementChild?.firstElementChild;
        if (!strip) return resolve(false);
        const before = getComputedStyle(strip).transform;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve(getComputedStyle(strip).transform === before)),
        );
      }),
  );
}

test.describe('product detail', () => {
  test('a visitor opens a game from the catalogue and sees its page, not add-to-cart @mobile', async ({
    page,
  }) => {
    await page.goto('/publicstore');
    await page.getByTestId('enter-store').click();
    const card = page.getByTestId('game-card').first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link', { name: title, exact: true }).click();

    await expect(page).toHaveURL(/\/product\?title=[a-z0-9-]*&session=kl-/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('product-price')).toContainText('€');
    await expect(page.getByTestId('offer-banner')).toContainText('VAT included');
    await expect(page.getByTestId('product-platform')).not.toBeEmpty();
    await expect(page.getByTestId('product-description')).not.toBeEmpty();

    const prompt = page.getByTestId('login-prompt');
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(prompt.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    await expect(page.getByTestId('add-to-cart')).toHaveCount(0);

    // Nothing spills sideways on a phone.
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('the description is sanitised before it is rendered', async ({ page, request }) => {
    const game = await steamGameWithPhotos(request);
    // The real answer of the store, with a hostile description put in its place.
    await page.route('**/api/kl_api/checkGameDetail', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { found: boolean; game: GameDetail };
      await route.fulfill({ response, json: { ...body, game: { ...body.game, description: HOSTILE } } });
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });

    // A page the server renders carries the server's sanitised text; the browser sanitises what the API
    // answers when the game is opened inside the app.
    await page.goto(`/publicstore?name=${encodeURIComponent(game.name)}`);
    await waitForApp(page);
    await page.locator(`main a[href$="session=${game.provider_id}"]`).first().click();
    await expect(page).toHaveURL(new RegExp(`session=${game.provider_id}`));
    const description = page.getByTestId('product-description');
    await expect(description).toContainText('Safe paragraph from the test');
    await expect(description.locator('img')).toHaveCount(1);
    expect(await description.locator('img').evaluate((img) => img.getAttributeNames())).not.toContain(
      'onerror',
    );
    const link = description.getByText('hostile link');
    expect((await link.getAttribute('href')) ?? '').not.toMatch(/javascript:/i);
    await link.click();
    expect(await description.locator('script').count()).toBe(0);
    expect(await page.evaluate<unknown>('window.__xss')).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  test('the photo carousel wraps around with buttons, dots and arrow keys', async ({ page, request }) => {
    const game = await steamGameWithPhotos(request);
    const count = game.photos.length;
    await page.goto(href(game));
    // The carousel's buttons answer once the app runs the server-rendered page.
    await waitForApp(page);

    const carousel = page.getByTestId('photo-carousel');
    const dots = carousel.getByTestId('carousel-dot');
    await expect(dots).toHaveCount(count);
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');

    await carousel.getByRole('button', { name: 'Next photo' }).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    await carousel.getByRole('button', { name: 'Previous photo' }).click();
    await carousel.getByRole('button', { name: 'Previous photo' }).click();
    await expect(dots.nth(count - 1)).toHaveAttribute('aria-current', 'true');
    await expect(carousel.getByTestId('carousel-position')).toContainText(`Photo ${count} of ${count}`);

    // Keyboard: from the last photo, the right arrow wraps to the first.
    await carousel.getByTestId('carousel-viewport').focus();
    await page.keyboard.press('ArrowRight');
    await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(dots.nth(count - 1)).toHaveAttribute('aria-current', 'true');

    await dots.nth(1).click();
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
    // The slide has settled before it is dragged: the strip stands still over two frames.
    const viewport = carousel.getByTestId('carousel-viewport');
    await expect.poll(() => stripAtRest(viewport)).toBe(true);

    // Swipe (a mouse drag) moves to the next photo.
    const box = await viewport.boundingBox();
    if (!box) throw new Error('The carousel has no box');
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width * 0.8, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, y, { steps: 20 });
    await page.mouse.up();
    await expect(dots.nth(2)).toHaveAttribute('aria-current', 'true');
  });

  test('the redemption help opens with numbered steps for the platform', async ({ page, request }) => {
    const game = await steamGameWithPhotos(request);
    await page.goto(href(game));
    const help = page.getByTestId('redemption-help');
    await expect(help).toHaveAttribute('data-platform-group', 'Steam');
    await expect(help.getByRole('listitem').first()).toBeHidden();
    await help.getByText('How to redeem this key').click();
    const steps = help.locator('ol > li');
    await expect(steps.first()).toBeVisible();
    expect(await steps.count()).toBeGreaterThanOrEqual(3);
    await expect(help).toContainText('Activate a Product on Steam');
    await expect(help).toContainText("publisher's official website");
    await expect(help).toContainText('order number');

    // An Xbox key says how long its code is.
    const xbox = (await visibleGames(request)).find((candidate) => /xbox/i.test(candidate.platform));
    if (xbox) {
      const xboxGame = await detail(request, xbox.providerId);
      await page.goto(href(xboxGame));
      await page.getByTestId('redemption-help').getByText('How to redeem this key').click();
      await expect(page.getByTestId('key-length')).toContainText('25 characters');
    }
  });

  test('an unknown game is a real not-found page', async ({ page }) => {
    await page.goto('/product?title=nothing-here&session=kl-999999');
    await expect(page.getByTestId('product-not-found')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Game not found');
    await expect(page.getByRole('link', { name: 'Back to the store' })).toHaveAttribute(
      'href',
      '/publicstore',
    );
  });
});
