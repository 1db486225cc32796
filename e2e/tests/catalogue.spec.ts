import { expect, test } from '../fixtures/test.ts';

test.describe('catalogue', () => {
  test('a visitor sees game cards with a price and a stock @mobile', async ({ page }) => {
    await page.goto('/publicstore');
    const cards = page.getByTestId('game-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBe(12);

    const first = cards.first();
    await expect(first.getByTestId('price')).toHaveText(/\d+[.,]\d{2}/);
    await expect(first.getByTestId('price')).toContainText('€');
    await expect(first.getByTestId('stock')).toHaveText(/^(\D*)(10\+|[1-9]|10)(\D*)$/);
    await expect(first.getByRole('link').first()).toHaveAttribute(
      'href',
      /\/product\?title=[a-z0-9-]+&session=/,
    );
  });

  test('every route answers with the shared layout', async ({ page }) => {
    for (const route of ['/terms', '/policy', '/cookies', '/contactPage', '/legal', '/login', '/register']) {
      await page.goto(route);
      await expect(page.getByRole('navigation').first()).toBeVisible();
    }
  });
});
