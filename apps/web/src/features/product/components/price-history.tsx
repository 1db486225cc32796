import { formatDateTime, formatDay } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { PriceHistory as PriceHistoryData } from '@keyland/core/schemas/promotions';
import { ChartLine, ChevronDown } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryButton } from '#src/components/ui/retry-button.tsx';
import { usePriceHistory } from '#src/features/product/api/get-price-history.ts';
import { useLocale } from '#src/hooks/use-locale.ts';

const DAY_MS = 86_400_000;
/** The drawing's own units; the SVG stretches to its container's width at a fixed height. */
const WIDTH = 720;
const HEIGHT = 160;
/** Room above the highest and below the lowest price for their labels, as a share of the price range. */
const HEADROOM = 0.25;

/** One stretch of the step line: a price held from `from` until `to` (milliseconds). */
interface Step {
  at: string;
  from: number;
  to: number;
  price: number;
  onSale: boolean;
}

/**
 * The stretches of the window [end − days, end]. The first point may be older than the window (the
 * price in effect when it opened): it is drawn from the window's start. An empty history is the current
 * price all along.
 */
export function stepsOf(history: PriceHistoryData, end: number): { start: number; steps: Step[] } {
  const start = end - history.days * DAY_MS;
  const points = history.points.length
    ? [...history.points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at))
    : [
        {
          at: new Date(start).toISOString(),
          price: history.current,
          onSale: history.discountPercent !== null,
        },
      ];
  const froms = points.map((point) => Math.min(end, Math.max(start, Date.parse(point.at))));
  const steps = points.map((point, index) => ({
    at: point.at,
    from: froms[index] ?? start,
    to: froms[index + 1] ?? end,
    price: point.price,
    onSale: point.onSale,
  }));
  return { start, steps };
}

/** The summary, the step chart with its sale stretches and extremes, and the figures as a table. */
export function PriceHistoryChart({
  history,
  now = Date.now(),
}: {
  history: PriceHistoryData;
  /** The end of the window (the reader's clock). */
  now?: number;
}): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const euros = (value: number) => formatEuros(roundEurosToCents(value), locale);
  // A change the server made a moment ahead of this clock still shows.
  const end = Math.max(now, ...history.points.map((point) => Date.parse(point.at)).filter(Number.isFinite));
  const { start, steps } = stepsOf(history, end);
  const prices = steps.map((step) => step.price);
  const lowest = Math.min(history.lowest, ...prices);
  const highest = Math.max(history.highest, ...prices);
  const unchanged = lowest === highest;

  const summary = unchanged
    ? t('sale.historyUnchanged', { count: history.days, current: euros(history.current) })
    : t('sale.historySummary', {
        count: history.days,
        lowest: euros(history.lowest),
        highest: euros(history.highest),
        current: euros(history.current),
      });

  // A flat line sits in the middle; otherwise the extremes keep some room for their labels.
  const pad = unchanged ? Math.max(highest * 0.5, 1) : (highest - lowest) * HEADROOM;
  const bottom = lowest - pad;
  const top = highest + pad;
  const x = (time: number) => ((time - start) / Math.max(1, end - start)) * WIDTH;
  const y = (price: number) => ((top - price) / (top - bottom)) * HEIGHT;
  const percentY = (price: number) => `${(y(price) / HEIGHT) * 100}%`;

  const path = steps
    // Each stretch starts where the last one ended: a vertical step to its price, then along it.
    .map((step, index) =>
      index === 0
        ? `M ${x(step.from)} ${y(step.price)} H ${x(step.to)}`
        : `V ${y(step.price)} H ${x(step.to)}`,
    )
    .join(' ');
  const hasSale = steps.some((step) => step.onSale && step.to > step.from);
  const guides = unchanged ? [highest] : [lowest, highest];
  const labelClasses =
    'pointer-events-none absolute left-0 rounded bg-surface/85 px-1 text-xs leading-4 font-medium text-ink tabular-nums';

  return (
    <div data-testid="price-history">
      <p className="min-h-10 text-sm leading-5 text-ink-muted">{summary}</p>
      <div className="relative mt-3 h-40">
        <svg
          role="img"
          aria-label={summary}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          className="absolute inset-0 size-full overflow-visible"
        >
          {steps.map((step) =>
            step.onSale && step.to > step.from ? (
              <rect
                key={step.at}
                data-testid="sale-stretch"
                x={x(step.from)}
                width={x(step.to) - x(step.from)}
                y={0}
                height={HEIGHT}
                className="fill-brand-soft"
              />
            ) : null,
          )}
          {guides.map((price) => (
            <line
              key={price}
              x1={0}
              x2={WIDTH}
              y1={y(price)}
              y2={y(price)}
              className="stroke-line-strong"
              strokeDasharray="4 4"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <path
            d={path}
            fill="none"
            className="stroke-brand"
            strokeWidth={2.5}
            strokeLinejoin="round"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        {/* Text outside the stretched drawing, so it keeps its shape. */}
        <div aria-hidden="true">
          {unchanged ? (
            <span className={`${labelClasses} -translate-y-full`} style={{ top: percentY(highest) }}>
              {euros(highest)}
            </span>
          ) : (
            <>
              <span className={`${labelClasses} -translate-y-full`} style={{ top: percentY(highest) }}>
                {t('sale.historyHighest', { price: euros(highest) })}
              </span>
              <span className={labelClasses} style={{ top: percentY(lowest) }}>
                {t('sale.historyLowest', { price: euros(lowest) })}
              </span>
            </>
          )}
        </div>
      </div>
      <div
        aria-hidden="true"
        className="mt-1 flex h-4 items-center justify-between gap-2 text-xs leading-4 text-ink-faint tabular-nums"
      >
        <span>{formatDay(new Date(start).toISOString(), locale, 'short')}</span>
        {hasSale ? (
          <span className="flex items-center gap-1.5 text-ink-muted">
            <span className="size-3 rounded-sm border border-brand/60 bg-brand-soft" />
            {t('sale.historyLegendSale')}
          </span>
        ) : null}
        <span>{formatDay(new Date(end).toISOString(), locale, 'short')}</span>
      </div>
      <details className="group mt-3">
        <summary className="inline-flex min-h-10 cursor-pointer items-center gap-1 rounded-md text-sm font-medium text-brand-strong underline-offset-4 hover:underline">
          {t('sale.historyTable')}
          <ChevronDown aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="overflow-x-auto">
          <table className="mt-1 w-full text-left text-sm">
            <caption className="sr-only">{t('sale.historyCaption', { count: history.days })}</caption>
            <thead className="text-xs text-ink-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('sale.historyDate')}
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  {t('sale.historyPrice')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('sale.historyKind')}
                </th>
              </tr>
            </thead>
            <tbody>
              {steps.map((step) => (
                <tr key={step.at} className="border-b border-line last:border-b-0">
                  <th scope="row" className="py-2 pr-3 font-normal text-ink-muted">
                    {formatDateTime(step.at, locale)}
                  </th>
                  <td className="py-2 pr-3 font-semibold text-ink tabular-nums">{euros(step.price)}</td>
                  <td className="py-2 text-ink-muted">
                    {step.onSale ? t('sale.historySalePrice') : t('sale.historyRegularPrice')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}

/** The shape of the loaded history at the same heights, so nothing moves when it arrives. */
function PriceHistorySkeleton(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <p role="status" className="sr-only">
        {t('sale.historyLoading')}
      </p>
      <div aria-hidden="true" data-testid="price-history-skeleton">
        <div className="skeleton h-10 rounded" />
        <div className="skeleton mt-3 h-40 rounded-lg" />
        <div className="mt-1 h-4" />
        <div className="skeleton mt-3 h-10 w-32 rounded" />
      </div>
    </>
  );
}

/**
 * The product page's "Price history" section: the game's prices over the last 90 days. A failure leaves a
 * short line (with a retry); the rest of the page does not depend on it.
 */
export function PriceHistory({ providerId }: { providerId: string }): ReactNode {
  const { t } = useTranslation();
  const titleId = useId();
  const history = usePriceHistory(providerId);
  // The window ends when the page first showed it, so a re-render never shifts the drawing.
  const [now] = useState(() => Date.now());

  let body: ReactNode;
  if (history.isPending) body = <PriceHistorySkeleton />;
  else if (history.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="text-sm text-ink-muted">{t('sale.historyError')}</p>
        <RetryButton variant="ghost" size="sm" query={history} />
      </div>
    );
  } else body = <PriceHistoryChart history={history.data} now={now} />;

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line bg-surface p-4 sm:p-5">
      <h2 id={titleId} className="mb-3 flex items-center gap-2 text-lg font-semibold text-ink">
        <ChartLine aria-hidden="true" className="size-5 text-brand" />
        {t('sale.historyTitle')}
      </h2>
      {body}
    </section>
  );
}
