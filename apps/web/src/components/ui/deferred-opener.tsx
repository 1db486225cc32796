import { type ReactNode, Suspense, useState } from 'react';
import { NEEDS_JAVASCRIPT } from './javascript-note.tsx';

/**
 * The button of a menu or dialog whose code loads on first use (see deferred.ts). It starts the download
 * when pointed at or focused, and once clicked renders `open()` — the real component, opened — keeping its
 * own look while that code arrives, so the bar never changes under the visitor's hand.
 */
export function DeferredOpener({
  preload,
  open,
  popup,
  className,
  label,
  children,
}: {
  preload: () => void;
  open: () => ReactNode;
  popup: 'menu' | 'dialog';
  className: string;
  /** The accessible name, when the button's content does not give one. */
  label?: string;
  children: ReactNode;
}): ReactNode {
  const [wanted, setWanted] = useState(false);
  const standIn = (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-haspopup={popup}
      aria-expanded={wanted}
      onPointerEnter={preload}
      onFocus={preload}
      onClick={() => setWanted(true)}
      {...NEEDS_JAVASCRIPT}
    >
      {children}
    </button>
  );
  if (!wanted) return standIn;
  return <Suspense fallback={standIn}>{open()}</Suspense>;
}
