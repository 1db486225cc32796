import type { Page } from '@playwright/test';
import { registerByApi } from '../fixtures/accounts.ts';
import { receivedMails, uniqueEmail } from '../fixtures/mail.ts';
import { gameWithKeys, payOnPaymentPage } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

/** The gift link of the newest mail to `address`, once one has arrived (undefined until then). */
function giftLinkTo(address: string): string | undefined {
  const mails = receivedMails().filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));
  for (const mail of mails.reverse())
    for (const body of mail.bodies) {
      const link = /https?:\/\/[^\s"'<>]+\/gift\/[A-Za-z0-9_-]{20,}/.exec(body)?.[0];
      if (link) return link;
    }
  return undefined;
}

/** A day `days` from now (YYYY-MM-DD), far enough ahead to be in the future in every time zone. */
function dayIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Puts the game in the cart from its page and opens the cart. */
async function openCartWith(page: Page, game: { providerId: string; title: string }) {
  await page.goto(`/product?session=${game.providerId}`);
  await page.getByRole('button', { name: `Add to cart: ${game.title}`, exact: true }).click();
  await expect(page.getByText(`“${game.title}” added to the cart`)).toBeVisible();
  await page.getByRole('button', { name: /^Open the cart/ }).click();
  return page.getByRole('dialog', { name: 'Your cart' });
}

/** Reads the history again until the gift of the newest order says `state`. */
async function expectGiftState(page: Page, state: RegExp) {
  await expect(async () => {
    await page.goto('/History');
    await expect(page.getByTestId('order-gift').first().getByTestId('gift-state')).toHaveText(state, {
      timeout: 2_000,
    });
  }).toPass();
}

test('a buyer gives a game with a message; the recipient reveals its key once from the mailed link', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const game = await gameWithKeys(browser, baseURL, 'Gift Quest', 2);
  await registerByApi(page.request, 'gift-buyer', { fullName: 'Ana García' });
  const friend = uniqueEmail('gift-friend');

  const panel = await openCartWith(page, game);
  await panel.getByRole('checkbox', { name: 'This is a gift' }).check();
  await panel.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  // Nothing filled in: the checkout waits, says what is missing and takes the keyboard to it.
  await panel.getByRole('button', { name: 'Checkout' }).click();
  const name = panel.getByLabel("Recipient's name");
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Fill this in.');
  await name.fill('Mia Tamm');
  await panel.getByLabel("Recipient's e-mail").fill(friend);
  await panel.getByLabel('Message (optional)').fill('Happy birthday, Mia!');
  await expect(panel.getByLabel('E-mail language')).toHaveValue('en');
  await panel.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/local\/cs_local_/);
  await payOnPaymentPage(page);
  await expect(page.getByRole('heading', { name: 'Your gift is paid' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('delivered-key')).toHaveCount(0);

  // No day chosen: sent right after the payment; the buyer sees it sent, never the key.
  await expectGiftState(page, /^Sent /);
  const order = page.getByTestId('order').first();
  await expect(order.getByTestId('order-gift')).toContainText('Gift for Mia Tamm');
  await expect(order.getByTestId('order-gift')).toContainText('Happy birthday, Mia!');
  await expect(order.getByTestId('gift-game')).toHaveText(`1 × ${game.title} · Steam`);
  await expect(order.getByTestId('order-item')).toHaveCount(0);
  await expect(order.getByRole('button', { name: /Withdraw from contract/ })).toBeVisible();

  await expect.poll(() => giftLinkTo(friend)).toBeTruthy();
  const link = giftLinkTo(friend) ?? '';

  const recipient = await browser.newContext({ baseURL });
  try {
    const gift = await recipient.newPage();
    await gift.goto(new URL(link).pathname);
    await expect(gift.getByRole('heading', { level: 1, name: 'A gift for you' })).toBeVisible();
    await expect(gift.getByText('Hello Mia Tamm!')).toBeVisible();
    await expect(gift.getByRole('heading', { name: 'Ana García has given you' })).toBeVisible();
    await expect(gift.getByTestId('gift-game-card')).toContainText(game.title);
    await expect(gift.getByText('Happy birthday, Mia!')).toBeVisible();
    await gift.getByRole('button', { name: 'Reveal key' }).click();
    const revealed = gift.getByRole('heading', { name: 'Your key' });
    await expect(revealed).toBeFocused();
    await expect(gift.getByTestId('gift-key')).toHaveCount(1);
    await expect(gift.getByTestId('gift-key')).toContainText(/-KEY[01]A-/);

    // Once: the link now says the gift was opened, and shows no key.
    await gift.reload();
    await expect(gift.getByRole('heading', { level: 1, name: 'This gift has been opened' })).toBeVisible();
    await expect(gift.getByTestId('gift-key')).toHaveCount(0);
  } finally {
    await recipient.close();
  }
  await expectGiftState(page, /^Opened /);
  await expect(
    page
      .getByTestId('order')
      .first()
      .getByRole('button', { name: /Withdraw/ }),
  ).toHaveCount(0);
});

test('a gift for a later day is shown scheduled, and its recipient can be corrected before it goes', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const game = await gameWithKeys(browser, baseURL, 'Gift Later', 1);
  await registerByApi(page.request, 'gift-later');
  const day = dayIn(40);
  const printed = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

  const panel = await openCartWith(page, game);
  await panel.getByRole('checkbox', { name: 'This is a gift' }).check();
  await panel.getByLabel("Recipient's name").fill('Jaan Tamm');
  await panel.getByLabel("Recipient's e-mail").fill('jaan@example.invalid');
  await panel.getByLabel('Delivery date (optional)').fill(day);
  await panel.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
  await panel.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/pay\/local\/cs_local_/);
  await payOnPaymentPage(page);
  await expect(page.getByTestId('checkout-gift')).toContainText(printed, { timeout: 20_000 });

  await expectGiftState(page, new RegExp(`^Scheduled for ${printed}$`));
  const gift = page.getByTestId('order-gift').first();
  await gift.getByRole('button', { name: 'Change the recipient' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change the recipient' });
  const corrected = uniqueEmail('gift-jaan');
  await dialog.getByLabel("Recipient's e-mail").fill(corrected);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(gift.getByRole('status')).toHaveText(`The gift will go to ${corrected}.`);
  await expect(gift).toContainText(`To ${corrected}`);
  await expect(gift.getByTestId('gift-state')).toHaveText(`Scheduled for ${printed}`);
});

test('an unknown gift link says so, without an error page', async ({ page }) => {
  await page.goto('/gift/this-is-not-the-token-of-any-gift');
  await expect(page.getByRole('heading', { level: 1, name: 'This gift link does not work' })).toBeVisible();
});
