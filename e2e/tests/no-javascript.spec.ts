import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

/**
 * The shop read with JavaScript off (docs/decisions/034): the server renders the catalogue, its pages,
 * the games and the legal pages, and their links lead on; buying says it needs JavaScript.
 */
const english = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../packages/core/src/i18n/locales/en.json'), 'utf8'),
) as {
  noscript: { note: string };
  legalMenu: { terms: string };
  legal: { terms: { title: string } };
};

interface CatalogueGame {
  title: string;
  providerId: string;
}

test.use({ javaScriptEnabled: false });

/** The note that buying needs JavaScript (Playwright's text search skips `<noscript>`, CSS does not). */
const noscriptNote = (page: Page) => page.locator('noscript p');

test('a reader without JavaScript browses the catalogue, pages through it and opens a game @mobile', async ({
  page,
  request,
}) => {
  const list = await request.post('/api/kl_api/catalog_paginated', {
    data: { offset: 0, limit: 24, filters: { name: '', platform: '', stockMin: 0, priceRange: [0, 100] } },
  });
  const games = (await list.json()) as CatalogueGame[];
  expect(games.length).toBeGreaterThan(12);

  // The welcome splash's way in is a link.
  await page.goto('/publicstore');
  await page.getByTestId('enter-store').click();
  await expect(page).toHaveURL(/\/publicstore\?page=1$/);
  const cards = page.getByTestId('game-card');
  await expect(cards).toHaveCount(12);
  await expect(cards.first().getByRole('heading')).toHaveText(games[0]?.title ?? '');
  await expect(cards.first().getByTestId('price')).toHaveText(/€\s?\d+[.,]\d{2}/);
  await expect(noscriptNote(page)).toHaveText(english.noscript.note);
  await expect(noscriptNote(page)).toBeVisible();

  // The next page, by its link.
  await page
    .getByRole('navigation', { name: 'Catalogue pages', exact: true })
    .getByRole('link', { name: 'Next', exact: true })
    .click();
  await expect(page).toHaveURL(/page=2/);
  await expect(cards.first().getByRole('heading')).toHaveText(games[12]?.title ?? '');

  // A game's page: its title, price, photo and buy box; buying needs JavaScript and says so.
  const game = games[12] as CatalogueGame;
  await cards.first().getByRole('link', { name: game.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`session=${game.providerId}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(game.title);
  await expect(page.getByTestId('offer-banner')).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText(/€\s?\d+[.,]\d{2}/);
  await expect(page.getByTestId('login-prompt')).toBeVisible();
  await expect(noscriptNote(page)).toHaveText(english.noscript.note);
  await expect(noscriptNote(page)).toBeVisible();

  // The legal pages, from the footer.
  await page.getByRole('contentinfo').getByRole('link', { name: english.legalMenu.terms }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(english.legal.terms.title);
});
