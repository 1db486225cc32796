import type { PasskeyRequestOptions } from '@keyland/core/schemas/passkeys';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { api } from '#src/lib/api-client.ts';
import type { SessionUser } from '#src/lib/session.ts';

/** The server's challenge for a passkey login (any passkey of the store: no e-mail needed). */
export function startPasskeyLogin(): Promise<PasskeyRequestOptions> {
  return api.post<PasskeyRequestOptions>('/api/kl_api/login/passkey/start');
}

/**
 * The browser asks the person for a passkey — in a prompt, or with `autofill` among the suggestions of
 * the e-mail field — and the signed answer logs in. Rejects with the browser's error when the person
 * cancels (`NotAllowedError`) or another ceremony took over (`AbortError`), and with an ApiError when the
 * server refuses the answer.
 */
export async function finishPasskeyLogin(
  options: PasskeyRequestOptions,
  { autofill }: { autofill: boolean },
): Promise<{ user: SessionUser }> {
  const response = await startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  });
  return api.post<{ user: SessionUser }>('/api/kl_api/login/passkey/finish', { response });
}
