import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

/**
 * After an in-app page change the focus moves to the new page's main heading, so a screen reader says
 * where the visitor has arrived (apps/web/src/hooks/use-route-focus.ts). The first page keeps the focus
 * where the browser puts it, and a change of the query alone (filters, pages of results) leaves it alone.
 */
const english = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../packages/core/src/i18n/locales/en.json'), 'utf8'),
) as {
  legal: { terms: { title: string }; policy: { title: string } };
  auth: { login: { title: string } };
};

async function enterStore(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('language', 'en');
    sessionStorage.setItem('keyland.splashSeen', '1');
  });
}

test.describe('route changes are announced by moving the focus to the heading', () => {
  test.beforeEach(async ({ page }) => enterStore(page));

  test('a link of the legal menu: the new page heading is focused, by script only', async ({ page }) => {
    await page.goto('/terms');
    const terms = page.getByRole('heading', { level: 1, name: english.legal.terms.title });
    await expect(terms).toBeVisible();
    // The first page is not announced this way: the browser's own page load is.
    await expect(terms).not.toBeFocused();

    await page.getByRole('button', { name: 'Legal and info' }).click();
    await page.getByRole('menuitem', { name: english.legal.policy.title }).click();
    await expect(page).toHaveURL(/\/policy$/);
    const policy = page.getByRole('heading', { level: 1, name: english.legal.policy.title });
    await expect(policy).toBeFocused();
    await expect(policy).toHaveAttribute('tabindex', '-1');
  });

  test('a game card: the product page heading, drawn after its data, is focused', async ({ page }) => {
    await page.goto('/publicstore');
    const card = page.getByTestId('game-card').first();
    await expect(card).toBeVisible();
    await card.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/product\?/);
    await expect(page.getByTestId('product-page')).toBeVisible();
    await expect(page.locator('main h1').first()).toBeFocused();
  });

  test('a change of the query alone (the next page of results) leaves the focus on the link', async ({
    page,
  }) => {
    await page.goto('/publicstore');
    const next = page.getByRole('link', { name: 'Page 2' }).first();
    await expect(next).toBeVisible();
    await next.focus();
    await next.press('Enter');
    await expect(page).toHaveURL(/\/publicstore\?page=2$/);
    await expect(page.getByRole('link', { name: 'Page 2' }).first()).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('main h1').first()).not.toBeFocused();
  });

  test('on a phone, a link of the menu: the dialog closes and the new page heading is focused', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/publicstore');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: english.auth.login.title })).toBeFocused();
  });
});
