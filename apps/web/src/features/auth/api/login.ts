import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import type { SessionUser } from '#src/lib/session.ts';
import { refreshSession } from '#src/lib/session.ts';

export interface LoginInput {
  email: string;
  password: string;
}

/** A logged-in user, or (an admin with a second factor) the challenge to answer with a code. */
export type LoginAnswer = { user: SessionUser } | { totpRequired: true; challenge: string };

export function login(input: LoginInput): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/api/kl_api/login', input);
}

export function loginWithCode(input: { challenge: string; code: string }): Promise<LoginAnswer> {
  return api.post<LoginAnswer>('/api/kl_api/login/totp', input);
}

/**
 * What follows any login (password, code or passkey): the previous account's profile is forgotten,
 * `onLoggedIn` runs, and the new session user is put in the cache.
 */
export function useLoggedIn(onLoggedIn?: () => void): (user: SessionUser) => Promise<void> {
  const queryClient = useQueryClient();
  return async (user) => {
    queryClient.removeQueries({ queryKey: ['profile'] });
    onLoggedIn?.();
    await refreshSession(queryClient, user);
  };
}

/**
 * Logs in (password step, or the code step of an admin with a second factor); `onLoggedIn` runs even if
 * the form has gone by then, and the new session user is put in the cache right after. `onCodeNeeded`
 * gets the challenge when the password was right but a code is still needed.
 */
export function useLogin({
  onLoggedIn,
  onCodeNeeded,
}: {
  onLoggedIn?: () => void;
  onCodeNeeded?: (challenge: string) => void;
} = {}) {
  const loggedIn = useLoggedIn(onLoggedIn);
  const onSuccess = async (answer: LoginAnswer) => {
    if ('challenge' in answer) {
      onCodeNeeded?.(answer.challenge);
      return;
    }
    await loggedIn(answer.user);
  };
  const password = useMutation({ mutationFn: login, onSuccess });
  const code = useMutation({ mutationFn: loginWithCode, onSuccess });
  return { password, code };
}
