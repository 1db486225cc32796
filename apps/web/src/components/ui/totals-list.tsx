import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartTotalsDisplay } from '#src/utils/format-cart-totals.ts';

/**
 * Subtotal (without VAT), the VAT line with its rate, and the total, as the server priced them: the
 * cart, the checkout summary and a paid order show the same three lines, each in its own frame.
 */
export function TotalsList({
  totals,
  className,
  totalRowClassName,
  totalClassName = 'text-brand',
  testIds = {},
}: {
  totals: CartTotalsDisplay;
  /** The list's frame and spacing (its lines are always small and tabular). */
  className: string;
  /** The total's line: its separation from the lines above. */
  totalRowClassName: string;
  totalClassName?: string;
  testIds?: { list?: string; subtotal?: string; vat?: string; total?: string };
}): ReactNode {
  const { t } = useTranslation();
  return (
    <dl data-testid={testIds.list} className={className}>
      <div className="flex justify-between gap-4 text-ink-muted">
        <dt>{t('cart.subtotal')}</dt>
        <dd data-testid={testIds.subtotal}>{totals.subtotal}</dd>
      </div>
      <div className="flex justify-between gap-4 text-ink-muted">
        <dt>{t('cart.vat', { percent: totals.taxPercent })}</dt>
        <dd data-testid={testIds.vat}>{totals.tax}</dd>
      </div>
      <div className={totalRowClassName}>
        <dt>{t('cart.total')}</dt>
        <dd data-testid={testIds.total} className={totalClassName}>
          {totals.total}
        </dd>
      </div>
    </dl>
  );
}
