import type { CDPSession, Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { registerByApi, submitAdminLogin } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

// Passkeys need a domain: the store's pages are opened at localhost (an IP address cannot be an RP ID).
test.use({ storeHost: 'localhost' });

/**
 * Chromium's virtual authenticator in this page: a platform authenticator (like a phone's or a laptop's)
 * that keeps discoverable credentials and verifies its user, answering at once.
 */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

/** From the next page on, the browser offers no passkey autofill: logging in takes the button. */
async function withoutPasskeyAutofill(page: Page): Promise<void> {
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/publicstore$/);
}

async function addPasskeyInProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  const section = page.getByTestId('passkeys-section');
  await expect(section.getByText('No passkeys yet.', { exact: false })).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Passkey added. You can log in with it now.')).toBeVisible();
  await expect(section.getByTestId('passkey-item')).toHaveCount(1);
}

test('a customer adds a passkey, logs in with it from the autofill and the button, and removes it', async ({
  page,
}) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const account = await registerByApi(page.request, 'passkey');
  await addPasskeyInProfile(page);
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

  const section = page.getByTestId('passkeys-section');
  await section.getByRole('button', { name: 'Rename Passkey' }).click();
  await section.getByRole('textbox', { name: 'Name' }).fill('Test laptop');
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(section.getByRole('button', { name: 'Rename Test laptop' })).toBeFocused();
  await expect(section.getByTestId('passkey-item')).toContainText('Not used yet');

  // The e-mail field offers the passkey (conditional mediation); the virtual authenticator picks it.
  await logOut(page);
  await page.goto('/login');
  await expect(page.getByLabel('E-mail')).toHaveAttribute('autocomplete', 'username webauthn');
  await expect(page).toHaveURL(/\/store$/);
  const session = await page.request.get('/api/kl_api/user_online');
  expect((await session.json()).user.email).toBe(account.email);

  // Without autofill, the button asks for the passkey.
  await withoutPasskeyAutofill(page);
  await logOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/store$/);
  const { credentials: used } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(used[0]?.signCount).toBeGreaterThanOrEqual(3);

  await page.goto('/profile');
  await expect(section.getByTestId('passkey-item')).toContainText('Last used');
  await section.getByRole('button', { name: 'Remove Test laptop' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this passkey?' });
  await expect(dialog).toContainText('“Test laptop” will no longer log you in');
  await dialog.getByRole('button', { name: 'Remove passkey' }).click();
  await expect(section.getByText('Passkey removed.')).toBeVisible();
  await expect(section.getByTestId('passkey-item')).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Add a passkey' })).toBeFocused();

  // The authenticator still holds it, but the store no longer knows it.
  await logOut(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('This passkey is not registered with Keyland');
  await expect(page).toHaveURL(/\/login$/);
});

test('an admin with a second factor logs in with a passkey without the code step', async ({ page }) => {
  await virtualAuthenticator(page);
  await submitAdminLogin(page);
  await expect(page).toHaveURL(/\/store$/);
  await addPasskeyInProfile(page);

  // The second factor goes on (a code of the current step; this store is this file's own).
  const setup = await page.request.post('/api/admin/security/totp/setup', { data: {} });
  const { secret } = (await setup.json()) as { secret: string };
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();
  expect((await page.request.post('/api/admin/security/totp/enable', { data: { code } })).ok()).toBe(true);

  await withoutPasskeyAutofill(page);
  await logOut(page);
  await submitAdminLogin(page);
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/store$/);
  await page.goto('/admin/security');
  await expect(page.getByText('Logging in needs your password and a code')).toBeVisible();
});
