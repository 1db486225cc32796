import type { ReactNode, RefObject } from 'react';
import type { RenderCheckout } from '#src/features/cart/components/cart-dialog.tsx';
import { CartDialog } from '#src/features/cart/components/cart-dialog.tsx';
import { CheckoutButton } from '#src/features/checkout/components/checkout-button.tsx';
import { GiftFields } from '#src/features/gifts/components/gift-fields.tsx';
import { useGiftForm } from '#src/features/gifts/hooks/use-gift-form.ts';

/** The way to pay: "This is a gift" with its fields (decision 039), then the checkout's button. */
function GiftAndCheckout({ cart, consent, busy }: Parameters<RenderCheckout>[0]): ReactNode {
  const gift = useGiftForm();
  return (
    <>
      <GiftFields form={gift} />
      <CheckoutButton
        cart={cart}
        consent={consent}
        busy={busy}
        gift={gift.request}
        blocked={gift.invalid}
        onBlocked={gift.showProblems}
      />
    </>
  );
}

/**
 * The cart panel with its way to pay: the cart's dialog around the gift's fields and the checkout's
 * button. Its own chunk, loaded the first time the cart button is hovered, focused or opened (see
 * FloatingCart).
 */
export default function CartDialogWithCheckout({
  returnFocusTo,
}: {
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}): ReactNode {
  return (
    <CartDialog returnFocusTo={returnFocusTo} renderCheckout={(props) => <GiftAndCheckout {...props} />} />
  );
}
