import type { QueryClient } from '@tanstack/react-query';
import { type Session, type SessionUser, sessionQueryKey } from './get-session.ts';

/**
 * After login, registration, logout or a profile change: take the user the server answered with at once
 * (no flash of the wrong navigation bar), then ask the server again so that every field is fresh.
 */
export async function refreshSession(queryClient: QueryClient, user?: SessionUser | null): Promise<void> {
  if (user !== undefined) queryClient.setQueryData<Session>(sessionQueryKey, { user });
  await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}
