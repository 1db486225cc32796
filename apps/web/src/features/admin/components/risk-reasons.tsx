import { type RiskReasonCode, riskReasonCodes } from '@keyland/core/risk-reasons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiskTier } from '#src/features/admin/api/admin-review-api.ts';
import { Badge, type BadgeTone } from './admin-page.tsx';

const isReasonCode = (code: string): code is RiskReasonCode =>
  (riskReasonCodes as readonly string[]).includes(code);

const tierTone: Record<RiskTier, BadgeTone> = { low: 'success', medium: 'warning', high: 'danger' };

/** The tier and the score: "Medium risk · 45". */
export function RiskBadge({ tier, score }: { tier: RiskTier; score: number }): ReactNode {
  const { t } = useTranslation();
  return (
    <span data-testid="risk-badge">
      <Badge tone={tierTone[tier]}>
        {t('admin.review.tierScore', { tier: t(`admin.review.tier.${tier}`), score })}
      </Badge>
    </span>
  );
}

/** Each reason of a score in words, with the points it added (or took away). */
export function RiskReasons({ reasons }: { reasons: { code: string; points: number }[] }): ReactNode {
  const { t, i18n } = useTranslation();
  if (reasons.length === 0) return <p className="text-sm text-ink-muted">{t('admin.review.noReasons')}</p>;
  const signed = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' });
  return (
    <ul data-testid="risk-reasons" className="flex flex-col gap-1.5 text-sm">
      {reasons.map(({ code, points }) => (
        <li key={code} data-testid="risk-reason" className="flex items-start justify-between gap-3">
          <span className="min-w-0 text-ink">
            {isReasonCode(code) ? t(`admin.review.reasons.${code}`) : t('admin.review.reasonOther', { code })}
          </span>
          <span
            className={
              points < 0
                ? 'shrink-0 font-semibold text-brand-strong tabular-nums'
                : 'shrink-0 font-semibold text-amber-300 tabular-nums'
            }
          >
            {t('admin.review.points', { count: points, points: signed.format(points) })}
          </span>
        </li>
      ))}
    </ul>
  );
}
