import { useCallback, useEffect, useRef, useState } from 'react';

/** How long "copied" stays on the button (spec section 9). */
export const COPIED_MS = 2000;

export type CopyState = 'idle' | 'copied' | 'failed';

/**
 * Copies text with the Clipboard API; 'copied' for 2 s, or 'failed' (shown) when the browser refuses.
 * `copy` answers whether the text was copied.
 */
export function useCopyToClipboard(): { state: CopyState; copy: (text: string) => Promise<boolean> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string) => {
    window.clearTimeout(timer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard API not available');
      await navigator.clipboard.writeText(text);
      setState('copied');
      timer.current = window.setTimeout(() => setState('idle'), COPIED_MS);
      return true;
    } catch (error) {
      console.warn('copy failed', error);
      setState('failed');
      return false;
    }
  }, []);

  return { state, copy };
}
