import type { Cart } from '@keyland/core/schemas/cart';
import * as Dialog from '@radix-ui/react-dialog';
import { useIsMutating } from '@tanstack/react-query';
import { LoaderCircle, ShoppingCart, X } from 'lucide-react';
import { type ReactNode, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#src/components/ui/button.tsx';
import { NoticeRegion } from '#src/components/ui/notice.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useCart, useCartChange } from '#src/features/cart/api/cart.ts';
import { lineCount } from '#src/features/cart/utils/cart-math.ts';
import {
  CART_NOTICE_MS,
  dismissCartNotice,
  setCartOpen,
  useCartUi,
} from '#src/features/cart/utils/cart-ui-store.ts';
import { getErrorMessage } from '#src/lib/api-client.ts';
import { CartCoupon } from './cart-coupon.tsx';
import { CartLine } from './cart-line.tsx';
import { CartTerms, consentText } from './cart-terms.tsx';
import { CartTotals } from './cart-totals.tsx';

/** The customer's acceptance of the terms, as the terms box recorded it (sent with the checkout). */
export interface TermsConsent {
  text: string;
  timestamp: string;
}

/** The way to pay the cart (the checkout's button, given by the app's layout). */
export type RenderCheckout = (props: {
  cart: Cart;
  consent: TermsConsent | null;
  busy: boolean;
}) => ReactNode;

/** The panel's content: lines, coupon, totals, terms and checkout; or just 'your cart is empty'. */
function CartPanel({ renderCheckout }: { renderCheckout: RenderCheckout }): ReactNode {
  const { t } = useTranslation();
  const cart = useCart();
  const change = useCartChange();
  const { notice } = useCartUi();
  const syncing = useIsMutating({ predicate: (mutation) => mutation.options.scope?.id === 'cart' }) > 0;
  const [consent, setConsent] = useState<TermsConsent | null>(null);
  const count = lineCount(cart.data);

  return (
    <>
      <header className="flex items-center gap-3 border-b border-line px-4 py-3 sm:px-5">
        <ShoppingCart aria-hidden="true" className="size-5 text-brand" />
        <Dialog.Title className="flex-1 text-lg font-semibold text-ink">{t('cart.title')}</Dialog.Title>
        {syncing ? (
          <span className="flex items-center gap-1.5 text-xs text-ink-muted">
            <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin text-brand" />
            {t('cart.syncing')}
          </span>
        ) : null}
        <Dialog.Close
          aria-label={t('cart.close')}
          className="-mr-2 inline-flex size-10 items-center justify-center rounded-lg text-ink-muted hover:bg-raised hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </header>
      <Dialog.Description className="sr-only">{t('cart.description')}</Dialog.Description>

      <NoticeRegion
        notice={notice}
        onDismiss={dismissCartNotice}
        durations={CART_NOTICE_MS}
        className="px-4 empty:hidden sm:px-5 [&>*]:mt-3"
      />

      {cart.isPending ? (
        <Spinner label={t('cart.loading')} className="px-5 py-8" />
      ) : cart.isError && !cart.data ? (
        <div className="flex flex-col items-start gap-3 px-5 py-6">
          <p role="alert" className="text-sm text-ink">
            {getErrorMessage(cart.error)}
          </p>
          <Button variant="secondary" size="sm" onClick={() => void cart.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : count === 0 ? (
        <p data-testid="cart-empty" className="px-5 py-10 text-center text-base text-ink-muted">
          {t('cart.empty')}
        </p>
      ) : (
        <>
          <ul
            aria-label={t('cart.lines')}
            className="min-h-24 flex-[1_1000_auto] divide-y divide-line overflow-y-auto overscroll-contain px-4 sm:px-5"
          >
            {cart.data?.items.map((item) => (
              <CartLine
                key={item.wcs_product_id}
                item={item}
                onChangeQuantity={(delta) =>
                  change.mutate({ kind: 'quantity', productId: item.wcs_product_id, delta })
                }
                onRemove={() => change.mutate({ kind: 'remove', productId: item.wcs_product_id })}
              />
            ))}
          </ul>
          {cart.data ? (
            // The lines give up their height first (they shrink a thousand times faster, down to about
            // one line); a footer still too tall (a gift's fields) then scrolls on its own.
            <footer className="flex min-h-0 flex-col gap-3 overflow-y-auto overscroll-contain border-t border-line bg-surface px-4 pt-3 pb-[max(1rem,env(safe-area-inset-bottom))] sm:px-5">
              <div className="flex flex-col gap-1.5">
                <CartCoupon cart={cart.data} />
                <CartTotals cart={cart.data} />
              </div>
              <CartTerms
                checked={consent !== null}
                onChange={(checked) =>
                  setConsent(checked ? { text: consentText(t), timestamp: new Date().toISOString() } : null)
                }
              />
              {renderCheckout({ cart: cart.data, consent, busy: syncing })}
            </footer>
          ) : null}
        </>
      )}
    </>
  );
}

/**
 * The cart panel (Radix dialog) that slides up from the bottom (full width on phones; no slide for
 * reduced motion). Loaded the first time the cart opens; closing it gives the focus back to the cart button.
 */
export function CartDialog({
  returnFocusTo,
  renderCheckout,
}: {
  returnFocusTo: RefObject<HTMLButtonElement | null>;
  renderCheckout: RenderCheckout;
}): ReactNode {
  const { open } = useCartUi();
  return (
    <Dialog.Root open={open} onOpenChange={setCartOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-[2px] transition-opacity duration-300 starting:opacity-0 motion-reduce:transition-none" />
        <Dialog.Content
          data-testid="cart-panel"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[min(90dvh,44rem)] flex-col rounded-t-2xl border border-b-0 border-line-strong bg-surface shadow-2xl shadow-black/60 transition-transform duration-300 ease-out outline-none starting:translate-y-full motion-reduce:transition-none sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-[28rem] sm:rounded-2xl sm:border-b"
        >
          <CartPanel renderCheckout={renderCheckout} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
