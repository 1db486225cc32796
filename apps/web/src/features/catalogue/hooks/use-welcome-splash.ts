import { useCallback, useState } from 'react';

/** Session storage key: set once the visitor has entered the store in this tab. */
export const SPLASH_SEEN_KEY = 'keyland.splashSeen';

function readSeen(): boolean {
  try {
    return window.sessionStorage.getItem(SPLASH_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether the welcome splash stands in front of the public store. It shows once per browser tab: after
 * "enter the store" (remembered in session storage) back and forward navigation go straight to the
 * games. A link that already carries filters or a page (a shared search) skips it too.
 */
export function useWelcomeSplash(hasCatalogueQuery: boolean) {
  const [seen, setSeen] = useState(() => hasCatalogueQuery || readSeen());
  const enter = useCallback(() => {
    try {
      window.sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
    } catch {
      // Storage may be blocked: the splash then shows again on the next visit of the page.
    }
    setSeen(true);
  }, []);
  return { showSplash: !seen, enter };
}
