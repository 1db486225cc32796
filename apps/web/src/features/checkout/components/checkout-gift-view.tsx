import { Gift } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreorderDay } from '#src/components/ui/preorder-label.tsx';
import { WaitView } from './checkout-held-view.tsx';

/**
 * A paid gift (decision 039): its keys are the recipient's, so none are shown; when it goes to them, and
 * that the buyer can still correct the address or withdraw until it is opened.
 */
export function CheckoutGiftView({
  orderId,
  deliverOn,
}: {
  orderId: number | undefined;
  deliverOn: string | null;
}): ReactNode {
  const { t } = useTranslation();
  const day = usePreorderDay(deliverOn);
  return (
    <WaitView
      icon={Gift}
      title={t('gifts.successTitle')}
      testId="checkout-gift"
      orderId={orderId}
      body={day ? t('gifts.successScheduled', { date: day }) : t('gifts.successNow')}
      when={t('gifts.successMore')}
    />
  );
}
