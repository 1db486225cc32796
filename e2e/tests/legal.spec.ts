import { expect, test } from '../fixtures/test.ts';

test.describe('legal and info pages', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
  });

  test('state the spec’s terms: withdrawal waiver, Estonian law, Tallinn courts, age 18, support hours', async ({
    page,
  }) => {
    await page.goto('/terms');
    const main = page.getByRole('main');
    await expect(main).toContainText('2011/83');
    await expect(main).toContainText('courts of Tallinn');
    await expect(main).toContainText('18');
    await expect(page.getByRole('link', { name: /back to the store/i })).toBeVisible();
    await page.goto('/cookies');
    await expect(page.getByRole('main')).toContainText(/April 2025/);
    await page.goto('/contactPage');
    await expect(page.getByRole('main')).toContainText('10:00–18:00');
  });

  test('the legal notice marks company details that are not configured as placeholders', async ({ page }) => {
    await page.goto('/legal');
    const placeholders = page.getByTestId('company-placeholder');
    // The test build sets none of VITE_COMPANY_*, and the test server no SUPPORT_EMAIL.
    await expect(placeholders).toHaveCount(4);
    await expect(placeholders.first()).toHaveText('Placeholder: not configured');
    await expect(page.getByText('have not been configured for this installation')).toBeVisible();
  });
});
