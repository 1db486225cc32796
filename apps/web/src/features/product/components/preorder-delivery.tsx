import { CalendarClock, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreorderDay } from '#src/components/ui/preorder-label.tsx';

/**
 * What the buy box promises of a pre-order instead of instant delivery: the day the key comes, and that
 * it is paid now and may be withdrawn from until then (decision 038).
 */
export function PreorderDeliveryItems({ release }: { release: string }): ReactNode {
  const { t } = useTranslation();
  const day = usePreorderDay(release) ?? release;
  return (
    <>
      <li data-testid="preorder-delivery" className="flex gap-2">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        <span>{t('preorders.delivery', { date: day })}</span>
      </li>
      <li className="flex gap-2">
        <Undo2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand" />
        <span>{t('preorders.payNow')}</span>
      </li>
    </>
  );
}
