import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { type Session, sessionQueryKey } from './get-session.ts';

export function logout(): Promise<unknown> {
  return api.post('/api/kl_api/logout');
}

/**
 * Logs out and goes to the public store. A failed call is only logged (spec section 7): the browser
 * forgets the user either way.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onError: (error) => console.warn('logout failed', error),
    onSettled: async () => {
      queryClient.setQueryData<Session>(sessionQueryKey, { user: null });
      await navigate(paths.publicStore);
    },
  });
}
