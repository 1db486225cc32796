import { LoaderCircle, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { useCartChange } from '#src/features/cart/api/cart.ts';
import { pulseCart, showCartNotice } from '#src/features/cart/utils/cart-ui-store.ts';

export interface AddToCartButtonProps {
  /** The catalogue's productId of the game (cws_product_id on the server). */
  productId: string;
  title: string;
  /** 'card' in a narrow catalogue card, 'md' on the product page. */
  size?: 'card' | 'md';
  soldOut?: boolean;
  className?: string;
}

/**
 * Adds one key of the game to the customer's cart. The cart button pulses and a short notice confirms
 * it; a refusal (no keys left, 10 per order) shows the server's message next to the cart button.
 */
export function AddToCartButton({
  productId,
  title,
  size = 'md',
  soldOut = false,
  className,
}: AddToCartButtonProps): ReactNode {
  const { t } = useTranslation();
  const change = useCartChange();
  const label = soldOut ? t('product.soldOut') : t('card.addToCart');

  return (
    <button
      type="button"
      data-testid="add-to-cart"
      disabled={soldOut}
      aria-disabled={change.isPending || undefined}
      aria-label={`${t('card.addToCart')}: ${title}`}
      onClick={() => {
        if (change.isPending) return;
        change.mutate(
          { kind: 'add', productId, title },
          {
            onSuccess: () => {
              pulseCart();
              showCartNotice('success', t('cart.added', { title }));
            },
          },
        );
      }}
      className={buttonClasses({ size, wrap: size === 'card', className })}
    >
      {change.isPending ? (
        <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
      ) : (
        <ShoppingCart
          aria-hidden="true"
          className={size === 'card' ? 'hidden size-4 shrink-0 sm:block' : 'size-4 shrink-0'}
        />
      )}
      <span>{change.isPending ? t('cart.adding') : label}</span>
    </button>
  );
}
