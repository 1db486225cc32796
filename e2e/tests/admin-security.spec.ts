import * as OTPAuth from 'otpauth';
import { demoAdmin, submitAdminLogin } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

const PERIOD_MS = 30_000;

/** Waits until at least 8 s remain in the current 30 s step, so the codes made now stay valid. */
async function awayFromStepEdge(): Promise<void> {
  const left = PERIOD_MS - (Date.now() % PERIOD_MS);
  if (left < 8_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

/** The code of the step `offset` steps from now, as an authenticator app computes it. */
function codeAt(secret: string, offset: number): string {
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offset * PERIOD_MS });
}

const logIn = submitAdminLogin;

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('an admin switches on a second factor, logs in with a code, then switches it off', async ({ page }) => {
  test.setTimeout(120_000);
  await logIn(page);
  await expect(page).toHaveURL(/\/store$/);
  let secret: string | undefined;
  try {
    await page.goto('/admin/security');
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    secret = (await page.getByTestId('totp-secret').textContent())?.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const key = secret ?? '';

    // The enabling code (step −1), the login code (step 0) and the disabling code (step +1) are three
    // different time steps, each accepted once.
    await awayFromStepEdge();
    await page.getByLabel('6-digit code').fill(codeAt(key, -1));
    await page.getByRole('button', { name: 'Switch on' }).click();
    await expect(page.getByText('Logging in needs your password and a code')).toBeVisible();

    const logout = await page.request.post('/api/kl_api/logout', { data: {} });
    expect(logout.ok()).toBe(true);
    await logIn(page);
    await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
    await expect(page.getByLabel('6-digit code')).toBeFocused();
    // The session only exists after the code.
    const before = await page.request.get('/api/kl_api/user_online');
    expect(await before.json()).toEqual({ user: null });
    await page.getByLabel('6-digit code').fill('000000');
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(page.getByText('The code is not valid')).toBeVisible();
    await page.getByLabel('6-digit code').fill(codeAt(key, 0));
    await page.getByRole('button', { name: 'Verify and log in' }).click();
    await expect(page).toHaveURL(/\/store$/);

    await page.goto('/admin/security');
    await page.getByLabel('Code to switch the second factor off').fill(codeAt(key, 1));
    await page.getByRole('button', { name: 'Switch off' }).click();
    await expect(page.getByText('Logging in needs only your password.')).toBeVisible();
    secret = undefined;
  } finally {
    // Leave the shared demo admin without a second factor for the other tests, even after a failure.
    if (secret) {
      const key = secret;
      const nextStep = () =>
        new Promise((resolve) => setTimeout(resolve, PERIOD_MS - (Date.now() % PERIOD_MS) + 500));
      // The test may have stopped logged out: log in again (with a code if needed), then switch it off.
      const admin = demoAdmin();
      const login = await page.request.post('/api/kl_api/login', {
        data: { email: admin.email, password: admin.password },
      });
      const answer = (await login.json().catch(() => ({}))) as { totpRequired?: boolean; challenge?: string };
      if (answer.totpRequired && answer.challenge) {
        await nextStep();
        await page.request.post('/api/kl_api/login/totp', {
          data: { challenge: answer.challenge, code: codeAt(key, 0) },
        });
      }
      await nextStep();
      await page.request.post('/api/admin/security/totp/disable', { data: { code: codeAt(key, 0) } });
    }
  }
});

test('an admin uploads a cover for a game and the store serves it', async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/store$/);
  const list = await page.request.get('/api/admin/products?limit=1');
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: { id: number; title: string }[] };
  const game = items[0];
  if (!game) throw new Error('The seed catalogue is empty');
  await page.goto(`/admin/products/${game.id}`);
  await expect(page.getByRole('heading', { name: 'Cover image' })).toBeVisible();
  await page.getByTestId('admin-cover-input').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: TINY_PNG,
  });
  await expect(page.getByText('Cover updated.')).toBeVisible();
  const image = page.getByTestId('admin-cover-image');
  await expect(image).toHaveAttribute('src', /^\/media\/uploads\/covers\/[a-f0-9]{32}\.png$/);
  const src = (await image.getAttribute('src')) ?? '';
  const served = await page.request.get(src);
  expect(served.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await served.body()).equals(TINY_PNG)).toBe(true);
});
