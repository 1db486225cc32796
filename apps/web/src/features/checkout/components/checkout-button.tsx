import type { GiftRequest } from '@keyland/core/gift-rules';
import type { Cart } from '@keyland/core/schemas/cart';
import { CircleAlert, LoaderCircle, Lock } from 'lucide-react';
import { type ReactNode, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { type Consent, couponWasRemoved, useStartCheckout } from '#src/features/checkout/api/checkout.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';

export interface CheckoutButtonProps {
  cart: Cart;
  /** The ticked consent; null while the terms box is unticked. */
  consent: Consent | null;
  /** A cart change is still on its way to the server. */
  busy?: boolean;
  /** The order is a gift to this recipient (decision 039). */
  gift?: GiftRequest | null;
  /** Something above must be corrected first (a gift's fields): a click calls `onBlocked` instead. */
  blocked?: boolean;
  onBlocked?: () => void;
}

/**
 * Pays the cart: disabled until the terms are accepted; shows progress, then leaves for the payment page.
 * A refusal shows under it; when it is the coupon that no longer applied, the message says it was taken
 * off, the cart shows its new total and the customer can check out again.
 */
export function CheckoutButton({
  cart,
  consent,
  busy = false,
  gift = null,
  blocked = false,
  onBlocked,
}: CheckoutButtonProps): ReactNode {
  const { t } = useTranslation();
  const checkout = useStartCheckout(cart);
  const errorId = useId();
  const hintId = useId();
  const leaving = checkout.isPending || checkout.isSuccess;
  const { reset } = checkout;

  // Back from the payment page out of the browser's page cache: the button is usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        data-testid="checkout-button"
        disabled={consent === null || cart.items.length === 0}
        aria-disabled={leaving || busy || undefined}
        aria-describedby={checkout.isError ? errorId : hintId}
        onClick={() => {
          if (!consent || leaving || busy) return;
          if (blocked) {
            onBlocked?.();
            return;
          }
          checkout.mutate({ consent, gift });
        }}
        className={buttonClasses({ className: 'w-full text-base' })}
      >
        {leaving ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <Lock aria-hidden="true" className="size-4" />
        )}
        {leaving ? t('cart.redirecting') : t('cart.checkout')}
      </button>
      {checkout.isError ? (
        <p
          id={errorId}
          role="alert"
          data-testid="checkout-error"
          className="flex items-start gap-2 rounded-lg border border-danger/40 bg-danger-soft px-3 py-2 text-sm text-ink"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger" />
          <span>
            {couponWasRemoved(checkout.error)
              ? t('coupon.removedAtCheckout', { reason: getErrorMessage(checkout.error) })
              : getErrorMessage(checkout.error)}
          </span>
        </p>
      ) : (
        <p id={hintId} className="text-center text-xs text-ink-faint">
          {consent === null
            ? t('cart.acceptFirst')
            : gift || blocked
              ? t('gifts.securePayment')
              : t('cart.securePayment')}
        </p>
      )}
    </div>
  );
}
