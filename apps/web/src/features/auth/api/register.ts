import type { RegisterRequest } from '@keyland/core/schemas/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import type { SessionUser } from '#src/lib/session.ts';
import { refreshSession } from '#src/lib/session.ts';

export type RegisterInput = RegisterRequest;

export function register(input: RegisterInput): Promise<{ user: SessionUser; message: string }> {
  return api.post<{ user: SessionUser; message: string }>('/api/kl_api/register', input);
}

/**
 * Creates the account; the server logs the new customer in, so the session is refreshed. `onRegistered`
 * runs even if the form has gone by then (the session change already moves a logged-in user on).
 */
export function useRegister({ onRegistered }: { onRegistered?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: async ({ user }) => {
      queryClient.removeQueries({ queryKey: ['profile'] });
      onRegistered?.();
      await refreshSession(queryClient, user);
    },
  });
}
