import type { Passkey, PasskeyCreationOptions, PasskeyList } from '@keyland/core/schemas/passkeys';
import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';

export type { Passkey };

/** Under the profile's key, so that a login or logout forgets it with the profile. */
export const passkeysQueryKey = ['profile', 'passkeys'] as const;

export function passkeysQueryOptions() {
  return queryOptions({
    queryKey: passkeysQueryKey,
    queryFn: ({ signal }) => api.get<PasskeyList>('/api/account/passkeys', { signal }),
    select: (list) => list.passkeys,
    staleTime: 0,
  });
}

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/**
 * The registration ceremony: the server's options, the browser's question to the person (their device
 * makes the passkey), and the server's check of the answer, which stores it. Rejects with the browser's
 * error when the person cancels (`NotAllowedError`) or the device already holds one (`InvalidStateError`).
 */
async function addPasskey(): Promise<Passkey> {
  const options = await api.post<PasskeyCreationOptions>('/api/account/passkeys/registration/start');
  const response = await startRegistration({
    optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
  });
  return api.post<Passkey>('/api/account/passkeys/registration/finish', { response });
}

/** After any change the list is read again (whether each passkey may be removed depends on the others). */
function useRefreshPasskeys() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: passkeysQueryKey });
}

export function useAddPasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({ mutationFn: addPasskey, onSuccess: refresh });
}

export function useRenamePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      api.patch<Passkey>(`/api/account/passkeys/${id}`, { name }),
    onSuccess: refresh,
  });
}

export function useRemovePasskey() {
  const refresh = useRefreshPasskeys();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api/account/passkeys/${id}/remove`),
    onSuccess: refresh,
  });
}
