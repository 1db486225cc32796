import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { PasskeyLoginButton } from './passkey-login-button.tsx';

const browser = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  browserSupportsWebAuthnAutofill: vi.fn(async () => false),
  startAuthentication: vi.fn(),
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));
vi.mock('@simplewebauthn/browser', () => browser);

const options = { challenge: 'c2lnbi1tZQ', rpId: 'keyland.test', userVerification: 'required' };
const answer = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: { signature: 'c2ln' } };
const user = { email: 'ana@example.com', country: 68, kl_user_role: 'user', kl_email_verified: true };

/** The store's passkey calls: a challenge, then the login (or `refusal`). */
function stubStore(refusal?: { status: number; error: string }) {
  return stubFetch(({ url }) => {
    if (url === '/api/kl_api/login/passkey/start') return jsonResponse(200, options);
    if (url === '/api/kl_api/login/passkey/finish')
      return refusal
        ? jsonResponse(refusal.status, { ...refusal, message: 'x' })
        : jsonResponse(200, { user });
    return jsonResponse(200, { user: null });
  });
}

const button = () => screen.findByRole('button', { name: 'Use a passkey' });

describe('the passkey login button', () => {
  beforeAll(() => setupI18n('en'));
  beforeEach(() => {
    browser.browserSupportsWebAuthn.mockReturnValue(true);
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(false);
    browser.startAuthentication.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is not offered by a browser without passkeys', async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(false);
    const calls = stubStore();
    renderWithProviders(<PasskeyLoginButton onLoggedIn={vi.fn()} />);
    await waitFor(() => expect(browser.browserSupportsWebAuthn).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks the browser for a passkey and logs in with its answer', async () => {
    const calls = stubStore();
    browser.startAuthentication.mockResolvedValue(answer);
    const onLoggedIn = vi.fn();
    renderWithProviders(<PasskeyLoginButton onLoggedIn={onLoggedIn} />);
    fireEvent.click(await button());
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: options,
      useBrowserAutofill: false,
    });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['POST', '/api/kl_api/login/passkey/start'],
      ['POST', '/api/kl_api/login/passkey/finish'],
    ]);
    expect(calls[1]?.body).toEqual({ response: answer });
  });

  it('says why the store refused the passkey, and nothing when the person cancelled', async () => {
    stubStore({ status: 401, error: 'PASSKEY_UNKNOWN' });
    browser.startAuthentication.mockResolvedValue(answer);
    const onLoggedIn = vi.fn();
    renderWithProviders(<PasskeyLoginButton onLoggedIn={onLoggedIn} />);
    fireEvent.click(await button());
    expect((await screen.findByRole('alert')).textContent).toContain(
      'This passkey is not registered with Keyland',
    );

    browser.startAuthentication.mockRejectedValue(
      Object.assign(new Error('closed'), { name: 'NotAllowedError' }),
    );
    fireEvent.click(await button());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect((await button()).hasAttribute('disabled')).toBe(false);
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('stays silent, and does not try again, when the browser refuses the autofill itself', async () => {
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    const calls = stubStore();
    browser.startAuthentication.mockRejectedValue(
      Object.assign(new Error('invalid domain'), { name: 'SecurityError' }),
    );
    renderWithProviders(<PasskeyLoginButton onLoggedIn={vi.fn()} />);
    await waitFor(() => expect(browser.startAuthentication).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(browser.startAuthentication).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('offers the passkeys in the e-mail field’s suggestions when the browser can', async () => {
    browser.browserSupportsWebAuthnAutofill.mockResolvedValue(true);
    const calls = stubStore();
    browser.startAuthentication.mockResolvedValue(answer);
    const onLoggedIn = vi.fn();
    renderWithProviders(<PasskeyLoginButton onLoggedIn={onLoggedIn} />);
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1));
    expect(browser.startAuthentication).toHaveBeenCalledWith({
      optionsJSON: options,
      useBrowserAutofill: true,
    });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/kl_api/login/passkey/start',
      '/api/kl_api/login/passkey/finish',
    ]);
  });
});
