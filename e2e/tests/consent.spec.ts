/// <reference lib="dom" />
// Code passed to page.evaluate() runs in the browser and uses its types.
import type { Page } from '@playwright/test';
import { registerByApi } from '../fixtures/accounts.ts';
import { waitForApp } from '../fixtures/app.ts';
import { expect, test } from '../fixtures/test.ts';

/** The only cookie the store may set: the strictly necessary session cookie (set at login). */
const SESSION_COOKIE = 'keyland_session';

function banner(page: Page) {
  return page.getByRole('region', { name: 'Cookies at Keyland' });
}

/** The page's bottom padding and scroll padding, in whole pixels. */
async function bottomRoom(page: Page): Promise<{ padding: number; scrollPadding: number }> {
  const [padding, scrollPadding] = await page.evaluate(() => [
    getComputedStyle(document.body).paddingBottom,
    getComputedStyle(document.documentElement).scrollPaddingBottom,
  ]);
  const pixels = (value: string | undefined) => Math.round(Number.parseFloat(value || '0') || 0);
  return { padding: pixels(padding), scrollPadding: pixels(scrollPadding) };
}

test.describe('cookie consent', () => {
  test('the banner shows on a first visit, expands, is accepted by keyboard and stays gone @mobile', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const context = await browser.newContext({
      baseURL,
      viewport: testInfo.project.use.viewport ?? { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto('/publicstore');

    const region = banner(page);
    await expect(region).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('consent'))).toBeNull();

    // Fixed to the bottom of the window, and the page makes room for it (the cart button sits above it,
    // below).
    const viewport = page.viewportSize();
    const box = await region.boundingBox();
    expect(box).not.toBeNull();
    if (!box || !viewport) return;
    expect(Math.round(box.y + box.height)).toBe(viewport.height);
    const room = Math.ceil(box.height);
    await expect.poll(() => bottomRoom(page)).toEqual({ padding: room, scrollPadding: room });
    await expect(region.getByRole('link', { name: 'Read the cookie notice' })).toHaveAttribute(
      'href',
      '/cookies',
    );
    await expect(region).toContainText('no third-party scripts');

    // The extra legal text opens and closes, by keyboard, and says so to assistive technology.
    const more = region.getByRole('button', { name: 'More information' });
    const details = page.getByTestId('cookie-banner-details');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(details).toBeHidden();
    await more.focus();
    await expect(more).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(details).toBeVisible();
    await expect(details).toContainText('keyland_session');
    await expect.poll(async () => (await bottomRoom(page)).padding).toBeGreaterThan(room);
    await expect(more).toBeFocused();
    await page.keyboard.press('Space');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(details).toBeHidden();

    // Accept with the keyboard: both entries are stored and the banner is gone.
    const before = Date.now();
    const accept = region.getByRole('button', { name: 'Accept' });
    await accept.focus();
    await expect(accept).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(region).toHaveCount(0);
    const stored = await page.evaluate(() => ({
      consent: window.localStorage.getItem('consent'),
      record: window.localStorage.getItem('cookieConsent'),
    }));
    expect(stored.consent).toBe('true');
    const record = JSON.parse(stored.record ?? 'null') as { accepted: unknown; timestamp: unknown };
    expect(record.accepted).toBe(true);
    expect(typeof record.timestamp).toBe('string');
    const at = Date.parse(String(record.timestamp));
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await bottomRoom(page)).toEqual({ padding: 0, scrollPadding: 0 });
    // Focus is not lost with the button: it continues from the page.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');

    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
    await context.close();
  });

  test('the banner never hides the end of the page on a phone', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto('/terms');
    await expect(banner(page)).toBeVisible();
    // The page makes room for the banner once the app runs it (the server's HTML cannot measure it).
    await waitForApp(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.getByRole('contentinfo').getByRole('paragraph').last();
    await expect
      .poll(async () => {
        const lastBox = await last.boundingBox();
        const bannerBox = await banner(page).boundingBox();
        return lastBox && bannerBox ? lastBox.y + lastBox.height <= bannerBox.y + 1 : false;
      })
      .toBe(true);
    await context.close();
  });

  test('a visitor and a customer get no cookie but the session cookie, and no third-party request', async ({
    browser,
    baseURL,
    request,
  }) => {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const origin = new URL(baseURL ?? '').origin;
    const foreign: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(req.url());
    });
    const otherCookies = async () =>
      (await context.cookies()).map((cookie) => cookie.name).filter((name) => name !== SESSION_COOKIE);

    // A visitor browses: splash, catalogue, a game, legal pages, a language change.
    await page.goto('/');
    await page.getByTestId('enter-store').click();
    const card = page.getByTestId('game-card').first();
    await expect(card).toBeVisible();
    await card.getByRole('link').first().click();
    await expect(page.getByTestId('product-page')).toBeVisible();
    for (const path of ['/terms', '/policy', '/cookies', '/legal', '/contactPage', '/register', '/login']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    expect(await otherCookies()).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    // Then logs in (the account is made aside, so this context only gets what the login sets).
    const account = await registerByApi(request, 'consent-cookies');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByTestId('game-card').first()).toBeVisible();

    // The banner still shows (not accepted here): the floating cart button sits above it.
    const cartButton = page.getByTestId('cart-button');
    if (await cartButton.isVisible()) {
      const cartBox = await cartButton.boundingBox();
      const bannerBox = await banner(page).boundingBox();
      if (cartBox && bannerBox) expect(cartBox.y + cartBox.height).toBeLessThanOrEqual(bannerBox.y);
    }

    for (const path of ['/profile', '/History', '/checkout', '/store']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    }
    await page.waitForLoadState('networkidle');
    const cookies = await context.cookies();
    expect(cookies.map((cookie) => cookie.name)).toEqual([SESSION_COOKIE]);
    expect(cookies[0]?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(foreign).toEqual([]);
    await context.close();
  });
});
