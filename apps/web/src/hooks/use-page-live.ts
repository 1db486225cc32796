import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

/**
 * False while the server renders a page and while the browser takes it over, true from then on (React
 * draws again right after hydration when this differs from the server's answer). For what is drawn only
 * in the browser: drawn by the server, it would be on screen before it can answer, or in another place.
 */
export function usePageLive(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
}
