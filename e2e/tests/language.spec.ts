/// <reference lib="dom" />
// Code passed to page.evaluate() runs in the browser and uses its types.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

/**
 * German texts exist only once the translators have written de.json; until then the interface falls back
 * to English while lang, number and price formats are already German. The known-string checks run when
 * the file is there at test time.
 */
const germanFile = path.resolve(import.meta.dirname, '../../packages/core/src/i18n/locales/de.json');
const german: Record<string, Record<string, unknown>> | null = existsSync(germanFile)
  ? (JSON.parse(readFileSync(germanFile, 'utf8')) as Record<string, Record<string, unknown>>)
  : null;

function germanText(section: string, key: string): string | undefined {
  const value = german?.[section]?.[key];
  return typeof value === 'string' ? value : undefined;
}

/** A price the German way: '19,99 €' (thousands with dots, decimal comma, space, then the euro sign). */
const GERMAN_PRICE = /^\d{1,3}(?:\.\d{3})*,\d{2}\s€$/;

/**
 * "No flash of English" on a page the browser draws (login, account pages): index.html's body is an empty
 * #root plus the script, so nothing can be painted before the app renders into #root. This init script records, in a MutationObserver callback (a
 * microtask, so before the browser can paint the new nodes), the `lang` of <html> and the text of the
 * very first content put into #root.
 */
const RECORD_FIRST_CONTENT = `
  window.__firstContent = null;
  const observer = new MutationObserver(() => {
    const root = document.getElementById('root');
    if (root && root.childNodes.length > 0) {
      window.__firstContent = { lang: document.documentElement.lang, text: root.textContent || '' };
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
`;

async function firstContent(page: Page): Promise<{ lang: string; text: string }> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __firstContent: unknown }).__firstContent))
    .not.toBeNull();
  return page.evaluate(
    () => (window as unknown as { __firstContent: { lang: string; text: string } }).__firstContent,
  );
}

test.describe('language', () => {
  test('the language button is named by what it shows: its code on a phone, its name wider', async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'es'));
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/terms');
    // WCAG 2.5.3 (label in name): the name starts with the visible text, so saying it works.
    const button = page.locator('header').getByRole('button', { name: /Elegir otro idioma$/ });
    await expect(button.getByText('ES', { exact: true })).toBeVisible();
    await expect(button).toHaveAccessibleName('ES (Español) – Elegir otro idioma');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(button.getByText('Español', { exact: true })).toBeVisible();
    await expect(button).toHaveAccessibleName('Español – Elegir otro idioma');
  });

  test('the server writes the page in the language the browser asks for, so a first visit paints no other', async ({
    request,
  }) => {
    const english = await (await request.get('/publicstore?page=1')).text();
    expect(english).toMatch(/<html lang="en"/);
    expect(english).toContain('Skip to content');
    const german = await (
      await request.get('/publicstore?page=1', { headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' } })
    ).text();
    expect(german).toMatch(/<html lang="de"/);
    const skipLink = germanText('nav', 'skipToContent');
    if (skipLink) {
      expect(german).toContain(skipLink);
      expect(german).not.toContain('Skip to content');
    }
  });

  test('switching to German sticks after a reload: lang, prices and texts; pages the browser draws start in it @mobile', async ({
    browser,
    baseURL,
  }, testInfo) => {
    const context = await browser.newContext({
      baseURL,
      viewport: testInfo.project.use.viewport ?? { width: 1280, height: 800 },
    });
    await context.addInitScript({ content: RECORD_FIRST_CONTENT });
    const page = await context.newPage();
    await page.goto('/publicstore');
    await page.getByTestId('enter-store').click();
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    // The navigation bar's language selector.
    // Named by what it shows ("EN" on a phone, "English" wider), then what it does.
    await page.getByRole('button', { name: /^(EN \(English\)|English) – Choose another language$/ }).click();
    await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await page.evaluate(() => window.localStorage.getItem('language'))).toBe('de');
    await expect(page.getByTestId('price').first()).toHaveText(GERMAN_PRICE);

    // The server writes the page in the browser's language (it cannot read the choice kept in the
    // browser); the chosen language follows as soon as the app runs the page.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    for (const price of await page.getByTestId('price').all()) await expect(price).toHaveText(GERMAN_PRICE);

    // The product page formats its price the same way.
    await page.getByTestId('game-card').first().getByRole('link').first().click();
    await expect(page.getByTestId('product-price')).toContainText(/\d,\d{2}\s€/);

    const skipLink = germanText('nav', 'skipToContent');
    const title = germanText('catalogue', 'title');
    if (skipLink && title) {
      await page.goto('/publicstore');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('link', { name: skipLink })).toBeAttached();
    }

    // A new tab of the same browser starts in German too, from the first paint on a page the browser
    // draws itself (no English text painted first).
    const other = await context.newPage();
    await other.goto('/login');
    expect((await firstContent(other)).lang).toBe('de');
    await expect(other.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });
});
