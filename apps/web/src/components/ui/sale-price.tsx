import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { PRICE_REFERENCE_DAYS, percentOff } from '@keyland/core/pricing';
import { Clock } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#src/hooks/use-locale.ts';
import { cn } from '#src/lib/cn.ts';
import { useAfterHydration, useFirstRenderNow } from '#src/lib/first-render.tsx';

const MINUTE_MS = 60_000;
/** The countdown shows only in the last 48 hours of a sale; before that the end date says enough. */
export const COUNTDOWN_FROM_MS = 48 * 60 * MINUTE_MS;
/** The longest a browser timer may wait (about 24.8 days); a later end is looked at again after it. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface SalePriceProps {
  /** The price now, in euros, VAT included. */
  price: number;
  /**
   * Set only while the price is shown as reduced: the lowest price (euros) of the 30 days before the
   * reduction started, the percentage off computed from it, and when the sale ends (ISO 8601). A caller
   * that shows the end elsewhere (a narrow card puts `SaleEnd` under its whole row) leaves it out.
   */
  reference?: number | null | undefined;
  discountPercent?: number | null | undefined;
  saleEndsAt?: string | null | undefined;
  /** 'card' for the catalogue's cards, 'page' for the product page's buy box. */
  size?: 'card' | 'page';
  /** Read before the price by screen readers ('Price'). */
  label: string;
  /** The note under or beside the price ('VAT included'). */
  note: string;
  /** The test id of the price now. */
  testId?: string;
}

/**
 * The milliseconds left until `endsAt` (never below 0), or null without an end. It re-renders once a
 * minute in the last 48 hours, on the minute of the countdown, once when the last 48 hours begin, and
 * never after the end.
 */
function useTimeLeft(endsAt: string | null): number | null {
  const end = endsAt ? new Date(endsAt).getTime() : Number.NaN;
  // The server's clock while the browser takes over its HTML: the same countdown, then the real one.
  const firstNow = useFirstRenderNow();
  const [now, setNow] = useState(firstNow);
  useEffect(() => {
    if (Number.isNaN(end)) return;
    // A new end while the clock was idle (more than 48 hours left): read the clock again first.
    const current = Date.now();
    if (current - now >= MINUTE_MS) {
      setNow(current);
      return;
    }
    const left = end - now;
    if (left <= 0) return;
    const delay =
      left > COUNTDOWN_FROM_MS
        ? Math.min(left - COUNTDOWN_FROM_MS, MAX_TIMER_MS)
        : left % MINUTE_MS || MINUTE_MS;
    const timer = window.setTimeout(() => setNow(Date.now()), delay);
    return () => window.clearTimeout(timer);
  }, [end, now]);
  return Number.isNaN(end) ? null : Math.max(0, end - now);
}

/** "Ends in 5 h 12 min" while less than 48 hours remain, "This sale has ended" at zero, else nothing. */
function Countdown({ endsAt, className }: { endsAt: string; className: string }): ReactNode {
  const { t } = useTranslation();
  const left = useTimeLeft(endsAt);
  if (left === null || left >= COUNTDOWN_FROM_MS) return null;
  if (left === 0) return <p className={cn(className, 'text-ink-muted')}>{t('sale.ended')}</p>;
  // Minutes rounded up, so the last minute still reads "1 min" and zero means over.
  const minutes = Math.ceil(left / MINUTE_MS);
  const hours = Math.floor(minutes / 60);
  const time = [
    hours > 0 ? t('sale.hours', { count: hours }) : null,
    minutes % 60 > 0 || hours === 0 ? t('sale.minutes', { count: minutes % 60 }) : null,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <p role="timer" className={cn(className, 'font-medium text-brand-strong')}>
      {t('sale.endsIn', { time })}
    </p>
  );
}

/** The percentage off on the brand green (dark text on it: well above 4.5:1). */
function PercentBadge({ percent, size }: { percent: number; size: 'card' | 'page' }): ReactNode {
  const { t } = useTranslation();
  return (
    <span
      data-testid="discount-badge"
      className={cn(
        'inline-flex items-center rounded-md bg-brand font-bold whitespace-nowrap text-on-brand tabular-nums',
        size === 'card' ? 'px-1.5 py-px text-xs' : 'px-2 py-0.5 text-sm',
      )}
    >
      <span aria-hidden="true">{t('sale.percentOff', { percent })}</span>
      <span className="sr-only">{t('sale.percentOffSpoken', { percent })}</span>
    </span>
  );
}

/** The price in cents and, while it is shown as reduced, its reference in cents and the percentage off. */
export function saleReduction(
  price: number,
  reference: number | null | undefined,
  discountPercent: number | null | undefined,
): { cents: number; reduction: { referenceCents: number; percent: number } | null } {
  const cents = roundEurosToCents(price);
  if (reference === null || reference === undefined) return { cents, reduction: null };
  const referenceCents = roundEurosToCents(reference);
  // The server sends the percentage; it is worked out from the same rule when it did not.
  const percent = discountPercent ?? percentOff(referenceCents, cents);
  return { cents, reduction: percent === null ? null : { referenceCents, percent } };
}

/** A text whose `<time>…</time>` part becomes a time element (the translations mark the date so). */
function withTime(text: string, dateTime: string): ReactNode {
  const match = /^([\s\S]*?)<time>([\s\S]*?)<\/time>([\s\S]*)$/.exec(text);
  if (!match) return text;
  return (
    <>
      {match[1]}
      <time dateTime={dateTime}>{match[2]}</time>
      {match[3]}
    </>
  );
}

/** An instant as `2026-03-12 14:05 UTC`, the same wherever it is written. */
function utcMinute(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** When a sale ends, in the reader's time zone, and in its last 48 hours a countdown. */
export function SaleEnd({
  saleEndsAt,
  size = 'page',
}: {
  saleEndsAt: string;
  size?: 'card' | 'page';
}): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  // The reader's time zone is the browser's: the server (and the browser taking over its HTML) writes UTC.
  const local = useAfterHydration();
  const card = size === 'card';
  const lineClasses = card ? 'text-[0.6875rem] leading-snug' : 'text-sm';
  const date = local ? formatDateTime(saleEndsAt, locale, card ? 'medium' : 'long') : utcMinute(saleEndsAt);
  return (
    <div className={cn('flex flex-col', card ? 'gap-0.5' : 'gap-1')}>
      <p className={cn(lineClasses, 'flex items-start gap-1 text-ink-muted')}>
        <Clock
          aria-hidden="true"
          className={cn('shrink-0 text-brand', card ? 'mt-px size-3' : 'mt-0.5 size-4')}
        />
        <span>{withTime(t('sale.endsAt', { date }), saleEndsAt)}</span>
      </p>
      <Countdown endsAt={saleEndsAt} className={lineClasses} />
    </div>
  );
}

/**
 * A game's price: the price now with its VAT note and, while the game is shown as reduced, the reference
 * price struck through (named for screen readers as the 30-day lowest price the law asks for), the
 * percentage off, when the sale ends and, in its last 48 hours only, a countdown. A price that is not
 * reduced looks exactly as it always has, and shows no end (a sale that lowers nothing is not announced).
 */
export function SalePrice({
  price,
  reference,
  discountPercent,
  saleEndsAt,
  size = 'page',
  label,
  note,
  testId,
}: SalePriceProps): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const { cents, reduction } = saleReduction(price, reference, discountPercent);
  const card = size === 'card';

  const now = (
    <span
      data-testid={testId}
      className={
        card
          ? 'text-lg leading-tight font-bold text-brand tabular-nums'
          : 'text-4xl font-bold tracking-tight text-brand tabular-nums'
      }
    >
      {formatEuros(cents, locale)}
    </span>
  );
  const noteLine = (
    <span className={card ? 'text-[0.6875rem] text-ink-muted' : 'text-sm text-ink-muted'}>{note}</span>
  );

  if (!reduction) {
    return (
      <p className={card ? 'flex flex-col' : 'flex flex-wrap items-baseline gap-x-3 gap-y-1'}>
        <span className="sr-only">{label}: </span>
        {now}
        {noteLine}
      </p>
    );
  }

  const was = (
    <span
      className={cn(
        'flex flex-wrap items-center',
        card ? 'gap-x-1.5 gap-y-0.5' : 'basis-full gap-x-2 gap-y-1',
      )}
    >
      <span className="sr-only">{t('sale.referenceLabel', { count: PRICE_REFERENCE_DAYS })} </span>
      <s
        data-testid="reference-price"
        className={cn('text-ink-muted tabular-nums', card ? 'text-xs' : 'text-lg')}
      >
        {formatEuros(reduction.referenceCents, locale)}
      </s>
      <PercentBadge percent={reduction.percent} size={size} />
    </span>
  );
  // The card keeps its VAT note last, by the stock beside it; the page puts the reduction on its own line.
  const priceLine = (
    <p className={card ? 'flex flex-col' : 'flex flex-wrap items-baseline gap-x-3 gap-y-1'}>
      <span className="sr-only">{label}: </span>
      {now}
      {card ? was : noteLine}
      {card ? noteLine : was}
    </p>
  );
  if (!saleEndsAt) return priceLine;
  return (
    <div className={cn('flex min-w-0 flex-col', card ? 'gap-1' : 'gap-2')}>
      {priceLine}
      <SaleEnd saleEndsAt={saleEndsAt} size={size} />
    </div>
  );
}
