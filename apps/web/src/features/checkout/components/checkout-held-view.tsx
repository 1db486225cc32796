import { Mail, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultHeading, ResultLinks, ResultPage } from './checkout-result.tsx';

/**
 * Paid, but held for a person's check before the keys are shown: said calmly, as a routine step that
 * protects customers, with when to expect the keys and where they will arrive.
 */
export function CheckoutHeldView({
  orderId,
  reviewHours,
}: {
  orderId: number | undefined;
  reviewHours: number;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <ResultPage>
      <ResultHeading icon={ShieldCheck} title={t('checkout.heldTitle')} testId="checkout-held">
        {orderId === undefined ? null : (
          <p className="mt-2 text-sm font-medium text-ink-muted">{t('history.order', { id: orderId })}</p>
        )}
        <p className="mt-4 max-w-lg text-pretty text-ink-muted">{t('checkout.heldBody')}</p>
      </ResultHeading>
      <div className="mt-8 flex items-start gap-3 rounded-2xl border border-line bg-surface p-4 text-sm sm:p-5">
        <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
        <p className="text-pretty text-ink">{t('checkout.heldWhen', { count: reviewHours })}</p>
      </div>
      <ResultLinks />
    </ResultPage>
  );
}
