import { useSyncExternalStore } from 'react';
import { acceptConsent, readConsent, subscribeConsent } from '#src/features/consent/utils/consent-storage.ts';

/**
 * Whether the cookie banner was accepted (in this tab or another), and the way to accept it. The answer
 * lives in the browser's storage, which the server cannot read: a page it renders counts as answered, so
 * the banner is drawn only once the app runs, for a visitor who has not answered. Drawn by the server, it
 * showed to every returning visitor until the app took it away, and everything beside it moved.
 */
export function useCookieConsent(): { accepted: boolean; accept: () => void } {
  const accepted = useSyncExternalStore(subscribeConsent, readConsent, () => true);
  return { accepted, accept: acceptConsent };
}
