import type { CompletedOrder } from '@keyland/core/schemas/orders';
import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreorderDay } from '#src/components/ui/preorder-label.tsx';

/** The delivery day of an order that is a pre-order still waiting for it (its pending game names it). */
export function preorderReleaseOf(order: CompletedOrder): string | null {
  return order.pending_items?.find((item) => item.preorder_release)?.preorder_release ?? null;
}

/** A paid pre-order before its release day: when the key comes, and that it may still be withdrawn. */
export function PreorderWaiting({ release }: { release: string }): ReactNode {
  const { t } = useTranslation();
  const day = usePreorderDay(release) ?? release;
  return (
    <>
      <p data-testid="order-preorder" className="flex items-center gap-2 font-semibold text-ink">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0 text-brand" />
        {t('preorders.line', { date: day })}
      </p>
      <p className="text-sm text-ink-muted">{t('preorders.waitingBody')}</p>
    </>
  );
}
