import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { registerByApi } from '../fixtures/accounts.ts';
import { waitForApp } from '../fixtures/app.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * The catalogue pages load only their own texts; every other page, menu and dialog brings the rest with
 * its code (apps/web/src/lib/i18n.ts). A text that is not there shows as its bare key ("cart.empty"):
 * none may, wherever the visitor goes from the first page.
 */
const sections = Object.keys(
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../packages/core/src/i18n/locales/en.json'), 'utf8'),
  ) as Record<string, unknown>,
);
const bareKey = new RegExp(`\\b(${sections.join('|')})\\.[A-Za-z_]+(\\.[A-Za-z_]+)*\\b`, 'g');

/** Every bare text key on screen: in the text, and in the names and hints that are not. */
async function bareKeys(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')].flatMap(
      (element) =>
        ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    // biome-ignore lint/performance/useDomNodeTextContent: what is on screen, not the page's data blocks
    return [document.body.innerText, ...attributes].join('\n');
  });
  return [...shown.matchAll(bareKey)].map(([key]) => key);
}

test('a customer going from the catalogue to its cart, menus and other pages meets no bare text key @mobile', async ({
  page,
}) => {
  await registerByApi(page.request, 'texts');
  await page.goto('/store');
  await waitForApp(page);
  await expect(page.getByRole('button', { name: /^Open the cart/ })).toBeVisible();
  expect(await bareKeys(page)).toEqual([]);

  await page.getByRole('button', { name: /^Open the cart/ }).click();
  const cart = page.getByRole('dialog');
  await expect(cart).toBeVisible();
  await expect(cart.getByText('Your cart is empty')).toBeVisible();
  expect(await bareKeys(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();

  const mobile = (page.viewportSize()?.width ?? 1280) < 768;
  if (mobile) {
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await bareKeys(page)).toEqual([]);
    await page.getByRole('dialog').getByRole('link', { name: 'History' }).click();
  } else {
    await page
      .locator('header')
      .getByRole('button', { name: /Choose another language$/ })
      .click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(await bareKeys(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.locator('header').getByRole('link', { name: 'History' }).click();
  }
  await expect(page).toHaveURL(/\/history/i);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await bareKeys(page)).toEqual([]);

  await page.goto('/publicstore?page=1');
  await waitForApp(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and conditions' }).click();
  await expect(page).toHaveURL(/\/terms/i);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await bareKeys(page)).toEqual([]);
});

test("a visitor's catalogue page fetches only its own texts; the first dialog brings the rest", async ({
  page,
}) => {
  const textChunks = new Set<string>();
  page.on('request', (request) => {
    const file = /\/assets\/(en-[^/]+\.js)$/.exec(request.url())?.[1];
    if (file) textChunks.add(file);
  });
  await page.goto('/publicstore?page=1');
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  // The English texts of the catalogue pages: one chunk, announced by the server and used by the app.
  expect(textChunks.size).toBe(1);
  await page
    .locator('header')
    .getByRole('button', { name: /Choose another language$/ })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect.poll(() => textChunks.size).toBe(2);
  expect(await bareKeys(page)).toEqual([]);
});
