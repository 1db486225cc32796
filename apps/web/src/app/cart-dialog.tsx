import type { ReactNode, RefObject } from 'react';
import { CartDialog } from '#src/features/cart/components/cart-dialog.tsx';
import { CheckoutButton } from '#src/features/checkout/components/checkout-button.tsx';

/**
 * The cart panel with its way to pay: the cart's dialog around the checkout's button. Its own chunk,
 * loaded the first time the cart button is hovered, focused or opened (see FloatingCart).
 */
export default function CartDialogWithCheckout({
  returnFocusTo,
}: {
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}): ReactNode {
  return (
    <CartDialog
      returnFocusTo={returnFocusTo}
      renderCheckout={({ cart, consent, busy }) => (
        <CheckoutButton cart={cart} consent={consent} busy={busy} />
      )}
    />
  );
}
