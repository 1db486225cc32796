import { formatDateTime } from '@keyland/core/dates';
import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import { History as HistoryIcon, ReceiptText } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackToStoreLink } from '#src/components/ui/back-to-store-link.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { TotalsList } from '#src/components/ui/totals-list.tsx';
import { paths } from '#src/config/paths.ts';
import { readCheckoutSummary } from '#src/features/checkout/utils/checkout-storage.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { formatCartTotals } from '#src/utils/format-cart-totals.ts';

function Links(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <BackToStoreLink variant="secondary" />
      <Link to={paths.history} className={buttonClasses()}>
        <HistoryIcon aria-hidden="true" className="size-4" />
        {t('checkout.toHistory')}
      </Link>
    </>
  );
}

/** /checkout: the purchase summary this browser stored when payment started (spec "/checkout"). */
export function CheckoutSummaryView(): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const [summary] = useState(readCheckoutSummary);

  if (!summary) {
    return (
      <EmptyState
        icon={ReceiptText}
        title={t('checkout.noSummary')}
        body={t('checkout.noSummaryBody')}
        headingLevel={1}
      >
        <Links />
      </EmptyState>
    );
  }

  const totals = formatCartTotals(
    {
      amount_untaxed: summary.subtotal,
      amount_tax: summary.tax,
      amount_total: summary.total,
      tax_percent: summary.taxPercent,
    },
    locale,
  );
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 pb-28 sm:px-6 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('checkout.summaryTitle')}</h1>
      <section data-testid="checkout-summary" className="mt-6 rounded-2xl border border-line bg-surface">
        <dl className="grid grid-cols-2 gap-4 border-b border-line px-4 py-4 text-sm sm:px-5">
          <div>
            <dt className="text-ink-muted">{t('checkout.orderNumber')}</dt>
            <dd className="mt-0.5 font-semibold text-ink tabular-nums">#{summary.orderId}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">{t('checkout.date')}</dt>
            <dd className="mt-0.5 font-semibold text-ink">
              <time dateTime={summary.date}>{formatDateTime(summary.date, locale, 'long')}</time>
            </dd>
          </div>
        </dl>
        <ul aria-label={t('history.items')} className="divide-y divide-line px-4 sm:px-5">
          {summary.items.map((item) => (
            <li
              key={`${item.title}-${item.platform}`}
              className="flex items-start justify-between gap-3 py-3 text-sm"
            >
              <div className="min-w-0">
                <p className="font-semibold text-ink">{item.title}</p>
                <p className="text-xs text-ink-muted tabular-nums">
                  {t('checkout.quantityTimes', {
                    quantity: item.quantity,
                    price: formatEuros(roundEurosToCents(item.price), locale),
                  })}
                </p>
              </div>
              <p className="shrink-0 font-semibold text-brand tabular-nums">
                {formatEuros(roundEurosToCents(item.total), locale)}
              </p>
            </li>
          ))}
        </ul>
        {summary.coupon ? (
          <p
            data-testid="checkout-summary-coupon"
            className="flex justify-between gap-4 border-t border-line px-4 py-3 text-sm text-ink tabular-nums sm:px-5"
          >
            <span className="min-w-0 break-all">{t('coupon.named', { code: summary.coupon.code })}</span>
            <span className="shrink-0 font-semibold text-brand">
              {t('coupon.off', { value: formatEuros(roundEurosToCents(summary.coupon.discount), locale) })}
            </span>
          </p>
        ) : null}
        <TotalsList
          totals={totals}
          className="flex flex-col gap-1 border-t border-line px-4 py-4 text-sm tabular-nums sm:px-5"
          totalRowClassName="flex justify-between gap-4 pt-1 text-base font-bold text-ink"
        />
      </section>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-end">
        <Links />
      </div>
    </div>
  );
}
