import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { api } from '#src/lib/api-client.ts';
import { refreshSession } from '#src/lib/session.ts';

/** The JSON download of the customer's data (GDPR art. 20), served with a file name by the API. */
export const dataExportHref = '/api/account/export';

/**
 * Erases the account after the password. The page stays to confirm it; `leave()` then forgets the session
 * and goes to the public store.
 */
export function useEraseAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: (password: string) => api.post('/api/account/delete', { password }),
  });
  return {
    ...mutation,
    async leave() {
      await navigate(paths.publicStore);
      queryClient.clear();
      await refreshSession(queryClient, null);
    },
  };
}
