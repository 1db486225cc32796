import { formatDay } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '#src/features/admin/api/admin-api.ts';
import { formatCount } from '#src/features/admin/utils/format.ts';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 8, right: 4, bottom: 4, left: 4 };

/** A round upper bound for the axis (1, 2, 5 × 10ⁿ). */
function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/**
 * Gross income per day as plain SVG bars. The drawing is hidden from assistive technology; a visually
 * hidden table carries the same figures (day, sales, gross, net).
 */
export function SalesChart({ daily }: { daily: Dashboard['daily'] }): ReactNode {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const captionId = useId();
  const max = niceMax(Math.max(0, ...daily.map((day) => day.gross)));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = innerWidth / Math.max(1, daily.length);
  const barWidth = Math.max(2, slot * 0.68);
  const first = daily[0];
  const middle = daily[Math.floor(daily.length / 2)];
  const last = daily[daily.length - 1];

  return (
    <figure aria-labelledby={captionId} className="relative flex flex-col gap-3">
      <figcaption id={captionId} className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="text-ink-muted">{t('admin.dashboard.chartCaption', { days: daily.length })}</span>
        <span className="text-xs text-ink-faint">
          {t('admin.dashboard.chartMax', { amount: formatEuros(roundEurosToCents(max), locale) })}
        </span>
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        aria-hidden="true"
        data-testid="sales-chart"
        className="h-40 w-full sm:h-52"
        preserveAspectRatio="none"
      >
        {[0, 0.5, 1].map((fraction) => {
          const y = PAD.top + innerHeight * (1 - fraction);
          return (
            <line
              key={fraction}
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y}
              y2={y}
              className="stroke-line"
              vectorEffect="non-scaling-stroke"
              strokeDasharray={fraction === 0 ? undefined : '4 4'}
            />
          );
        })}
        {daily.map((day, index) => {
          const height = max > 0 ? (day.gross / max) * innerHeight : 0;
          const x = PAD.left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={day.date}>
              <rect
                x={x}
                y={PAD.top + innerHeight - height}
                width={barWidth}
                height={Math.max(height, day.gross > 0 ? 1.5 : 0)}
                rx={2}
                className="fill-brand"
              >
                <title>
                  {`${formatDay(day.date, locale) ?? day.date}: ${formatEuros(roundEurosToCents(day.gross), locale)} · ${t('admin.dashboard.salesCount', { count: day.sales })}`}
                </title>
              </rect>
            </g>
          );
        })}
      </svg>
      <div aria-hidden="true" className="flex justify-between text-xs text-ink-faint tabular-nums">
        {(
          [
            ['first', first],
            ['middle', middle],
            ['last', last],
          ] as const
        ).map(([place, day]) =>
          day ? <span key={place}>{formatDay(day.date, locale, 'short') ?? day.date}</span> : null,
        )}
      </div>
      <div className="sr-only">
        <table>
          <caption>{t('admin.dashboard.chartTable')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('admin.dashboard.day')}</th>
              <th scope="col">{t('admin.dashboard.sales')}</th>
              <th scope="col">{t('admin.dashboard.gross')}</th>
              <th scope="col">{t('admin.dashboard.net')}</th>
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDay(day.date, locale) ?? day.date}</th>
                <td>{formatCount(day.sales, locale)}</td>
                <td>{formatEuros(roundEurosToCents(day.gross), locale)}</td>
                <td>{formatEuros(roundEurosToCents(day.net), locale)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
