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
 * "No flash of English": index.html's body is an empty #root plus the script, so nothing can be painted
 * before the app renders into #root. This init script records, in a MutationObserver callback (a
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

  test('the server sends no text before the app renders, so nothing English can flash', async ({
    request,
  }) => {
    const html = await (await request.get('/publicstore')).text();
    const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
    const visibleText = body
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^>]+>/g, '')
      .trim();
    expect(visibleText).toBe('');
    expect(body).toContain('<div id="root"></div>');
  });

  test('switching to German sticks after a reload: lang, prices and texts, from the first paint @mobile', async ({
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

    await page.reload();
    const first = await firstContent(page);
    expect(first.lang).toBe('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByTestId('game-card').first()).toBeVisible();
    for (const price of await page.getByTestId('price').all()) await expect(price).toHaveText(GERMAN_PRICE);

    // The product page formats its price the same way.
    await page.getByTestId('game-card').first().getByRole('link').first().click();
    await expect(page.getByTestId('product-price')).toContainText(/\d,\d{2}\s€/);

    const skipLink = germanText('nav', 'skipToContent');
    const title = germanText('catalogue', 'title');
    if (skipLink && title) {
      // The very first content is already German (no English text painted first), and stays so.
      expect(first.text).toContain(skipLink);
      expect(first.text).not.toContain('Skip to content');
      await page.goto('/publicstore');
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }

    // A new tab of the same browser starts in German too.
    const other = await context.newPage();
    await other.goto('/login');
    expect((await firstContent(other)).lang).toBe('de');
    await expect(other.locator('html')).toHaveAttribute('lang', 'de');
    await context.close();
  });
});
