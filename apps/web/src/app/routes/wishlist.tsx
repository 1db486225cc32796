import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { AddToCartButton } from '#src/features/cart/components/add-to-cart-button.tsx';
import { WishlistView } from '#src/features/wishlist/components/wishlist-view.tsx';

/** /wishlist: the customer's wishlist with its alerts (inside the logged-in routes). */
export default function WishlistRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('wishlist.title')} />
      <WishlistView
        renderAddToCart={({ productId, title, soldOut }) => (
          <AddToCartButton productId={productId} title={title} soldOut={soldOut} size="card" />
        )}
      />
    </>
  );
}
