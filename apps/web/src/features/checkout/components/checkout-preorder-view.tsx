import { CalendarClock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreorderDay } from '#src/components/ui/preorder-label.tsx';
import { WaitView } from './checkout-held-view.tsx';

/** A paid pre-order: confirmed, its key comes on its release day, and it may be withdrawn until then. */
export function CheckoutPreorderView({
  orderId,
  release,
}: {
  orderId: number | undefined;
  release: string;
}): ReactNode {
  const { t } = useTranslation();
  const day = usePreorderDay(release) ?? release;
  return (
    <WaitView
      icon={CalendarClock}
      title={t('preorders.successTitle')}
      testId="checkout-preorder"
      orderId={orderId}
      body={t('preorders.successBody', { date: day })}
      when={t('preorders.successWithdraw')}
    />
  );
}
