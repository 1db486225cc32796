import type { SessionUser } from '@keyland/core/schemas/accounts';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { sessionQueryKey } from './query-keys.ts';

export type { SessionUser };

/** The answer of the session check (userOnlineResponseSchema). */
export interface Session {
  user: SessionUser | null;
}

const LOGGED_OUT: Session = { user: null };

/** Asks the server who is logged in. Any failure (no session, server down) means logged out. */
export async function getSession({ signal }: { signal?: AbortSignal } = {}): Promise<Session> {
  try {
    const session = await api.get<Session | null>('/api/kl_api/user_online', { signal });
    return session?.user ? session : LOGGED_OUT;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return LOGGED_OUT;
  }
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getSession({ signal }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The session: `isPending` while the first check runs, then `user` (null for a visitor). */
export function useSession() {
  const query = useQuery(getSessionQueryOptions());
  const user = query.data?.user ?? null;
  return {
    user,
    isPending: query.isPending,
    isLoggedIn: user !== null,
    isAdmin: user?.kl_user_role === 'admin',
  };
}

/**
 * After login, registration, logout or a profile change: take the user the server answered with at once
 * (no flash of the wrong navigation bar), then ask the server again so that every field is fresh.
 */
export async function refreshSession(queryClient: QueryClient, user?: SessionUser | null): Promise<void> {
  if (user !== undefined) queryClient.setQueryData<Session>(sessionQueryKey, { user });
  await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
}
