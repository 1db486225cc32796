import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { Flag, Hourglass } from 'lucide-react';
import { type ReactNode, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '#src/components/ui/button.tsx';
import type { ClaimStatus, KeyClaim } from '#src/features/orders/api/claims.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { cn } from '#src/lib/cn.ts';
import type { ClaimTarget } from './claim-dialog.tsx';

const badgeTones: Record<ClaimStatus, string> = {
  open: 'border-amber-400/40 bg-amber-400/10 text-amber-300',
  replaced: 'border-brand/40 bg-brand-soft text-brand-strong',
  refunded: 'border-brand/40 bg-brand-soft text-brand-strong',
  rejected: 'border-danger/40 bg-danger-soft text-danger',
};

/** A claim's state in words: being checked, replaced, refunded (with the amount) or not accepted. */
export function ClaimStatusBadge({
  claim,
  className,
}: {
  claim: Pick<KeyClaim, 'status' | 'refunded'>;
  className?: string;
}): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const text =
    claim.status === 'refunded'
      ? t('claims.status.refunded', { amount: formatEuros(roundEurosToCents(claim.refunded ?? 0), locale) })
      : t(`claims.status.${claim.status}`);
  return (
    <span
      data-testid="claim-status"
      data-status={claim.status}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        badgeTones[claim.status],
        className,
      )}
    >
      {claim.status === 'open' ? <Hourglass aria-hidden="true" className="size-3.5 shrink-0" /> : null}
      {text}
    </span>
  );
}

/**
 * What a delivered key offers: "Report a problem", or, while a report on it is open, that it is being
 * checked (one open report per key).
 */
export function KeyClaimAction({
  target,
  open,
  onReport,
}: {
  target: ClaimTarget;
  open: boolean;
  onReport: (target: ClaimTarget, button: HTMLButtonElement) => void;
}): ReactNode {
  const { t } = useTranslation();
  if (open) return <ClaimStatusBadge claim={{ status: 'open', refunded: null }} className="self-start" />;
  return (
    <button
      type="button"
      data-testid="claim-report"
      aria-label={t('claims.reportLabel', { title: target.title })}
      onClick={(event) => onReport(target, event.currentTarget)}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3 self-start' })}
    >
      <Flag aria-hidden="true" className="size-4" />
      {t('claims.report')}
    </button>
  );
}

/** The order's problem reports, oldest first: the game, when, the state and a rejection's reason. */
export function OrderClaims({
  claims,
  headingRef,
}: {
  claims: readonly KeyClaim[];
  /** The heading takes the focus when the dialog closes and its opener has gone. */
  headingRef?: Ref<HTMLHeadingElement>;
}): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  if (claims.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="order-claims"
      className="flex flex-col gap-2 border-t border-line px-4 py-4 sm:px-5"
    >
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="text-xs font-semibold tracking-wide text-ink-muted uppercase"
      >
        {t('claims.sectionTitle')}
      </h3>
      <ul className="flex flex-col gap-3">
        {claims.map((claim) => (
          <li
            key={claim.id}
            data-testid="order-claim"
            className="flex flex-col gap-1.5 sm:flex-row sm:items-start sm:justify-between sm:gap-4"
          >
            <div className="min-w-0 text-sm">
              <p className="text-ink">
                {t('claims.reportedOn', {
                  title: claim.title,
                  date: formatDateTime(claim.createdAt, locale, 'medium'),
                })}
              </p>
              <p className="text-xs text-ink-muted">{t(`claims.reasons.${claim.reason}`)}</p>
              {claim.status === 'rejected' && claim.rejectReason ? (
                <p data-testid="claim-reject-reason" className="mt-1 text-sm break-words text-ink-muted">
                  {t('claims.rejectReason', { reason: claim.rejectReason })}
                </p>
              ) : null}
            </div>
            <ClaimStatusBadge claim={claim} className="self-start sm:shrink-0" />
          </li>
        ))}
      </ul>
    </section>
  );
}
