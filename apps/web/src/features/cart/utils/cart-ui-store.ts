import { useSyncExternalStore } from 'react';
import type { Notice, NoticeDurations } from '#src/components/ui/notice.tsx';

/**
 * The cart panel's open state and the cart's short notices, shared by the floating cart and every
 * add-to-cart button on the page (which live far apart in the tree).
 */
export type CartNotice = Notice;

/** A confirmation goes quickly; a refusal stays long enough to read. */
export const CART_NOTICE_MS: NoticeDurations = { success: 4000, error: 8000 };

interface CartUiState {
  open: boolean;
  /** Bumped on every successful add, so the button can pulse once more. */
  pulse: number;
  notice: CartNotice | null;
}

let state: CartUiState = { open: false, pulse: 0, notice: null };
let nextId = 1;
const listeners = new Set<() => void>();

function set(next: Partial<CartUiState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCartUi(): CartUiState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}

export function setCartOpen(open: boolean): void {
  set({ open });
}

export function pulseCart(): void {
  set({ pulse: state.pulse + 1 });
}

export function showCartNotice(tone: CartNotice['tone'], message: string): void {
  set({ notice: { id: nextId++, tone, message } });
}

export function dismissCartNotice(id?: number): void {
  if (id !== undefined && state.notice?.id !== id) return;
  set({ notice: null });
}
