import { Landmark, type LucideIcon, Mail, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResultHeading, ResultLinks, ResultPage } from './checkout-result.tsx';

/** A paid order whose keys come later: what is happening, and when and where the keys will arrive. */
export function WaitView({
  icon,
  title,
  testId,
  orderId,
  body,
  when,
}: {
  icon: LucideIcon;
  title: string;
  testId: string;
  orderId: number | undefined;
  body: string;
  when: string;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <ResultPage>
      <ResultHeading icon={icon} title={title} testId={testId}>
        {orderId === undefined ? null : (
          <p className="mt-2 text-sm font-medium text-ink-muted">{t('history.order', { id: orderId })}</p>
        )}
        <p className="mt-4 max-w-lg text-pretty text-ink-muted">{body}</p>
      </ResultHeading>
      <div className="mt-8 flex items-start gap-3 rounded-2xl border border-line bg-surface p-4 text-sm sm:p-5">
        <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
        <p className="text-pretty text-ink">{when}</p>
      </div>
      <ResultLinks />
    </ResultPage>
  );
}

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
    <WaitView
      icon={ShieldCheck}
      title={t('checkout.heldTitle')}
      testId="checkout-held"
      orderId={orderId}
      body={t('checkout.heldBody')}
      when={t('checkout.heldWhen', { count: reviewHours })}
    />
  );
}

/** Paid with a method that settles later (bank debit or transfer): the keys are kept and come by e-mail. */
export function CheckoutPaymentProcessingView({
  orderId,
  holdDays,
}: {
  orderId: number | undefined;
  holdDays: number;
}): ReactNode {
  const { t } = useTranslation();
  return (
    <WaitView
      icon={Landmark}
      title={t('checkout.paymentProcessingTitle')}
      testId="checkout-payment-processing"
      orderId={orderId}
      body={t('checkout.paymentProcessingBody')}
      when={t('checkout.paymentProcessingWhen', { count: holdDays })}
    />
  );
}
