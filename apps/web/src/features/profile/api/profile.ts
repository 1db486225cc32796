import type { Profile, UpdateProfileRequest } from '@keyland/core/schemas/accounts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '#src/lib/api-client.ts';
import { refreshSession } from '#src/lib/session.ts';

export type { Profile };

export const profileQueryKey = ['profile'] as const;

export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return api.get<Profile>('/api/kl_api/user_profile', { signal });
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile({ signal }),
    staleTime: 0,
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export function updateProfile(input: UpdateProfileRequest): Promise<Profile & { message: string }> {
  return api.post<Profile & { message: string }>('/api/kl_api/update_profile', input);
}

/** Saves the profile; the answer is the stored profile, and the session (country) is read again. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async ({ message: _, ...profile }) => {
      queryClient.setQueryData<Profile>(profileQueryKey, profile);
      await refreshSession(queryClient);
    },
  });
}
