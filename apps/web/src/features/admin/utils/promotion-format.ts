import { formatDay, isoToTallinnInput } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { TFunction } from 'i18next';
import type { Promotion } from '#src/features/admin/api/admin-promotions-api.ts';

/** What a promotion takes off: "−20%" (in the language's percent style) or its fixed price "€9.99". */
export function promotionAmount(
  promotion: Pick<Promotion, 'kind' | 'percentOff' | 'fixedPrice'>,
  locale: string,
  t: TFunction,
): string {
  if (promotion.kind === 'fixed_price')
    return formatEuros(roundEurosToCents(promotion.fixedPrice ?? 0), locale);
  return percentOffText(promotion.percentOff ?? 0, locale, t);
}

/** A percentage off, "−20%", in the language's percent style (promotions and coupons). */
export function percentOffText(percentOff: number, locale: string, t: TFunction): string {
  const percent = new Intl.NumberFormat(locale, { style: 'percent' }).format(percentOff / 100);
  return t('promotions.amount.percent', { percent });
}

/** Which games a promotion lowers: "All games", "Platform: Steam" or "3 games". */
export function promotionScopeText(
  promotion: Pick<Promotion, 'scope' | 'platform' | 'gameIds'>,
  t: TFunction,
): string {
  if (promotion.scope === 'all') return t('promotions.scope.allGames');
  if (promotion.scope === 'platform')
    return t('promotions.scope.onPlatform', { platform: promotion.platform });
  return t('promotions.scope.games', { count: promotion.gameIds.length });
}

/**
 * An instant as Tallinn wall time ("Mar 29, 2026 10:00"), the back office's clock whatever the reader's
 * time zone: the day in the reader's language, the time on the 24-hour clock; a dash when missing.
 */
export function formatTallinn(iso: string | null | undefined, locale: string, t: TFunction): string {
  const wall = isoToTallinnInput(iso);
  if (!wall) return '—';
  return t('promotions.at', { day: formatDay(wall.slice(0, 10), locale), time: wall.slice(11, 16) });
}
