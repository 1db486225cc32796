import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { profileQueryOptions } from '#src/features/profile/api/profile.ts';
import { ProfileView } from '#src/features/profile/components/profile-view.tsx';
import { sessionQueryKey } from '#src/lib/query-keys.ts';
import type { Session } from '#src/lib/session.ts';

/** Starts reading the profile while the page's code loads, for a logged-in customer only. */
export const clientLoader = (queryClient: QueryClient) => async () => {
  if (queryClient.getQueryData<Session>(sessionQueryKey)?.user)
    void queryClient.prefetchQuery(profileQueryOptions());
  return null;
};

/** /profile: profile editing (the session guard sends visitors to /login). */
export default function ProfileRoute(): ReactNode {
  return <ProfileView />;
}
