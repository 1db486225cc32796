import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadShopPart } from '#src/lib/i18n.ts';

export interface Deferred<P extends object> {
  /** The widget, rendered inside a Suspense boundary once it is wanted. */
  Component: LazyExoticComponent<ComponentType<P>>;
  /** Starts loading its code (on hover or focus of its trigger), so a click seldom waits. */
  preload: () => void;
}

/**
 * A widget whose code (Radix dialogs and menus, the cart panel) is not part of the first page: it loads
 * when the visitor shows interest in it, with the shopper's texts beyond the first page's (src/lib/i18n.ts),
 * and a lookalike trigger stands in until then.
 */
export function deferred<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Deferred<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    pending ??= Promise.all([load(), loadShopPart()]).then(
      ([module]) => module,
      (error: unknown) => {
        pending = undefined; // a failed download is tried again on the next interest
        throw error;
      },
    );
    return pending;
  };
  return {
    Component: lazy(start),
    preload: () => {
      start().catch(() => {});
    },
  };
}
