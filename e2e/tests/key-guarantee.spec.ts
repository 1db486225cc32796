import { demoAdmin, registerByApi } from '../fixtures/accounts.ts';
import { receivedMails, uniqueEmail } from '../fixtures/mail.ts';
import { buyOneKey, gameWithKeys } from '../fixtures/shop.ts';
import { expect, test } from '../fixtures/test.ts';

type HistoryOrder = { id: number; items: { key_id?: number; wcs_activation_key: string }[] };

/** The subjects and bodies of the mails sent to an address so far. */
const mailsTo = (address: string) =>
  receivedMails().filter((mail) => mail.to.toLowerCase().includes(address.toLowerCase()));

test('a customer reports a key that does not work and gets a working one at once, in history and by mail', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // A game of its own with a spare key, so nothing another test buys decides the outcome.
  const game = await gameWithKeys(browser, baseURL, 'Claimable Quest', 2);
  const account = await registerByApi(page.request, 'claim');
  const orderId = await buyOneKey(page, game);
  const keysOf = async () => {
    const orders = (await (
      await page.request.post('/api/kl_api/get_completed_orders', { data: {} })
    ).json()) as HistoryOrder[];
    return orders.find((o) => o.id === orderId)?.items ?? [];
  };
  const [before] = await keysOf();

  await page.goto('/History');
  const order = page.locator(`[data-order-id="${orderId}"]`);
  await order.getByRole('button', { name: `Report a problem with the key of ${game.title}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: 'The key was already used' }).check();
  await dialog.getByLabel('Details (optional)').fill('Steam says the code was already redeemed.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(page.getByRole('heading', { name: 'Key replaced' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  // History: a new key in place of the old one, and the report with its outcome.
  await expect.poll(async () => (await keysOf())[0]?.key_id).not.toBe(before?.key_id);
  const [after] = await keysOf();
  expect(after?.wcs_activation_key).not.toBe(before?.wcs_activation_key);
  await expect(order.getByText('Replaced with a new key')).toBeVisible();

  // The new key by mail.
  await expect
    .poll(
      () =>
        mailsTo(account.email)
          .filter((mail) => mail.subject === `Keyland: your new key for order ${orderId}`)
          .some((mail) => mail.bodies.some((body) => body.includes(after?.wcs_activation_key ?? '?'))),
      { timeout: 30_000 },
    )
    .toBe(true);
});

test('a visitor writes through the contact form and an admin answers by e-mail', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('visitor');
  const subject = `Region question ${Date.now().toString(36)}`;
  // The form refuses what is sent faster than a person types: the page's clock is moved on, not waited for.
  await page.clock.install();
  await page.goto('/contactPage');
  await page.getByLabel('Your name').fill('Vera Visitor');
  await page.getByLabel('Your e-mail address').fill(email);
  await page.getByLabel('Subject').fill(subject);
  await page
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Hello! Does a key for the EU activate in Norway too?');
  await page.getByRole('checkbox', { name: /I agree that Keyland processes my message/ }).check();
  await page.clock.fastForward(10_000);
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
  const number = /T-\d{6}/.exec((await page.getByText(/Your ticket number is/).textContent()) ?? '')?.[0];
  expect(number).toBeTruthy();
  await expect
    .poll(() => mailsTo(email).some((mail) => mail.subject.includes(number ?? '?')), { timeout: 30_000 })
    .toBe(true);

  // The admin answers from the back office.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await admin.getByLabel('E-mail').fill(demoAdmin().email);
  await admin.getByLabel('Password', { exact: true }).fill(demoAdmin().password);
  await admin.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(admin).toHaveURL(/\/store$/);
  await admin.goto('/admin/support');
  await admin.getByRole('link', { name: subject }).click();
  await admin
    .getByLabel('Your answer')
    .fill('Hello Vera, yes: EU keys activate in Norway, Iceland and Liechtenstein too.');
  await admin.getByRole('button', { name: 'Send reply' }).click();
  await expect(admin.getByText(`Answer to ${number} sent to ${email}.`)).toBeVisible();
  await adminContext.close();

  await expect
    .poll(
      () =>
        mailsTo(email).some(
          (mail) =>
            mail.subject === `Re: ${subject} (${number})` &&
            mail.bodies.some((body) => body.includes('activate in Norway, Iceland and Liechtenstein')),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
});
