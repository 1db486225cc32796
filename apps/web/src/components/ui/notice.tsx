import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '#src/lib/cn.ts';

/**
 * The store's one kind of short message: a confirmation ("Game added", "Saved") or why something was
 * refused. Errors are alerts, confirmations are polite; both go away by themselves or with the close
 * button. The page-wide notices below and the cart's own (features/cart) are shown by this component.
 */
export interface Notice {
  id: number;
  tone: 'success' | 'error';
  message: string;
}

export interface NoticeAction {
  label: string;
  onClick: () => void;
}

/** How long a notice stays, per tone (errors take longer to read and act on). */
export type NoticeDurations = Record<Notice['tone'], number>;

function NoticeCard({
  notice,
  onDismiss,
  durations,
  action,
}: {
  notice: Notice;
  onDismiss: (id: number) => void;
  durations: NoticeDurations;
  action?: NoticeAction | undefined;
}): ReactNode {
  const { t } = useTranslation();

  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(notice.id), durations[notice.tone]);
    return () => window.clearTimeout(timer);
  }, [notice, onDismiss, durations]);

  const error = notice.tone === 'error';
  const Icon = error ? CircleAlert : CheckCircle2;
  return (
    <div
      data-testid="notice"
      className={cn(
        'pointer-events-auto flex items-start gap-3 rounded-xl border bg-raised px-3 py-2.5 text-sm text-ink shadow-xl shadow-black/40',
        error ? 'border-danger/50' : 'border-brand/40',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', error ? 'text-danger' : 'text-brand')}
      />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
        <p className="pt-0.5 text-pretty">{notice.message}</p>
        {action && !error ? (
          <button
            type="button"
            onClick={() => {
              onDismiss(notice.id);
              action.onClick();
            }}
            className="-ml-2 rounded-md px-2 py-1 font-semibold text-brand-strong hover:bg-line"
          >
            {action.label}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(notice.id)}
        aria-label={t('cart.dismiss')}
        className="-mr-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-line hover:text-ink"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/**
 * Where a notice appears: live regions that exist before any message, so that screen readers announce
 * what appears in them (an alert for errors, a polite status for confirmations).
 */
export function NoticeRegion({
  notice,
  onDismiss,
  durations,
  action,
  className,
}: {
  notice: Notice | null;
  onDismiss: (id: number) => void;
  durations: NoticeDurations;
  /** A way forward offered with a confirmation ("View cart"). */
  action?: NoticeAction | undefined;
  className?: string;
}): ReactNode {
  const card = (tone: Notice['tone']) =>
    notice?.tone === tone ? (
      <NoticeCard notice={notice} onDismiss={onDismiss} durations={durations} action={action} />
    ) : null;
  return (
    <>
      <div role="alert" className={className}>
        {card('error')}
      </div>
      <div role="status" aria-live="polite" className={className}>
        {card('success')}
      </div>
    </>
  );
}

// The page-wide notice: a confirmation that survives a page change ('Usuario registrado correctamente').
let current: Notice | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Shows a page-wide notice, in place of the one shown before. */
export function showNotice(message: string, tone: Notice['tone'] = 'success'): void {
  current = { id: nextId++, tone, message };
  emit();
}

function dismissNotice(id: number): void {
  if (current?.id !== id) return;
  current = null;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const PAGE_NOTICE_MS: NoticeDurations = { success: 6000, error: 8000 };

/** Where page-wide notices appear: bottom centre, above everything. */
export function PageNotices(): ReactNode {
  const notice = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center px-4">
      <NoticeRegion
        notice={notice}
        onDismiss={dismissNotice}
        durations={PAGE_NOTICE_MS}
        className="w-full max-w-md"
      />
    </div>
  );
}
