import type { Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { registerByApi, submitAdminLogin } from '../fixtures/accounts.ts';
import { gameWithKeys, payOnPaymentPage } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

/** An instant as a `datetime-local` value in Tallinn time, as the back office's forms take it. */
function tallinnInput(at: Date): string {
  const parts = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Tallinn',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return parts.replace(' ', 'T');
}

/** The text of a PDF as a reader extracts it, white space runs made single spaces. */
async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text.replace(/\s+/gu, ' ');
  } finally {
    await parser.destroy();
  }
}

async function createSale(page: Page, title: string, name: string): Promise<void> {
  await page.goto('/admin/promotions');
  await page.getByRole('link', { name: 'New promotion' }).first().click();
  await page.getByLabel('Name *').fill(name);
  await page.getByRole('radio', { name: 'Percentage off' }).check();
  await page.getByLabel('Percentage off *').fill('20');
  await page.getByRole('radio', { name: 'Chosen games' }).check();
  await page.getByLabel('Search the catalogue by title').fill(title);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('checkbox', { name: new RegExp(title) }).check();
  await page.getByLabel('Starts (Tallinn time) *').fill(tallinnInput(new Date(Date.now() - 60_000)));
  await page.getByLabel('Ends (Tallinn time) *').fill(tallinnInput(new Date(Date.now() + 2 * 86_400_000)));
  await page.getByRole('button', { name: 'Create promotion' }).click();
  await expect(page.getByText(`“${name}” was created.`)).toBeVisible();
}

async function createCoupon(page: Page, code: string): Promise<void> {
  await page.goto('/admin/coupons');
  await page.getByRole('link', { name: 'New coupon' }).first().click();
  await page.getByLabel('Name *').fill(`Welcome ${code}`);
  await page.getByLabel('Code *').fill(code);
  await page.getByRole('radio', { name: 'Percentage off' }).check();
  await page.getByLabel('Percentage off *').fill('10');
  await page.getByLabel('Ends (Tallinn time) *').fill(tallinnInput(new Date(Date.now() + 2 * 86_400_000)));
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByText(new RegExp(`was created with the code ${code}`))).toBeVisible();
}

test('an admin plans a sale and a coupon; a customer sees the honest reduction, uses the coupon, pays and is invoiced both discounts', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A game of its own at 4.99 €: its lowest price of the last 30 days is 4.99 €.
  const game = await gameWithKeys(browser, baseURL, 'Sale Saga', 2);
  const stamp = Date.now().toString(36).toUpperCase();
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/store$/);
  await createSale(page, game.title, `Autumn sale ${stamp}`);
  const code = `WELCOME-${stamp}`;
  await createCoupon(page, code);

  const shopper = await browser.newContext({ baseURL });
  try {
    const customer = await shopper.newPage();
    await registerByApi(customer.request, 'sale');
    await customer.goto(`/product?session=${game.providerId}`);
    // 20 % off 4.99 € is 3.99 €; the struck price is the 30-day reference, the percentage computed from it.
    const buyBox = customer.locator('main');
    await expect(buyBox.getByText('€3.99').first()).toBeVisible();
    await expect(buyBox.locator('s', { hasText: '€4.99' }).first()).toBeVisible();
    await expect(buyBox.getByText('−20 %').first()).toBeVisible();

    await customer.getByRole('button', { name: `Add to cart: ${game.title}`, exact: true }).click();
    await customer.getByRole('button', { name: /^Open the cart/ }).click();
    const panel = customer.getByRole('dialog', { name: 'Your cart' });
    await panel.getByRole('button', { name: 'Have a coupon code?' }).click();
    await panel.getByLabel('Coupon code').fill(code.toLowerCase());
    await panel.getByRole('button', { name: 'Apply' }).click();
    await expect(panel.getByText(`Coupon ${code}`).first()).toBeVisible();
    await expect(panel.getByText('€3.59').first()).toBeVisible();
    await panel.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await panel.getByRole('button', { name: 'Checkout' }).click();
    await expect(customer).toHaveURL(/\/pay\/local\/cs_local_/);
    await expect(customer.getByText('€3.59').first()).toBeVisible();
    await payOnPaymentPage(customer);
    await expect(customer.getByRole('heading', { name: 'Thank you! Your keys are ready' })).toBeVisible({
      timeout: 20_000,
    });

    await customer.goto('/History');
    const invoice = customer.getByRole('link', { name: 'Invoice (PDF)' }).first();
    await expect(invoice).toBeVisible();
    const pdf = await customer.request.get((await invoice.getAttribute('href')) ?? '');
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    const text = await pdfText(await pdf.body());
    expect(text).toContain('Sale: regular price €4.99 each, discount €1.00');
    expect(text).toContain('Coupon: discount €0.40');
    expect(text).toContain('3.59');
  } finally {
    await shopper.close();
  }
});
