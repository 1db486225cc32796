/// <reference lib="dom" />
// Code passed to page.evaluate() runs in the browser and uses its types.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { registerByApi } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * WCAG 2.1 A and AA (axe-core) on every visitor and customer route, in Spanish and in German, at 375 px
 * and 1280 px. One test per language walks all routes, scans each at both widths, and reports every
 * violation at once.
 * Visitor routes are checked with the cookie banner showing; customer routes with it accepted, so the
 * content behind it is checked too. Pages come from browser.newContext() (@axe-core/playwright needs it).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Found {
  route: string;
  rule: string;
  impact: string;
  targets: string[];
}

async function productHref(request: APIRequestContext, minPhotos = 0): Promise<string> {
  const list = await request.post('/api/kl_api/catalog_paginated', {
    data: { offset: 0, limit: 24, filters: { name: '', platform: '', stockMin: 0, priceRange: [0, 100] } },
  });
  expect(list.ok()).toBe(true);
  for (const game of (await list.json()) as { providerId: string }[]) {
    const response = await request.post('/api/kl_api/checkGameDetail', {
      data: { providerId: game.providerId },
    });
    const body = (await response.json()) as {
      found: boolean;
      game: { slug: string; provider_id: string; photos: unknown[] };
    };
    if (body.found && body.game.photos.length >= minPhotos)
      return `/product?title=${body.game.slug}&session=${body.game.provider_id}`;
  }
  throw new Error(`No game with ${minPhotos} photos in the seeded catalogue`);
}

async function newPage(
  browser: Browser,
  baseURL: string | undefined,
  language: string,
  consent: boolean,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript({
    content: `
      if (!localStorage.getItem('language')) localStorage.setItem('language', ${JSON.stringify(language)});
      ${consent ? `localStorage.setItem('consent', 'true'); localStorage.setItem('cookieConsent', JSON.stringify({ accepted: true, timestamp: new Date().toISOString() }));` : ''}
    `,
  });
  return context.newPage();
}

/** Waits until the route has drawn its page: a heading, and no spinner or skeleton left. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"], main .skeleton')).toHaveCount(0);
}

/** Runs axe on the page at both widths (the layout is responsive CSS, so a resize is enough). */
async function scan(page: Page, route: string, found: Found[], include?: string): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    // options() replaces every option, so it goes before withTags().
    let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS);
    if (include) builder = builder.include(include);
    const results = await builder.analyze();
    for (const violation of results.violations) {
      found.push({
        route: `${route} @${width}px`,
        rule: violation.id,
        impact: violation.impact ?? '',
        targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      });
    }
  }
}

const WIDTHS = [375, 1280];

const visitorRoutes = [
  '/terms',
  '/policy',
  '/cookies',
  '/contactPage',
  '/legal',
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password?token=x',
  '/no-such-page',
];
const customerRoutes = ['/store', '/profile', '/History', '/checkout'];

/** Every visitor and customer route in one language; violations are added to `found`. */
async function walkRoutes(
  browser: Browser,
  baseURL: string | undefined,
  language: string,
  product: string,
  found: Found[],
): Promise<void> {
  // Visitor: the splash, the public catalogue, a game and the static and account pages.
  const visitor = await newPage(browser, baseURL, language, false);
  await visitor.goto('/');
  await expect(visitor.getByTestId('welcome-splash')).toBeVisible();
  await scan(visitor, `${language} / (splash)`, found);
  await visitor.getByTestId('enter-store').click();
  await expect(visitor.getByTestId('game-card').first()).toBeVisible();
  await visitor.goto('/publicstore');
  await settle(visitor);
  await scan(visitor, `${language} /publicstore`, found);
  await visitor.goto(product);
  await expect(visitor.getByTestId('product-page')).toBeVisible();
  await settle(visitor);
  await scan(visitor, `${language} product`, found);
  for (const route of visitorRoutes) {
    await visitor.goto(route);
    await settle(visitor);
    await scan(visitor, `${language} ${route}`, found);
  }
  // The cookie banner with its legal text open.
  await visitor.getByTestId('cookie-banner').getByRole('button', { expanded: false }).click();
  await scan(visitor, `${language} cookie banner (expanded)`, found, '[data-testid="cookie-banner"]');
  await visitor.context().close();

  // Customer: logged in through the API (the context shares its cookies with its pages).
  const customer = await newPage(browser, baseURL, language, true);
  await registerByApi(customer.request, `a11y-${language}`);
  for (const route of customerRoutes) {
    await customer.goto(route);
    await settle(customer);
    await scan(customer, `${language} ${route}`, found);
  }
  // The cart panel (a dialog) over the store.
  await customer.goto('/store');
  await settle(customer);
  await customer.getByTestId('cart-button').click();
  await expect(customer.getByTestId('cart-panel')).toBeVisible();
  await expect(customer.locator('[data-testid="cart-panel"] [aria-busy="true"]')).toHaveCount(0);
  await scan(customer, `${language} cart panel`, found, '[data-testid="cart-panel"]');
  // The account deletion dialog of /profile.
  await customer.goto('/profile');
  await settle(customer);
  await customer.getByTestId('delete-account').click();
  await expect(customer.getByTestId('delete-account-dialog')).toBeVisible();
  await scan(customer, `${language} delete-account dialog`, found, '[data-testid="delete-account-dialog"]');
  await customer.context().close();
}

test('axe finds no WCAG 2.1 AA violation on visitor and customer routes, es and de, 375 and 1280 px', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  const product = await productHref(request);
  const found: Found[] = [];
  // The two languages side by side, each in its own contexts, to keep the run short.
  await Promise.all(['es', 'de'].map((language) => walkRoutes(browser, baseURL, language, product, found)));
  expect(found, JSON.stringify(found, null, 2)).toEqual([]);
});

const adminRoutes = [
  '/admin',
  '/admin/products',
  '/admin/products/new',
  '/admin/orders',
  '/admin/customers',
  '/admin/audit',
  '/admin/security',
  '/admin/supplier',
];

/** The demo admin written by the seed into the store's data folder. */
function demoAdmin(): { email: string; password: string } {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: the global setup did not start the store');
  const accounts = JSON.parse(readFileSync(path.join(dataDir, 'demo-accounts.json'), 'utf8')) as {
    role: string;
    email: string;
    password: string;
  }[];
  const admin = accounts.find((account) => account.role === 'admin');
  if (!admin) throw new Error('The seed wrote no admin account');
  return admin;
}

test('axe finds no WCAG 2.1 AA violation in the admin area, es and de, 375 and 1280 px', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const found: Found[] = [];
  const admin = demoAdmin();
  await Promise.all(
    ['es', 'de'].map(async (language) => {
      const page = await newPage(browser, baseURL, language, true);
      const login = await page.request.post('/api/kl_api/login', {
        data: { email: admin.email, password: admin.password },
      });
      expect(login.ok()).toBe(true);
      for (const route of adminRoutes) {
        await page.goto(route);
        await settle(page);
        await scan(page, `${language} ${route}`, found);
      }
      await page.context().close();
    }),
  );
  expect(found, JSON.stringify(found, null, 2)).toEqual([]);
});

/** Whether the focused element shows a focus ring: an outline or a box shadow while it matches :focus-visible. */
async function hasFocusRing(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!(element instanceof HTMLElement) || !element.matches(':focus-visible')) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || (style.boxShadow !== '' && style.boxShadow !== 'none');
  });
}

/** Presses Tab until `target` has the focus, as a keyboard user would. */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  const handle = await target.elementHandle();
  if (!handle) throw new Error('tabTo: the target is not in the page');
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab');
    if (await handle.evaluate((element) => element === document.activeElement)) {
      expect(await hasFocusRing(page), 'a visible focus ring').toBe(true);
      return;
    }
  }
  throw new Error(`tabTo: no focus after ${limit} presses of Tab`);
}

test('the catalogue filters, pagination, language selector and carousel work by keyboard with a focus ring', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await newPage(browser, baseURL, 'en', true);
  await page.goto('/publicstore');
  await tabTo(page, page.getByTestId('enter-store'));
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('game-card').first()).toBeVisible();

  // The name search and the platform filter.
  const search = page.getByLabel('Search by name');
  await tabTo(page, search);
  await page.keyboard.type('a');
  await expect(page).toHaveURL(/name=a/);
  await page.keyboard.press('Backspace');
  await expect(page).not.toHaveURL(/name=/);
  await tabTo(page, page.getByLabel('Platform'));
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/platform=/);
  await expect(page.getByLabel('Platform')).not.toHaveValue('');
  await page.keyboard.press('ArrowUp');
  await expect(page).not.toHaveURL(/platform=/);

  // Pagination.
  const pages = page.getByRole('navigation', { name: 'Catalogue pages', exact: true }).first();
  await tabTo(page, pages.getByLabel('Next page'));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByRole('link', { name: 'Page 2' }).first()).toHaveAttribute('aria-current', 'page');

  // The language selector: open with Enter, move with the arrows, choose with Enter.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('Shift+Tab'); // from the top of the page again
  const trigger = page.getByRole('button', { name: /^Language: English/ });
  await trigger.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(trigger).toBeFocused();
  expect(await hasFocusRing(page), 'a visible focus ring on the language selector').toBe(true);
  await page.keyboard.press('Enter');
  const spanish = page.getByRole('menuitemradio', { name: 'Español' });
  await expect(page.getByRole('menu')).toBeVisible();
  for (let i = 0; i < 30 && !(await spanish.evaluate((element) => element === document.activeElement)); i++)
    await page.keyboard.press('ArrowDown');
  await expect(spanish).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Idioma: Español/ })).toBeFocused();

  // The product carousel: the arrow keys on the photo strip, and its buttons.
  await page.goto(await productHref(request, 3));
  const position = page.getByTestId('carousel-position');
  await expect(position).toContainText('1 /');
  await tabTo(page, page.getByTestId('carousel-viewport'));
  await page.keyboard.press('ArrowRight');
  await expect(position).toContainText('2 /');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(position).not.toContainText('1 /'); // wrapped around to the last photo
  await page.keyboard.press('Home');
  await expect(position).toContainText('1 /');
  await tabTo(page, page.getByTestId('carousel-viewport').getByRole('button').nth(1)); // 'next photo'
  await page.keyboard.press('Enter');
  await expect(position).toContainText('2 /');
  await page.context().close();
});
