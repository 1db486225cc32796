import type { Cart } from '@keyland/core/schemas/cart';
import type { ReactNode } from 'react';
import { TotalsList } from '#src/components/ui/totals-list.tsx';
import { useLocale } from '#src/hooks/use-locale.ts';
import { formatCartTotals } from '#src/utils/format-cart-totals.ts';

/** Subtotal (without VAT), the VAT line with its rate, and the total, as the server priced them. */
export function CartTotals({ cart }: { cart: Cart }): ReactNode {
  return (
    <TotalsList
      totals={formatCartTotals(cart, useLocale())}
      className="flex flex-col gap-1 text-sm tabular-nums"
      totalRowClassName="mt-1 flex items-baseline justify-between gap-4 border-t border-line pt-2 text-base font-bold text-ink"
      totalClassName="text-lg text-brand"
      testIds={{ list: 'cart-totals', subtotal: 'cart-subtotal', vat: 'cart-vat', total: 'cart-total' }}
    />
  );
}
