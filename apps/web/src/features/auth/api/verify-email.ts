import { queryOptions, useMutation } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import type { OkAnswer } from './forgot-password.ts';

export function verifyEmail(token: string): Promise<OkAnswer> {
  return api.post<OkAnswer>('/api/kl_api/verify_email', { token });
}

/**
 * The verification of one link, as a query: a token works once, so it must be sent once even though
 * React runs effects twice in development, and the answer is kept for the life of the page.
 */
export function verifyEmailQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['verify-email', token],
    queryFn: () => verifyEmail(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
  });
}

export function resendVerification(): Promise<OkAnswer> {
  return api.post<OkAnswer>('/api/kl_api/resend_verification');
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
