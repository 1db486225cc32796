import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { WishlistItem } from '@keyland/core/schemas/wishlist';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showNotice } from '#src/components/ui/notice.tsx';
import { PlatformIcon } from '#src/components/ui/platform-icon.tsx';
import { SalePrice } from '#src/components/ui/sale-price.tsx';
import { paths } from '#src/config/paths.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { formatStock } from '#src/utils/format-stock.ts';
import { useToggleWishlist } from '../api/change-wishlist.ts';
import { WishlistAlertForm } from './wishlist-alert-form.tsx';

/** What a customer gets to buy a game with (the cart's button, given by the route). */
export type RenderAddToCart = (game: { productId: string; title: string; soldOut: boolean }) => ReactNode;

/** The stock line: the number of keys, sold out, or no longer sold. */
function useStockText(item: WishlistItem): string {
  const { t } = useTranslation();
  if (!item.available) return t('wishlist.unavailable');
  return item.stock > 0 ? t('wishlist.inStock', { stock: formatStock(item.stock) }) : t('wishlist.soldOut');
}

/**
 * One game of the wishlist: cover, title (to its page), platform, today's price (with the reduction while
 * on sale), the lowest price of the last 30 days, stock, the way to buy, removing it, and its alerts.
 */
export function WishlistEntry({
  item,
  renderAddToCart,
}: {
  item: WishlistItem;
  renderAddToCart: RenderAddToCart;
}): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const remove = useToggleWishlist();
  const href = paths.product.getHref(item.slug, item.providerId);
  const stock = useStockText(item);

  return (
    <article
      aria-labelledby={titleId}
      data-testid="wishlist-entry"
      className="flex gap-3 rounded-xl border border-line bg-surface p-3 sm:gap-5 sm:p-4"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <img
          src={item.cover}
          alt=""
          width={96}
          height={128}
          loading="lazy"
          decoding="async"
          className="aspect-[3/4] w-20 rounded-lg bg-raised object-cover sm:w-28"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-start justify-between gap-2">
          <div className="flex min-w-0 flex-col gap-1">
            <h2 id={titleId} className="text-base leading-snug font-semibold break-words text-ink sm:text-lg">
              <Link to={href} className="rounded-sm hover:text-brand-strong">
                {item.title}
              </Link>
            </h2>
            <p className="flex items-center gap-1.5 text-xs font-medium text-ink-muted">
              <PlatformIcon platform={item.platform} className="size-3.5 shrink-0" />
              <span className="truncate">{item.platform}</span>
            </p>
          </div>
          <button
            type="button"
            aria-label={t('wishlist.remove', { title: item.title })}
            aria-disabled={remove.isPending || undefined}
            onClick={() => {
              if (remove.isPending) return;
              remove.mutate(
                { providerId: item.providerId, title: item.title, on: false },
                {
                  onSuccess: () => showNotice(t('wishlist.removed', { title: item.title })),
                  onError: (error) => showNotice(getErrorMessage(error), 'error'),
                },
              );
            }}
            className="-mt-1 -mr-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-raised hover:text-ink"
          >
            {remove.isPending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <Trash2 aria-hidden="true" className="size-4" />
            )}
          </button>
        </div>

        <div className="flex flex-wrap items-end gap-x-6 gap-y-2">
          <SalePrice
            size="card"
            price={item.price}
            reference={item.priceReference}
            discountPercent={item.discountPercent}
            saleEndsAt={item.saleEndsAt}
            label={t('card.price')}
            note={t('card.vatIncluded')}
            testId="wishlist-price"
          />
          <dl className="flex flex-col gap-0.5 text-xs text-ink-muted">
            <div>
              <dt className="inline">{t('wishlist.lowest30')}</dt>{' '}
              <dd data-testid="wishlist-lowest" className="inline font-medium text-ink tabular-nums">
                {formatEuros(roundEurosToCents(item.lowest30Days), locale)}
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t('card.stockLabel')}</dt>
              <dd data-testid="wishlist-stock">{stock}</dd>
            </div>
          </dl>
        </div>

        {item.available ? (
          <div className="max-w-xs">
            {renderAddToCart({ productId: item.productId, title: item.title, soldOut: item.stock <= 0 })}
          </div>
        ) : null}
        <WishlistAlertForm item={item} />
      </div>
    </article>
  );
}
