import { ShoppingCart } from 'lucide-react';
import { type ReactNode, type RefObject, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deferred } from '#src/components/ui/deferred.ts';
import { NoticeRegion } from '#src/components/ui/notice.tsx';
import { useCart } from '#src/features/cart/api/cart.ts';
import { lineCount } from '#src/features/cart/utils/cart-math.ts';
import {
  CART_NOTICE_MS,
  dismissCartNotice,
  setCartOpen,
  useCartUi,
} from '#src/features/cart/utils/cart-ui-store.ts';
import { useAfterHydration } from '#src/lib/first-render.tsx';
import { useSession } from '#src/lib/session.ts';

/** The cart panel, loaded apart from the first page (see CartDialog; the layout gives it with its checkout). */
export type DeferredCartDialog = Deferred<{ returnFocusTo: RefObject<HTMLButtonElement | null> }>;

/**
 * The floating cart of a logged-in customer: a round button at the bottom right with the number of lines
 * on a red badge, opening the cart panel. The layout places it in the bottom dock, above the cookie banner.
 * The panel's code loads when the button is hovered or focused, or when the cart first opens. It is drawn
 * only once the page is live, together with the cookie banner it sits on, so it never moves under a tap.
 */
export function FloatingCart({ dialog: cartDialog }: { dialog: DeferredCartDialog }): ReactNode {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const { open, pulse, notice } = useCartUi();
  const cart = useCart();
  const button = useRef<HTMLButtonElement>(null);
  const everOpened = useRef(false);
  const live = useAfterHydration();
  if (!isLoggedIn || !live) return null;
  const count = lineCount(cart.data);
  if (open) everOpened.current = true;

  return (
    <>
      <div className="pointer-events-none mr-4 mb-4 flex max-w-[calc(100vw-2rem)] flex-col items-end gap-2 self-end sm:mr-6 sm:mb-6">
        {open ? null : (
          <NoticeRegion
            notice={notice}
            onDismiss={dismissCartNotice}
            durations={CART_NOTICE_MS}
            action={{ label: t('cart.view'), onClick: () => setCartOpen(true) }}
            className="w-80 max-w-full empty:hidden"
          />
        )}
        <button
          ref={button}
          type="button"
          data-testid="cart-button"
          aria-label={t('cart.open', { count })}
          aria-haspopup="dialog"
          aria-expanded={open}
          data-state={open ? 'open' : 'closed'}
          onPointerEnter={cartDialog.preload}
          onFocus={cartDialog.preload}
          onClick={() => setCartOpen(true)}
          className="pointer-events-auto relative inline-flex size-14 items-center justify-center rounded-full bg-brand text-on-brand shadow-xl shadow-black/50 transition-[transform,background-color] hover:bg-brand-strong active:scale-95"
        >
          {pulse > 0 ? (
            <span
              key={pulse}
              aria-hidden="true"
              className="absolute inset-0 animate-ping rounded-full bg-brand/60 [animation-iteration-count:2]"
            />
          ) : null}
          <ShoppingCart aria-hidden="true" className="relative size-6" strokeWidth={2.25} />
          {count > 0 ? (
            <span
              data-testid="cart-count"
              aria-hidden="true"
              className="absolute -top-1 -right-1 grid h-6 min-w-6 place-items-center rounded-full bg-red-600 px-1.5 text-xs font-bold text-white tabular-nums ring-2 ring-canvas"
            >
              {count}
            </span>
          ) : null}
        </button>
      </div>
      {everOpened.current ? (
        <Suspense fallback={null}>
          <cartDialog.Component returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
