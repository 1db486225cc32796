import { CloudOff, Heart } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { EmptyState, LoadErrorState } from '#src/components/ui/empty-state.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { paths } from '#src/config/paths.ts';
import { useWishlist } from '../api/get-wishlist.ts';
import { type RenderAddToCart, WishlistEntry } from './wishlist-entry.tsx';

/** /wishlist: the customer's games with today's price, the 30-day lowest, stock, the cart and alerts. */
export function WishlistView({ renderAddToCart }: { renderAddToCart: RenderAddToCart }): ReactNode {
  const { t } = useTranslation();
  const wishlist = useWishlist();
  const items = wishlist.data?.items ?? [];

  const body = (): ReactNode => {
    if (wishlist.isPending)
      return (
        <div className="grid min-h-60 place-items-center">
          <Spinner label={t('wishlist.loading')} />
        </div>
      );
    if (wishlist.isError)
      return <LoadErrorState icon={CloudOff} title={t('wishlist.errorTitle')} query={wishlist} />;
    if (items.length === 0)
      return (
        <EmptyState icon={Heart} title={t('wishlist.emptyTitle')} body={t('wishlist.emptyBody')}>
          <Link to={paths.store} className={buttonClasses()}>
            {t('wishlist.browse')}
          </Link>
        </EmptyState>
      );
    return (
      <ul className="flex flex-col gap-4" data-testid="wishlist">
        {items.map((item) => (
          <li key={item.providerId}>
            <WishlistEntry item={item} renderAddToCart={renderAddToCart} />
          </li>
        ))}
      </ul>
    );
  };

  return (
    <section className="mx-auto max-w-4xl px-4 pt-6 pb-12 sm:px-6 lg:px-8" aria-labelledby="wishlist-title">
      <header className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 id="wishlist-title" className="text-3xl font-bold tracking-tight text-ink">
          {t('wishlist.title')}
        </h1>
        {wishlist.data && items.length > 0 ? (
          <p className="text-sm text-ink-muted">
            {t('wishlist.count', { count: items.length, max: wishlist.data.max })}
          </p>
        ) : null}
      </header>
      {body()}
    </section>
  );
}
