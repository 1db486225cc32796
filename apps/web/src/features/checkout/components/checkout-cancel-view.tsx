import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleSlash } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToStoreLink } from '#src/components/ui/back-to-store-link.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { cancelCheckout } from '#src/features/checkout/api/checkout.ts';
import { cartBaseKey } from '#src/lib/query-keys.ts';
import { useSession } from '#src/lib/session.ts';

/**
 * /checkout/cancel: nothing was charged. The keys reserved for the payment are released once; the cart
 * stays as it was, ready for another try.
 */
export function CheckoutCancelView(): ReactNode {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { isLoggedIn } = useSession();
  const released = useRef(false);
  const release = useMutation({
    mutationFn: cancelCheckout,
    onError: (error) => console.warn('cancel_checkout failed', error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: cartBaseKey }),
  });
  const { mutate } = release;

  // Arriving from the payment page (a new page load): start at the top, not where the store was left.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  useEffect(() => {
    if (!isLoggedIn || released.current) return;
    released.current = true;
    mutate();
  }, [isLoggedIn, mutate]);

  return (
    <EmptyState
      icon={CircleSlash}
      title={t('checkout.cancelledTitle')}
      body={
        <>
          <span data-testid="checkout-cancelled" className="block text-ink">
            {t('checkout.cancelled')}
          </span>
          {isLoggedIn ? <span className="mt-2 block">{t('checkout.cartKept')}</span> : null}
        </>
      }
      headingLevel={1}
    >
      <BackToStoreLink />
    </EmptyState>
  );
}
