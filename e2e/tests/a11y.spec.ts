/// <reference lib="dom" />
// Code passed to page.evaluate() runs in the browser and uses its types.
import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { demoAdmin, registerByApi } from '../fixtures/accounts.ts';
import { hasFocusRing, pressOn, tabTo, typeInto } from '../fixtures/keyboard.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * WCAG 2.1 A and AA (axe-core) on every visitor, customer and admin route, in Spanish and in German, at
 * 375 px and 1280 px: one test per route, language and width, each with its own time limit, named after
 * what it checks. Visitor routes are checked with the cookie banner showing; customer and admin routes
 * with it accepted, so the content behind it is checked too. Pages come from browser.newContext()
 * (@axe-core/playwright needs it).
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/**
 * axe's experimental rules are off unless asked for; the tag 'experimental' asks for all of them, which
 * brings the WCAG 2.x ones (label-content-name-mismatch for 2.5.3 label in name, css-orientation-lock,
 * p-as-heading, table-fake-caption, td-has-header). Those that check no WCAG criterion (best practices)
 * are left out again.
 */
const EXPERIMENTAL_TAG = 'experimental';
const EXPERIMENTAL_NOT_WCAG = ['focus-order-semantics', 'hidden-content'];
const LANGUAGES = ['es', 'de'] as const;
const WIDTHS = [375, 1280] as const;

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

interface PageOptions {
  language: string;
  width: number;
  /** The cookie banner accepted before the first page. */
  consent: boolean;
  /** The tab has entered the store already, so /publicstore shows the games, not the welcome splash. */
  entered?: boolean;
}

async function newPage(
  browser: Browser,
  baseURL: string | undefined,
  { language, width, consent, entered = true }: PageOptions,
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
  await context.addInitScript({
    content: `
      if (!localStorage.getItem('language')) localStorage.setItem('language', ${JSON.stringify(language)});
      ${consent ? `localStorage.setItem('consent', 'true'); localStorage.setItem('cookieConsent', JSON.stringify({ accepted: true, timestamp: new Date().toISOString() }));` : ''}
      ${entered ? `sessionStorage.setItem('keyland.splashSeen', '1');` : ''}
    `,
  });
  return context.newPage();
}

/** Waits until the route has drawn its page: a heading, and no spinner or skeleton left. */
async function settle(page: Page): Promise<void> {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.locator('main [aria-busy="true"], main .skeleton')).toHaveCount(0);
}

/** Runs axe on the page (or the part `include` selects) and fails with every violation it finds. */
async function expectNoViolation(page: Page, include?: string): Promise<void> {
  // Colours are measured once nothing is fading in or sliding: an element caught half-way through a
  // transition has a contrast it never keeps. Endless animations (spinners) are not waited for.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // options() replaces every option, so it goes before withTags().
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags([...WCAG_TAGS, EXPERIMENTAL_TAG])
    .disableRules(EXPERIMENTAL_NOT_WCAG);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? '',
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
  expect(found, JSON.stringify(found, null, 2)).toEqual([]);
}

interface RouteCase {
  /** What the test name says: a route, or a dialog or state of one. */
  name: string;
  /** Opens the route and brings it to the state to check; returns the part to scan, if not the page. */
  open: (page: Page, request: APIRequestContext) => Promise<string | undefined>;
}

/** A route that only needs loading and settling. */
const plain = (route: string): RouteCase => ({
  name: route,
  open: async (page) => {
    await page.goto(route);
    await settle(page);
    return undefined;
  },
});

const visitorCases: RouteCase[] = [
  {
    name: '/ (splash)',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByTestId('welcome-splash')).toBeVisible();
      return undefined;
    },
  },
  plain('/publicstore'),
  {
    name: 'product',
    open: async (page, request) => {
      await page.goto(await productHref(request));
      await expect(page.getByTestId('product-page')).toBeVisible();
      await settle(page);
      return undefined;
    },
  },
  ...[
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
  ].map(plain),
  {
    name: 'cookie banner (expanded)',
    open: async (page) => {
      await page.goto('/terms');
      await settle(page);
      const banner = page.getByTestId('cookie-banner');
      await banner.getByRole('button', { expanded: false }).click();
      await expect(banner.getByRole('button', { expanded: true })).toBeVisible();
      return '[data-testid="cookie-banner"]';
    },
  },
];

const customerCases: RouteCase[] = [
  ...['/store', '/profile', '/History', '/checkout'].map(plain),
  {
    name: 'cart panel',
    open: async (page) => {
      await page.goto('/store');
      await settle(page);
      await page.getByTestId('cart-button').click();
      await expect(page.getByTestId('cart-panel')).toBeVisible();
      await expect(page.locator('[data-testid="cart-panel"] [aria-busy="true"]')).toHaveCount(0);
      return '[data-testid="cart-panel"]';
    },
  },
  {
    name: 'delete-account dialog',
    open: async (page) => {
      await page.goto('/profile');
      await settle(page);
      await page.getByTestId('delete-account').click();
      await expect(page.getByTestId('delete-account-dialog')).toBeVisible();
      return '[data-testid="delete-account-dialog"]';
    },
  },
];

const adminCases: RouteCase[] = [
  '/admin',
  '/admin/products',
  '/admin/products/new',
  '/admin/orders',
  '/admin/customers',
  '/admin/audit',
  '/admin/security',
  '/admin/supplier',
  '/admin/claims',
  '/admin/support',
].map(plain);

type Viewer = 'visitor' | 'customer' | 'admin';

/**
 * The worker's browsing tabs, one per viewer, language and splash state, kept from test to test so that
 * each test pays for a page load and a scan but not for a new browser context, a login or a cold cache.
 * Every test loads its route afresh at its own width; a failed test ends the worker and so its tabs.
 */
interface Tabs {
  open(viewer: Viewer, language: string, width: number, entered: boolean): Promise<Page>;
}

const axeTest = test.extend<object, { tabs: Tabs }>({
  tabs: [
    async ({ browser, store }, use) => {
      const pages = new Map<string, Promise<Page>>();
      const make = async (viewer: Viewer, language: string, width: number, entered: boolean) => {
        const page = await newPage(browser, store.baseURL, {
          language,
          width,
          consent: viewer !== 'visitor',
          entered,
        });
        if (viewer === 'customer') await registerByApi(page.request, `a11y-${language}`);
        if (viewer === 'admin') {
          const login = await page.request.post('/api/kl_api/login', { data: demoAdmin() });
          expect(login.ok(), await login.text()).toBe(true);
        }
        return page;
      };
      await use({
        open: async (viewer, language, width, entered) => {
          const key = `${viewer} ${language} ${entered}`;
          let page = pages.get(key);
          if (!page) {
            page = make(viewer, language, width, entered);
            pages.set(key, page);
          }
          const ready = await page;
          await ready.setViewportSize({ width, height: 800 });
          return ready;
        },
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: 'worker' },
  ],
});

const SCAN_TIMEOUT = 60_000;

test.describe('axe finds no WCAG 2.1 AA violation', () => {
  const cases: [Viewer, RouteCase[]][] = [
    ['visitor', visitorCases],
    ['customer', customerCases],
    ['admin', adminCases],
  ];
  for (const language of LANGUAGES) {
    for (const width of WIDTHS) {
      for (const [viewer, routes] of cases) {
        for (const route of routes) {
          axeTest(`${viewer} ${route.name} ${language} ${width}px`, async ({ tabs, request }) => {
            axeTest.setTimeout(SCAN_TIMEOUT);
            // The splash shows once per tab: every other route is checked as after entering the store.
            const page = await tabs.open(viewer, language, width, route.name !== '/ (splash)');
            await expectNoViolation(page, await route.open(page, request));
          });
        }
      }
    }
  }
});

/**
 * The keyboard walk: every key goes to an element the test has seen focused, and every key that changes
 * the address or the page is followed by a wait for the page to show it, before the next key. (The
 * router updates the address before React has drawn the new state, so the address alone is not enough.)
 */
test('the catalogue filters, pagination, language selector and carousel work by keyboard with a focus ring', async ({
  browser,
  baseURL,
  request,
}) => {
  const page = await newPage(browser, baseURL, {
    language: 'en',
    width: 1280,
    consent: true,
    entered: false,
  });
  await page.goto('/publicstore');
  const enter = page.getByTestId('enter-store');
  await tabTo(page, enter, { ring: true });
  await pressOn(enter, 'Enter');
  await expect(page.getByTestId('game-card').first()).toBeVisible();

  // The catalogue as drawn for a set of filters: the fields, the list and the next-page link agree.
  const search = page.getByLabel('Search by name');
  const platform = page.getByLabel('Platform');
  const pages = page.getByRole('navigation', { name: 'Catalogue pages', exact: true }).first();
  const next = pages.getByRole('link', { name: 'Next', exact: true });
  const shows = async (filters: { name: string; platform: string }) => {
    const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value !== ''));
    const escaped = query.toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(page).toHaveURL(new RegExp(`/publicstore${escaped ? `\\?${escaped}` : ''}$`));
    await expect(search).toHaveValue(filters.name);
    await expect(platform).toHaveValue(filters.platform);
    await expect(page.locator('main ul[aria-busy="true"]')).toHaveCount(0);
  };
  await shows({ name: '', platform: '' });

  // The name search and the platform filter.
  await tabTo(page, search, { ring: true });
  await typeInto(search, 'a');
  await shows({ name: 'a', platform: '' });
  await pressOn(search, 'Backspace');
  await shows({ name: '', platform: '' });
  await tabTo(page, platform, { ring: true });
  await pressOn(platform, 'ArrowDown');
  await expect(page).toHaveURL(/platform=/);
  await expect(platform).not.toHaveValue('');
  await expect(page.locator('main ul[aria-busy="true"]')).toHaveCount(0);
  await pressOn(platform, 'ArrowUp');
  await shows({ name: '', platform: '' });

  // Pagination: the link leads to page 2 of the unfiltered catalogue before Enter goes there.
  await expect(next).toHaveAttribute('href', /^\/publicstore\?page=2$/);
  await tabTo(page, next, { ring: true });
  await pressOn(next, 'Enter');
  await expect(page).toHaveURL(/\/publicstore\?page=2$/);
  await expect(page.getByRole('link', { name: 'Page 2' }).first()).toHaveAttribute('aria-current', 'page');

  // The language selector: open with Enter, move with the arrows, choose with Enter.
  const trigger = page.getByRole('button', { name: 'English – Choose another language' });
  // Focused by the keyboard (Shift+Tab, then Tab back), so that it matches :focus-visible.
  await trigger.focus();
  await pressOn(trigger, 'Shift+Tab');
  await expect(trigger).not.toBeFocused();
  await page.keyboard.press('Tab');
  await expect(trigger).toBeFocused();
  expect(await hasFocusRing(page), 'a visible focus ring on the language selector').toBe(true);
  await pressOn(trigger, 'Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  // The menu takes the focus once it has opened.
  await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  const items = menu.getByRole('menuitemradio');
  const names = await items.allTextContents();
  const wanted = names.findIndex((name) => name.trim() === 'Español');
  expect(wanted, `Español among ${names.join(', ')}`).toBeGreaterThanOrEqual(0);
  let at = await items.evaluateAll((elements) => elements.indexOf(document.activeElement as HTMLElement));
  while (at !== wanted) {
    const key = at < wanted ? 'ArrowDown' : 'ArrowUp';
    await page.keyboard.press(key);
    at += at < wanted ? 1 : -1;
    await expect(items.nth(at)).toBeFocused();
  }
  const spanish = page.getByRole('menuitemradio', { name: 'Español' });
  await pressOn(spanish, 'Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Español – Elegir otro idioma' })).toBeFocused();

  // The product carousel: the arrow keys on the photo strip, and its buttons.
  await page.goto(await productHref(request, 3));
  const viewport = page.getByTestId('carousel-viewport');
  const position = page.getByTestId('carousel-position');
  await expect(position).toContainText('1 /');
  const total = ((await position.locator('[aria-hidden="true"]').textContent()) ?? '').split('/')[1]?.trim();
  expect(Number(total)).toBeGreaterThanOrEqual(3);
  await tabTo(page, viewport, { ring: true });
  await pressOn(viewport, 'ArrowRight');
  await expect(position).toContainText('2 /');
  await pressOn(viewport, 'ArrowLeft');
  await expect(position).toContainText('1 /');
  await pressOn(viewport, 'ArrowLeft');
  await expect(position).toContainText(`${total} / ${total}`); // wrapped around to the last photo
  await pressOn(viewport, 'Home');
  await expect(position).toContainText('1 /');
  const nextPhoto = viewport.getByRole('button').nth(1);
  await tabTo(page, nextPhoto, { ring: true });
  await pressOn(nextPhoto, 'Enter');
  await expect(position).toContainText('2 /');
  await page.context().close();
});
