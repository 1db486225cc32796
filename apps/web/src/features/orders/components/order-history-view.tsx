import { History as HistoryIcon, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { EmptyState, LoadErrorState } from '#src/components/ui/empty-state.tsx';
import { useCompletedOrders } from '#src/features/orders/api/orders.ts';
import { useStoreHref } from '#src/hooks/use-store-href.ts';
import { OrderCard, type RenderGift } from './order-card.tsx';

/** The shape of the orders while they load: two order cards of shimmering bars. */
function HistorySkeleton(): ReactNode {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="history-loading" className="flex flex-col gap-4">
      <span className="sr-only">{t('history.loading')}</span>
      {[0, 1].map((card) => (
        <div
          key={card}
          aria-hidden="true"
          className="overflow-hidden rounded-2xl border border-line bg-surface"
        >
          <div className="flex items-center gap-4 border-b border-line px-5 py-4">
            <div className="skeleton h-5 w-32 rounded" />
            <div className="skeleton h-4 w-40 rounded" />
          </div>
          <div className="flex flex-col gap-3 px-5 py-4">
            <div className="flex justify-between">
              <div className="skeleton h-5 w-48 rounded" />
              <div className="skeleton h-5 w-16 rounded" />
            </div>
            <div className="skeleton h-10 w-full rounded-lg" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * /History: the customer's paid orders with their keys, or the way to the store when there are none. A
 * gift order shows what `renderGift` gives (the gifts feature, composed by the route).
 */
export function OrderHistoryView({ renderGift }: { renderGift?: RenderGift } = {}): ReactNode {
  const { t } = useTranslation();
  const storeHref = useStoreHref();
  const orders = useCompletedOrders();

  let body: ReactNode;
  if (orders.isPending) {
    body = <HistorySkeleton />;
  } else if (orders.isError) {
    body = <LoadErrorState icon={HistoryIcon} title={t('history.loadFailed')} query={orders} />;
  } else if (orders.data.length === 0) {
    body = (
      <EmptyState icon={ShoppingBag} title={t('history.emptyTitle')} body={t('history.emptyBody')}>
        <Link to={storeHref} className={buttonClasses()}>
          {t('history.goShopping')}
        </Link>
      </EmptyState>
    );
  } else {
    body = (
      <div className="flex flex-col gap-5">
        {orders.data.map((order) => (
          <OrderCard key={order.id} order={order} renderGift={renderGift} />
        ))}
      </div>
    );
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 pb-28 sm:px-6 sm:py-10">
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('history.title')}</h1>
        <p className="mt-1 text-sm text-ink-muted">{t('history.intro')}</p>
      </header>
      {body}
    </div>
  );
}
