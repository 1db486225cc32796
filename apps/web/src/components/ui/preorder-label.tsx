import { type DayStyle, formatDay } from '@keyland/core/dates';
import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#src/hooks/use-locale.ts';
import { cn } from '#src/lib/cn.ts';

/**
 * A pre-order's delivery day (YYYY-MM-DD, as the server sends it) in the reader's language, or null for a
 * game sold from stock. Pre-orders are paid now and delivered on that day (decision 038).
 */
export function usePreorderDay(
  release: string | null | undefined,
  style: DayStyle = 'medium',
): string | null {
  const locale = useLocale();
  return release ? formatDay(release, locale, style) : null;
}

/** "Pre-order, delivered on 7 Dec 2026": a cart line, a game of an order still waiting for its key. */
export function PreorderNote({ release, className }: { release: string; className?: string }): ReactNode {
  const { t } = useTranslation();
  const day = usePreorderDay(release) ?? release;
  return (
    <p
      data-testid="preorder-note"
      className={cn('flex items-start gap-1.5 text-xs font-medium text-brand-strong', className)}
    >
      <CalendarClock aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>{t('preorders.line', { date: day })}</span>
    </p>
  );
}

/** The "Pre-order" pill a catalogue card shows where an ordinary game shows its stock. */
export function PreorderBadge({ className }: { className?: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <p
      data-testid="preorder-badge"
      className={cn(
        'flex shrink-0 items-center gap-1 rounded-md bg-brand-soft px-1.5 py-0.5 text-xs font-semibold text-brand-strong',
        className,
      )}
    >
      <CalendarClock aria-hidden="true" className="size-3.5" />
      {t('preorders.badge')}
    </p>
  );
}
