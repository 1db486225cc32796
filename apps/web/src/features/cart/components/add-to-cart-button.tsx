import { LoaderCircle, ShoppingCart } from 'lucide-react';
import { type ComponentProps, type ReactNode, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { deferred } from '#src/components/ui/deferred.ts';
import { usePreorderDay } from '#src/components/ui/preorder-label.tsx';
import { needsRegionConfirmation, useCartChange } from '#src/features/cart/api/cart.ts';
import { pulseCart, showCartNotice } from '#src/features/cart/utils/cart-ui-store.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import type { RegionConfirmDialog } from './region-confirm-dialog.tsx';

/** The region question's dialog (Radix): its code loads the first time a customer is asked. */
const regionDialog = deferred<ComponentProps<typeof RegionConfirmDialog>>(() =>
  import('./region-confirm-dialog.tsx').then((module) => ({ default: module.RegionConfirmDialog })),
);

export interface AddToCartButtonProps {
  /** The catalogue's productId of the game (cws_product_id on the server). */
  productId: string;
  title: string;
  /** 'card' in a narrow catalogue card, 'md' on the product page. */
  size?: 'card' | 'md';
  soldOut?: boolean;
  /** A pre-order: the day its key is delivered, which the button names. */
  preorderRelease?: string | undefined;
  className?: string;
}

/**
 * Adds one key of the game to the customer's cart. The cart button pulses and a short notice confirms
 * it; a refusal (no keys left, 10 per order) shows the server's message next to the cart button. A key
 * that may not activate in the customer's country is added only after they confirm it in a dialog.
 */
export function AddToCartButton({
  productId,
  title,
  size = 'md',
  soldOut = false,
  preorderRelease,
  className,
}: AddToCartButtonProps): ReactNode {
  const { t } = useTranslation();
  const change = useCartChange();
  const preorderDay = usePreorderDay(preorderRelease, size === 'card' ? 'short' : 'medium');
  const action = preorderDay ? t('preorders.button', { date: preorderDay }) : t('card.addToCart');
  const label = soldOut ? t('product.soldOut') : action;
  const button = useRef<HTMLButtonElement>(null);
  /** The server's region warning while the customer decides. */
  const [regionQuestion, setRegionQuestion] = useState<string | null>(null);
  const asked = useRef(false);
  if (regionQuestion !== null) asked.current = true;

  const add = (regionConfirmed: boolean) =>
    change.mutate(
      { kind: 'add', productId, title, regionConfirmed },
      {
        onSuccess: (cart) => {
          pulseCart();
          // A coupon the change took off has its own notice, which matters more than the confirmation.
          if (!cart.coupon_removed) showCartNotice('success', t('cart.added', { title }));
        },
        onError: (error) => {
          if (needsRegionConfirmation(error)) setRegionQuestion(getErrorMessage(error));
        },
      },
    );

  return (
    <>
      <button
        ref={button}
        type="button"
        data-testid="add-to-cart"
        disabled={soldOut}
        aria-disabled={change.isPending || undefined}
        aria-label={`${action}: ${title}`}
        onClick={() => {
          if (!change.isPending) add(false);
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
      {asked.current ? (
        <Suspense fallback={null}>
          <regionDialog.Component
            message={regionQuestion}
            onConfirm={() => {
              setRegionQuestion(null);
              add(true);
            }}
            onCancel={() => setRegionQuestion(null)}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
