import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
} from 'react';

/*
 * The first render of a page the server rendered must give the very HTML the server sent (hydration):
 * anything the browser knows and the server does not (the clock, the time zone) waits until after it.
 */

interface FirstRenderValue {
  /** The time to start from: the server's render time while hydrating, else the clock. */
  now: () => number;
}

const FirstRenderContext = createContext<FirstRenderValue>({ now: () => Date.now() });

export interface FirstRenderProps {
  /** When the server rendered the page (ms since the epoch); absent for a page the browser renders. */
  renderedAt?: number | undefined;
  /** Called once the first render is on screen (after hydration). */
  onShown?: () => void;
  children: ReactNode;
}

/**
 * Wraps the app on the server and in the browser alike (the same tree, so `useId` agrees). Components
 * that start from the current time read it with `useFirstRenderNow`: the server's render time until the
 * first render is on screen, the clock after.
 */
export function FirstRender({ renderedAt, onShown, children }: FirstRenderProps): ReactNode {
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    onShown?.();
  }, [onShown]);
  const value = useMemo<FirstRenderValue>(
    () => ({ now: () => (renderedAt !== undefined && !shown.current ? renderedAt : Date.now()) }),
    [renderedAt],
  );
  return <FirstRenderContext.Provider value={value}>{children}</FirstRenderContext.Provider>;
}

/** The time a component starts from in its first render (`useState(() => now())`). */
export function useFirstRenderNow(): () => number {
  return useContext(FirstRenderContext).now;
}

const subscribeNothing = () => () => {};

/**
 * False on the server and while the browser hydrates its HTML, true from the render after: what depends
 * on the browser alone (its time zone) is shown then, without a hydration mismatch.
 */
export function useAfterHydration(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
