import { useMutation } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';

export interface OkAnswer {
  success: true;
  message: string;
}

/** Asks for a reset link; the server answers the same whether or not the account exists. */
export function forgotPassword(email: string): Promise<OkAnswer> {
  return api.post<OkAnswer>('/api/kl_api/forgot_password', { email });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
