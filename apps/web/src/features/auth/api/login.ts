import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { SessionUser } from './get-session.ts';
import { refreshSession } from './session-cache.ts';

export interface LoginInput {
  email: string;
  password: string;
}

export function login(input: LoginInput): Promise<{ user: SessionUser }> {
  return api.post<{ user: SessionUser }>('/api/kl_api/login', input);
}

/**
 * Logs in; `onLoggedIn` runs even if the form has gone by then, and the new session user is put in the
 * cache right after.
 */
export function useLogin({ onLoggedIn }: { onLoggedIn?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ user }) => {
      queryClient.removeQueries({ queryKey: ['profile'] });
      onLoggedIn?.();
      await refreshSession(queryClient, user);
    },
  });
}
