import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLoggedIn } from '#src/features/auth/api/login.ts';
import { finishPasskeyLogin, startPasskeyLogin } from '#src/features/auth/api/passkey-login.ts';
import { ApiError } from '#src/lib/api-client.ts';

/** The person closed the browser's prompt, or another ceremony replaced this one: nothing to report. */
export function isPasskeyCancel(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
  return name === 'NotAllowedError' || name === 'AbortError';
}

/**
 * Passkeys work in this browser, on this page: a WebAuthn browser, and a page opened by a domain name
 * (an IP address cannot be the store's RP ID, so the browser would refuse every ceremony there).
 */
function passkeysAvailable(): boolean {
  const host = window.location.hostname;
  return browserSupportsWebAuthn() && !/^[\d.]+$|:/.test(host);
}

/**
 * Logging in with a passkey: `prompt()` for the button, and — while the form is shown, in browsers that
 * offer it — the passkeys in the e-mail field's autofill (conditional mediation), armed again after each
 * attempt that did not log in. A failure to arm the autofill stays silent (the password still works);
 * the failure of an answered attempt is reported, a cancelled one is not. Pages opened by an IP address
 * offer no passkeys.
 */
export function usePasskeyLogin({ onLoggedIn }: { onLoggedIn?: () => void } = {}) {
  const loggedIn = useLoggedIn(onLoggedIn);
  // Known only in the browser, after the first render (which the server may have made).
  const [supported, setSupported] = useState(false);
  const [round, setRound] = useState(0);
  const [failure, setFailure] = useState<unknown>(null);

  const prompt = useMutation({
    mutationFn: async () => finishPasskeyLogin(await startPasskeyLogin(), { autofill: false }),
    onMutate: () => setFailure(null),
    onSuccess: ({ user }) => loggedIn(user),
    onError: (error) => {
      if (!isPasskeyCancel(error)) setFailure(error);
      setRound((r) => r + 1);
    },
  });

  useEffect(() => {
    setSupported(passkeysAvailable());
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` re-arms the autofill after an attempt.
  useEffect(() => {
    let active = true;
    void (async () => {
      if (!passkeysAvailable() || !(await browserSupportsWebAuthnAutofill())) return;
      const options = await startPasskeyLogin().catch(() => null);
      if (!options || !active) return;
      try {
        const { user } = await finishPasskeyLogin(options, { autofill: true });
        if (active) await loggedIn(user);
      } catch (error) {
        // Only the store's refusal of a passkey the person picked is reported (and the autofill armed
        // again); the browser's refusals come before anyone answered, and would only come again.
        if (!active || !(error instanceof ApiError)) return;
        setFailure(error);
        setRound((r) => r + 1);
      }
    })();
    return () => {
      active = false;
      WebAuthnAbortService.cancelCeremony();
    };
  }, [round]);

  return {
    supported,
    prompt: () => prompt.mutate(),
    isPending: prompt.isPending,
    error: failure,
  };
}
