import type { Cart } from '@keyland/core/schemas/cart';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#src/hooks/use-locale.ts';
import { formatCartTotals } from '#src/utils/format-cart-totals.ts';

/** Subtotal (without VAT), the VAT line with its rate, and the total, as the server priced them. */
export function CartTotals({ cart }: { cart: Cart }): ReactNode {
  const { t } = useTranslation();
  const totals = formatCartTotals(cart, useLocale());
  return (
    <dl data-testid="cart-totals" className="flex flex-col gap-1 text-sm tabular-nums">
      <div className="flex justify-between gap-4 text-ink-muted">
        <dt>{t('cart.subtotal')}</dt>
        <dd data-testid="cart-subtotal">{totals.subtotal}</dd>
      </div>
      <div className="flex justify-between gap-4 text-ink-muted">
        <dt>{t('cart.vat', { percent: totals.taxPercent })}</dt>
        <dd data-testid="cart-vat">{totals.tax}</dd>
      </div>
      <div className="mt-1 flex items-baseline justify-between gap-4 border-t border-line pt-2 text-base font-bold text-ink">
        <dt>{t('cart.total')}</dt>
        <dd data-testid="cart-total" className="text-lg text-brand">
          {totals.total}
        </dd>
      </div>
    </dl>
  );
}
