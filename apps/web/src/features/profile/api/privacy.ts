import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { api } from '../../../lib/api-client.ts';
import { refreshSession } from '../../auth/api/session-cache.ts';

/** The JSON download of the customer's data (GDPR art. 20), served with a file name by the API. */
export const dataExportHref = '/api/account/export';

/** Erases the account after the password; the session ends and the visitor lands on the store. */
export function useEraseAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (password: string) => api.post('/api/account/delete', { password }),
    onSuccess: async () => {
      await navigate(paths.publicStore);
      queryClient.clear();
      await refreshSession(queryClient, null);
    },
  });
}
