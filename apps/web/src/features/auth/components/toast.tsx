import { CheckCircle2, X } from 'lucide-react';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

interface ToastState {
  id: number;
  message: string;
}

let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows a short confirmation ('Usuario registrado correctamente') that survives a page change. */
export function showToast(message: string): void {
  current = { id: nextId++, message };
  emit();
}

function dismiss(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const TOAST_MS = 6000;

/** Where toasts appear: bottom centre, above everything, announced politely. */
export function Toaster(): ReactNode {
  const { t } = useTranslation();
  const toast = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => dismiss(toast.id), TOAST_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex justify-center px-4"
    >
      {toast ? (
        <div className="pointer-events-auto flex max-w-md items-center gap-3 rounded-xl border border-brand/40 bg-raised px-4 py-3 text-sm font-medium text-ink shadow-2xl shadow-black/40">
          <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-brand" />
          <span className="flex-1">{toast.message}</span>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            aria-label={t('auth.toast.close')}
            className="-mr-1 inline-flex size-8 items-center justify-center rounded-lg text-ink-muted hover:bg-line hover:text-ink"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
