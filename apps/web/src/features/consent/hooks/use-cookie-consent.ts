import { useSyncExternalStore } from 'react';
import { acceptConsent, readConsent, subscribeConsent } from '#src/features/consent/utils/consent-storage.ts';

/** Whether the cookie banner was accepted (in this tab or another), and the way to accept it. */
export function useCookieConsent(): { accepted: boolean; accept: () => void } {
  const accepted = useSyncExternalStore(subscribeConsent, readConsent, () => false);
  return { accepted, accept: acceptConsent };
}
