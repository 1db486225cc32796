import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { AddToCartButton } from '#src/features/cart/components/add-to-cart-button.tsx';
import { prefetchCatalogue } from '#src/features/catalogue/api/prefetch-catalogue.ts';
import { CatalogueView } from '#src/features/catalogue/components/catalogue-view.tsx';
import { WishAfterLogin } from '#src/features/wishlist/components/wish-after-login.tsx';
import { WishlistHeart } from '#src/features/wishlist/components/wishlist-heart.tsx';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await prefetchCatalogue(queryClient, request.url);
    return null;
  };

/** /store: the catalogue of a logged-in customer (the session guard sends visitors to /login). */
export default function StoreRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('catalogue.title')} />
      {/* The login lands here: a game a visitor wished for goes on the list, and they go back to it. */}
      <WishAfterLogin />
      <CatalogueView
        renderAction={(game) => (
          <AddToCartButton
            productId={game.productId}
            title={game.title}
            size="card"
            preorderRelease={game.preorder_release}
          />
        )}
        renderCoverAction={(game) => <WishlistHeart providerId={game.providerId} title={game.title} />}
      />
    </>
  );
}
