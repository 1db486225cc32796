import { CheckCircle2, CircleAlert, X } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn.ts';
import { type CartNotice, dismissCartNotice, setCartOpen } from '../utils/cart-ui-store.ts';

const NOTICE_MS = { success: 4000, error: 8000 } as const;

/**
 * A short message about the cart: "added", or why a change was refused. Errors are alerts, confirmations
 * are polite; both go away by themselves or with the close button.
 */
export function CartNoticeView({
  notice,
  withOpenAction = false,
  className,
}: {
  notice: CartNotice;
  /** Offer "View cart" (when the panel is closed). */
  withOpenAction?: boolean;
  className?: string;
}): ReactNode {
  const { t } = useTranslation();

  useEffect(() => {
    const timer = window.setTimeout(() => dismissCartNotice(notice.id), NOTICE_MS[notice.tone]);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const error = notice.tone === 'error';
  const Icon = error ? CircleAlert : CheckCircle2;
  return (
    <div
      data-testid="cart-notice"
      className={cn(
        'pointer-events-auto flex items-start gap-3 rounded-xl border bg-raised px-3 py-2.5 text-sm text-ink shadow-xl shadow-black/40',
        error ? 'border-danger/50' : 'border-brand/40',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-5 shrink-0', error ? 'text-danger' : 'text-brand')}
      />
      <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
        <p className="pt-0.5 text-pretty">{notice.message}</p>
        {withOpenAction && !error ? (
          <button
            type="button"
            onClick={() => {
              dismissCartNotice(notice.id);
              setCartOpen(true);
            }}
            className="-ml-2 rounded-md px-2 py-1 font-semibold text-brand-strong hover:bg-line"
          >
            {t('cart.view')}
          </button>
        ) : null}
      </div>
      <button
        type="button"
        onClick={() => dismissCartNotice(notice.id)}
        aria-label={t('cart.dismiss')}
        className="-mr-1 inline-flex size-7 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-line hover:text-ink"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}

/** Live regions that exist before any message, so that screen readers announce what appears in them. */
export function CartNoticeRegion({
  notice,
  withOpenAction,
  className,
}: {
  notice: CartNotice | null;
  withOpenAction?: boolean;
  className?: string;
}): ReactNode {
  return (
    <>
      <div role="alert" className={className}>
        {notice?.tone === 'error' ? <CartNoticeView notice={notice} withOpenAction={withOpenAction} /> : null}
      </div>
      <div role="status" aria-live="polite" className={className}>
        {notice?.tone === 'success' ? (
          <CartNoticeView notice={notice} withOpenAction={withOpenAction} />
        ) : null}
      </div>
    </>
  );
}
