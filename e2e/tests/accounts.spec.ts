import { registerByApi } from '../fixtures/accounts.ts';
import { uniqueEmail, waitForMailLink } from '../fixtures/mail.ts';
import { expect, test } from '../fixtures/test.ts';

const PASSWORD = 'a long enough passphrase';

test.describe('accounts', () => {
  test('registering lands on /store logged in, and the mailed link confirms the e-mail', async ({ page }) => {
    const email = uniqueEmail('register');
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Ana García López');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Country').selectOption({ label: '🇪🇸 Spain' });
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByText('User registered successfully')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Log out' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Log in' })).toHaveCount(0);

    // Not confirmed yet: the banner offers a new link.
    const banner = page.getByRole('region', { name: 'Confirm your e-mail' });
    await expect(banner).toBeVisible();

    const link = await waitForMailLink(email, '/verify-email');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'E-mail confirmed' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to the store', exact: true }).click();
    await expect(page).toHaveURL(/\/store$/);
    await expect(page.getByRole('region', { name: 'Confirm your e-mail' })).toHaveCount(0);
  });

  test('registration shows the first broken rule on its field', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Full name').fill('Ana');
    await page.getByLabel('E-mail').fill(uniqueEmail('rules'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(`${PASSWORD}!`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Repeat the password')).toHaveAccessibleDescription(
      'Passwords do not match',
    );
    await expect(page.getByLabel('Repeat the password')).toBeFocused();

    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Country')).toHaveAccessibleDescription('Choose your country.');
    await page.getByLabel('Country').selectOption({ label: '🇪🇪 Estonia' });
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Full name')).toHaveAccessibleDescription(/first name and surname/i);
    await expect(page).toHaveURL(/\/register$/);
  });

  test('logging out goes to /publicstore', async ({ page }) => {
    await registerByApi(page.request, 'logout');
    await page.goto('/store');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/publicstore$/);
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }),
    ).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the Spanish message @mobile', async ({ page }) => {
    const account = await registerByApi(page.request, 'login-fail');
    await page.context().clearCookies();
    await page.addInitScript({ content: "window.localStorage.setItem('language', 'es');" });
    await page.goto('/login');
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña', { exact: true }).fill('not the right password');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos');
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/store$/);
  });

  test('forgot password: the mailed link sets a new password that logs in', async ({ page }) => {
    const account = await registerByApi(page.request, 'forgot');
    await page.context().clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes before the new page is drawn, and the login page has an 'E-mail' field too.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByLabel('E-mail').fill(account.email);
    await expect(page.getByLabel('E-mail')).toHaveValue(account.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Instructions sent to your e-mail' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });

    const link = await waitForMailLink(account.email, '/reset-password');
    const newPassword = 'a brand new passphrase';
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your password has been changed' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Wrong e-mail or password');

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/store$/);

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat the new password').fill(newPassword);
    await page.getByRole('button', { name: 'Change the password' }).click();
    await expect(page.getByRole('alert')).toContainText('The link has expired or is invalid.');
  });

  test('a reset link without a token says so', async ({ page }) => {
    await page.goto('/reset-password');
    await expect(page.getByRole('alert')).toContainText('Invalid or missing token.');
  });

  test('profile changes persist across a reload', async ({ page }) => {
    const account = await registerByApi(page.request, 'profile');
    await page.goto('/profile');
    await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue(account.email);
    await expect(page.getByLabel('E-mail', { exact: true })).not.toBeEditable();
    await expect(page.getByLabel('Full name')).toHaveValue(account.fullName);

    await page.getByLabel('Full name').fill('Ana María García');
    await page.getByLabel('Country').selectOption({ label: '🇪🇪 Estonia' });
    await page.getByLabel('Language', { exact: true }).selectOption({ label: 'Eesti' });
    await page.getByLabel('About you').fill('I like <b>RPGs</b> and strategy games.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile updated successfully' })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('Full name')).toHaveValue('Ana María García');
    await expect(page.getByLabel('Country')).toHaveValue('64');
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('et');
    await expect(page.getByLabel('About you')).toHaveValue('I like RPGs and strategy games.');

    await page.getByLabel('Full name').fill('Ana');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByLabel('Full name')).toHaveAccessibleDescription(/first name and surname/i);
  });

  for (const route of ['/store', '/History', '/profile', '/checkout']) {
    test(`a visitor opening ${route} is sent to /login`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
    });
  }
});
