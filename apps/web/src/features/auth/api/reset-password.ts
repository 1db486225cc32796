import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { refreshSession } from '#src/lib/session.ts';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** The answer of reset_password: `{success, message}` (a 400 arrives as an ApiError with its code). */
export interface ResetPasswordAnswer {
  success: boolean;
  message: string;
  error?: string;
}

export function resetPassword(input: ResetPasswordInput): Promise<ResetPasswordAnswer> {
  return api.post<ResetPasswordAnswer>('/api/kl_api/reset_password', input);
}

/** Sets a new password; the server ends every session of the account, so the session is re-read. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSettled: () => refreshSession(queryClient),
  });
}
