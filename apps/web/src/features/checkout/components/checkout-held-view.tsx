import { History as HistoryIcon, Mail, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackToStoreLink } from '#src/components/ui/back-to-store-link.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';

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
    <div className="mx-auto w-full max-w-2xl px-4 py-10 pb-28 sm:px-6 sm:py-14">
      <div data-testid="checkout-held" className="flex flex-col items-center text-center">
        <span className="mb-5 grid size-16 place-items-center rounded-2xl border border-brand/30 bg-brand-soft text-brand">
          <ShieldCheck aria-hidden="true" className="size-8" strokeWidth={1.75} />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-balance text-ink sm:text-3xl">
          {t('checkout.heldTitle')}
        </h1>
        {orderId === undefined ? null : (
          <p className="mt-2 text-sm font-medium text-ink-muted">{t('history.order', { id: orderId })}</p>
        )}
        <p className="mt-4 max-w-lg text-pretty text-ink-muted">{t('checkout.heldBody')}</p>
      </div>
      <div className="mt-8 flex items-start gap-3 rounded-2xl border border-line bg-surface p-4 text-sm sm:p-5">
        <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
        <p className="text-pretty text-ink">{t('checkout.heldWhen', { count: reviewHours })}</p>
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Link to={paths.history} className={buttonClasses()}>
          <HistoryIcon aria-hidden="true" className="size-4" />
          {t('checkout.toHistory')}
        </Link>
        <BackToStoreLink variant="secondary" />
      </div>
    </div>
  );
}
