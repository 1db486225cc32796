import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

/** Client errors (4xx) will not change by asking again; network and server failures get one retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** The session check's query key (features/auth/api/get-session.ts). */
const SESSION_KEY = ['session'];

/**
 * A 401 from any call while the page thinks someone is logged in means the session ended on the server
 * (expired, logged out elsewhere, password changed): read the session again, so that the navigation bar
 * and the protected pages follow (they send the visitor to /login) instead of failing one by one.
 */
function refreshSessionOn401(queryClient: QueryClient, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401 || error.error === 'INVALID_CREDENTIALS') return;
  const session = queryClient.getQueryData<{ user: unknown }>(SESSION_KEY);
  if (session?.user) void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => refreshSessionOn401(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => refreshSessionOn401(queryClient, error) }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
