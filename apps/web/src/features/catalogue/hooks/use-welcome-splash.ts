import { useCallback, useState, useSyncExternalStore } from 'react';

/** Session storage key: set once the visitor has entered the store in this tab. */
export const SPLASH_SEEN_KEY = 'keyland.splashSeen';

/** Entered in this tab even when storage refused to keep it. */
let entered = false;
const listeners = new Set<() => void>();

function readSeen(): boolean {
  if (entered) return true;
  try {
    return window.sessionStorage.getItem(SPLASH_SEEN_KEY) === '1';
  } catch {
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whether the welcome splash stands in front of the public store. It shows once per browser tab: after
 * "enter the store" (remembered in session storage) back and forward navigation go straight to the
 * games. A link that already carries filters or a page (a shared search) skips it too. The server, which
 * cannot see the tab's storage, renders the splash; a tab that has entered already swaps it for the games
 * as soon as the page runs.
 */
export function useWelcomeSplash(hasCatalogueQuery: boolean) {
  const seen = useSyncExternalStore(subscribe, readSeen, () => false);
  const [openedWithQuery] = useState(hasCatalogueQuery);
  const enter = useCallback(() => {
    entered = true;
    try {
      window.sessionStorage.setItem(SPLASH_SEEN_KEY, '1');
    } catch {
      // Storage may be blocked: the splash then shows again on the next visit of the page.
    }
    for (const listener of listeners) listener();
  }, []);
  return { showSplash: !openedWithQuery && !hasCatalogueQuery && !seen, enter };
}
