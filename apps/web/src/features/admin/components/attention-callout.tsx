import { BadgeAlert, Inbox, MessagesSquare, TriangleAlert } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '#src/features/admin/api/admin-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { cn } from '#src/lib/cn.ts';
import { CalloutLink } from './callout-link.tsx';

/**
 * On the dashboard: what waits for a person — open key claims (those past their deadline as a warning)
 * and support messages without an answer — each with the way to its screen. Nothing when all is done.
 */
export function AttentionCallout({ attention }: { attention: Dashboard['attention'] }): ReactNode {
  const { t } = useTranslation();
  const headingId = useId();
  const { openClaims, overdueClaims, openTickets } = attention;
  if (openClaims <= 0 && overdueClaims <= 0 && openTickets <= 0) return null;
  const overdue = overdueClaims > 0;

  return (
    <section
      data-testid="attention-callout"
      aria-labelledby={headingId}
      className={cn(
        'flex flex-col gap-3 rounded-2xl border p-4 text-sm text-ink sm:px-5',
        overdue ? 'border-amber-400/50 bg-amber-400/5' : 'border-line-strong bg-surface',
      )}
    >
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <Inbox aria-hidden="true" className="size-4 shrink-0 text-brand" />
        {t('admin.dashboard.attention.title')}
      </h2>
      <ul className="flex flex-col divide-y divide-line">
        {openClaims > 0 || overdue ? (
          <li
            data-testid="attention-claims"
            className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <div className="flex flex-col gap-1.5">
              <p className="flex items-start gap-2 font-medium">
                <BadgeAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
                {t('admin.dashboard.attention.openClaims', { count: openClaims })}
              </p>
              {overdue ? (
                <p
                  data-testid="attention-overdue"
                  className="flex w-fit items-start gap-2 rounded-lg border border-amber-400/40 bg-amber-400/10 px-2.5 py-1.5 font-semibold text-amber-200"
                >
                  <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
                  {t('admin.dashboard.attention.overdueClaims', { count: overdueClaims })}
                </p>
              ) : null}
            </div>
            <CalloutLink to={adminPaths.claims} className="min-h-11 sm:self-auto">
              {t('admin.dashboard.attention.claimsLink')}
            </CalloutLink>
          </li>
        ) : null}
        {openTickets > 0 ? (
          <li
            data-testid="attention-tickets"
            className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
          >
            <p className="flex items-start gap-2 font-medium">
              <MessagesSquare aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-ink-muted" />
              {t('admin.dashboard.attention.openTickets', { count: openTickets })}
            </p>
            <CalloutLink to={adminPaths.support} className="min-h-11 sm:self-auto">
              {t('admin.dashboard.attention.ticketsLink')}
            </CalloutLink>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
