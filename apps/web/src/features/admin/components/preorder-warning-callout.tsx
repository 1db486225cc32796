import { formatDay } from '@keyland/core/dates';
import { CalendarClock } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreorderObligations } from '#src/features/admin/api/admin-preorders-api.ts';
import { adminPaths } from '#src/features/admin/paths.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { CalloutLink } from './callout-link.tsx';

/**
 * On the dashboard: pre-ordered games whose delivery day is a few days away (or past) without enough keys,
 * each with what is missing (and how much of it the key supplier lists), and the way to the pre-orders. Nothing when every pre-order is covered.
 */
export function PreorderWarningCallout(): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const obligations = usePreorderObligations();
  const short = obligations.data?.items.filter((item) => item.warning) ?? [];
  if (short.length === 0) return null;
  return (
    <section
      data-testid="preorder-warning"
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-2xl border border-amber-400/40 bg-amber-400/10 p-4 text-sm text-ink sm:px-5"
    >
      <h2 id={headingId} className="flex items-start gap-2 text-base font-semibold">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
        {t('admin.preorders.callout.title', { count: short.length })}
      </h2>
      <p className="text-ink-muted">
        {t('admin.preorders.callout.body', { days: obligations.data?.warningDays ?? 3 })}
      </p>
      <ul className="flex flex-col gap-1">
        {short.map((item) => (
          <li key={item.gameId} data-testid="preorder-warning-item" className="font-medium">
            {t('admin.preorders.callout.item', {
              title: item.title,
              missing: item.missing,
              ordered: item.ordered,
              date: formatDay(item.firstDelivery ?? item.releaseDate, locale) ?? '—',
            })}
            {/* Part of the shortfall the key supplier lists: bought when the day comes. */}
            {item.fromSupplier > 0
              ? ` (${t('admin.preorders.fromSupplier', { n: item.fromSupplier })})`
              : null}
          </li>
        ))}
      </ul>
      <CalloutLink to={adminPaths.preorders} className="min-h-11">
        {t('admin.preorders.callout.action')}
      </CalloutLink>
    </section>
  );
}
