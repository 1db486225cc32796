import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { api } from '#src/lib/api-client.ts';
import { refreshSession } from '#src/lib/session.ts';

export function logout(): Promise<unknown> {
  return api.post('/api/kl_api/logout');
}

/**
 * Logs out and goes to the public store. A failed call is only logged (spec section 7): the browser
 * forgets the user either way. The page changes first, so that a protected page being left does not
 * send the visitor to /login on its way out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.warn('logout failed', error),
    onSettled: async () => {
      await navigate(paths.publicStore);
      queryClient.removeQueries({ queryKey: ['profile'] });
      await refreshSession(queryClient, null);
    },
  });
}
