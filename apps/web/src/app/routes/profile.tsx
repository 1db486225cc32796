import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Session, sessionQueryKey } from '../../features/auth/api/get-session.ts';
import { profileQueryOptions } from '../../features/profile/api/profile.ts';
import { ProfileView } from '../../features/profile/components/profile-view.tsx';

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
