import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { Cart, CartCoupon as Coupon } from '@keyland/core/schemas/cart';
import { TicketPercent } from 'lucide-react';
import { type ReactNode, type Ref, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemoveCoupon } from '#src/features/cart/api/coupon.ts';
import { couponOff } from '#src/features/cart/utils/coupon-texts.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { CouponForm } from './coupon-form.tsx';

/** The applied coupon, as a line of the totals: its code and rate, what it takes off, and Remove. */
function CouponLine({
  coupon,
  removeRef,
  onRemove,
}: {
  coupon: Coupon;
  removeRef: Ref<HTMLButtonElement>;
  onRemove: () => void;
}): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const remove = useRemoveCoupon();
  return (
    <div data-testid="cart-coupon" className="flex flex-col text-sm">
      <div className="flex items-center justify-between gap-3">
        <p className="flex min-w-0 flex-wrap items-center gap-x-2 text-ink">
          <TicketPercent aria-hidden="true" className="size-4 shrink-0 text-brand" />
          <span className="min-w-0 font-medium break-all">
            {t('coupon.line', { code: coupon.code, off: couponOff(coupon, locale, t) })}
          </span>
          <button
            ref={removeRef}
            type="button"
            aria-label={t('coupon.removeLabel', { code: coupon.code })}
            aria-disabled={remove.isPending || undefined}
            onClick={() => {
              if (remove.isPending) return;
              onRemove();
              remove.mutate();
            }}
            className="-mx-1 inline-flex min-h-9 items-center rounded-md px-1 text-xs font-semibold text-brand-strong underline underline-offset-2 hover:text-brand aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
          >
            {t('coupon.remove')}
          </button>
        </p>
        <p data-testid="cart-coupon-discount" className="shrink-0 font-semibold text-brand tabular-nums">
          {t('coupon.off', { value: formatEuros(roundEurosToCents(coupon.discount), locale) })}
        </p>
      </div>
      {coupon.limited ? <p className="text-xs text-ink-muted">{t('coupon.limited')}</p> : null}
    </div>
  );
}

/**
 * The cart's coupon, above its totals: the applied coupon's line, or the form to enter a code. When the
 * customer's own action swaps one for the other, the focus follows (Apply → Remove, Remove → the form's
 * button); a coupon the server took off after another change leaves the focus where it is.
 */
export function CartCoupon({ cart }: { cart: Cart }): ReactNode {
  const code = cart.coupon?.code ?? null;
  const removeButton = useRef<HTMLButtonElement>(null);
  const toggleButton = useRef<HTMLButtonElement>(null);
  /** Where the focus goes once the customer's apply or remove has changed the cart. */
  const focusNext = useRef<'line' | 'form' | null>(null);

  useEffect(() => {
    const next = focusNext.current;
    if (next === 'line' && code !== null) removeButton.current?.focus();
    else if (next === 'form' && code === null) toggleButton.current?.focus();
    else return;
    focusNext.current = null;
  }, [code]);

  return cart.coupon ? (
    <CouponLine
      coupon={cart.coupon}
      removeRef={removeButton}
      onRemove={() => {
        focusNext.current = 'form';
      }}
    />
  ) : (
    <CouponForm
      toggleRef={toggleButton}
      onSubmitted={() => {
        focusNext.current = 'line';
      }}
    />
  );
}
