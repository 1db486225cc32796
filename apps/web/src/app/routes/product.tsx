import type { QueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { LoadErrorState } from '#src/components/ui/empty-state.tsx';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { AddToCartButton } from '#src/features/cart/components/add-to-cart-button.tsx';
import { getGameDetailQueryOptions, useGameDetail } from '#src/features/product/api/get-game-detail.ts';
import { ProductNotFound } from '#src/features/product/components/product-not-found.tsx';
import { ProductPage } from '#src/features/product/components/product-page.tsx';
import { ProductSkeleton } from '#src/features/product/components/product-skeleton.tsx';
import { WishlistHeart } from '#src/features/wishlist/components/wishlist-heart.tsx';
import { atMost } from '#src/utils/at-most.ts';

/** How long opening a product waits for its data before showing the skeleton. */
const PREFETCH_WAIT_MS = 800;

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const providerId = new URL(request.url).searchParams.get('session') ?? '';
    if (providerId)
      await atMost(queryClient.prefetchQuery(getGameDetailQueryOptions(providerId)), PREFETCH_WAIT_MS);
    return null;
  };

/** /product?title={slug}&session={providerId}: the game detail page. */
export default function ProductRoute(): ReactNode {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const providerId = searchParams.get('session')?.trim() ?? '';
  const slug = searchParams.get('title') ?? '';
  const detail = useGameDetail(providerId);
  const game = detail.data;

  // A link with an old or missing title slug is corrected in place, so the address is always canonical.
  useEffect(() => {
    if (game?.slug && slug !== game.slug) {
      setSearchParams(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.set('title', game.slug);
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }, [game, slug, setSearchParams]);

  if (!providerId) return <ProductNotFound />;
  if (detail.isPending) return <ProductSkeleton />;
  if (detail.isError) {
    return (
      <>
        <DocumentTitle title={t('product.errorTitle')} />
        <LoadErrorState icon={CloudOff} title={t('product.errorTitle')} headingLevel={1} query={detail} />
      </>
    );
  }
  if (!game) return <ProductNotFound />;
  return (
    <>
      <ProductPage
        game={game}
        renderAddToCart={({ productId, title, soldOut, preorderRelease }) => (
          <AddToCartButton
            productId={productId}
            title={title}
            soldOut={soldOut}
            preorderRelease={preorderRelease}
            className="w-full"
          />
        )}
        titleAction={<WishlistHeart providerId={game.provider_id} title={game.name} size="page" />}
      />
      <PageNotices />
    </>
  );
}
