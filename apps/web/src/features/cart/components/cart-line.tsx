import { formatEuros, roundEurosToCents } from '@keyland/core/money';
import type { CartItem } from '@keyland/core/schemas/cart';
import { Gamepad2, Globe, Minus, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from '#src/components/ui/platform-icon.tsx';
import { PreorderNote } from '#src/components/ui/preorder-label.tsx';
import { canDecrease, canIncrease, maxQuantity } from '#src/features/cart/utils/cart-math.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { activationRegion } from '#src/utils/activation-in-words.ts';

const stepButton =
  'inline-flex size-9 items-center justify-center text-ink transition-colors hover:bg-line disabled:cursor-not-allowed disabled:text-ink-faint disabled:hover:bg-transparent';

function LineCover({ src, title }: { src: string; title: string }): ReactNode {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <span className="grid h-20 w-15 shrink-0 place-items-center rounded-md bg-raised text-ink-faint">
        <Gamepad2 aria-hidden="true" className="size-6" />
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={t('card.cover', { title })}
      width={60}
      height={80}
      loading="lazy"
      onError={() => setFailed(true)}
      className="h-20 w-15 shrink-0 rounded-md bg-raised object-cover"
    />
  );
}

export interface CartLineProps {
  item: CartItem;
  onChangeQuantity: (delta: 1 | -1) => void;
  onRemove: () => void;
}

/**
 * One line of the cart: cover, title, platform, unit price, − quantity +, line total (after the coupon,
 * whose share shows under it), remove.
 */
export function CartLine({ item, onChangeQuantity, onRemove }: CartLineProps): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const title = item.name || t('cart.untitled');
  const max = maxQuantity(item);

  return (
    <li data-testid="cart-line" data-product-id={item.wcs_product_id} className="flex gap-3 py-3">
      <LineCover src={item.cover} title={title} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-start gap-2">
          <p className="line-clamp-2 min-w-0 flex-1 text-sm leading-snug font-semibold text-ink">{title}</p>
          <button
            type="button"
            onClick={onRemove}
            aria-label={t('cart.remove', { title })}
            className="-mt-1 -mr-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-ink-muted transition-colors hover:bg-danger-soft hover:text-danger"
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </button>
        </div>
        {item.platform ? (
          <p className="flex min-w-0 items-center gap-1.5 text-xs text-ink-muted">
            <PlatformIcon platform={item.platform} className="size-3.5 shrink-0" />
            <span className="truncate">{item.platform}</span>
          </p>
        ) : null}
        {item.preorder_release ? <PreorderNote release={item.preorder_release} /> : null}
        {item.activates_here === false ? (
          <p data-testid="cart-line-region" className="flex items-start gap-1.5 text-xs text-amber-300">
            <Globe aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            <span>{t('cart.region.notice', { region: activationRegion(item.activation, locale, t) })}</span>
          </p>
        ) : null}
        <p className="text-xs text-ink-muted tabular-nums">
          {t('cart.unitPrice', { price: formatEuros(roundEurosToCents(item.price_unit), locale) })}
        </p>
        <div className="mt-1 flex items-center justify-between gap-2">
          <fieldset className="m-0 inline-flex min-w-0 items-center overflow-hidden rounded-lg border border-line-strong bg-raised p-0">
            <legend className="sr-only">{t('cart.quantityOf', { title })}</legend>
            <button
              type="button"
              className={stepButton}
              disabled={!canDecrease(item)}
              onClick={() => onChangeQuantity(-1)}
              aria-label={t('cart.decrease', { title })}
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
            <output
              data-testid="cart-line-quantity"
              aria-live="polite"
              aria-label={t('cart.quantity')}
              className="min-w-9 px-1 text-center text-sm font-semibold text-ink tabular-nums"
            >
              {item.quantity}
            </output>
            <button
              type="button"
              className={stepButton}
              disabled={!canIncrease(item)}
              onClick={() => onChangeQuantity(1)}
              aria-label={t('cart.increase', { title })}
              title={canIncrease(item) ? undefined : t('cart.maxReached', { max })}
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
          </fieldset>
          <div className="flex flex-col items-end text-right">
            <p className="text-sm font-semibold text-brand tabular-nums">
              <span className="sr-only">{t('cart.lineTotal')}: </span>
              {formatEuros(roundEurosToCents(item.total), locale)}
            </p>
            {(item.coupon_discount ?? 0) > 0 ? (
              <p data-testid="cart-line-coupon" className="text-xs text-ink-muted tabular-nums">
                {t('coupon.lineDiscount', {
                  amount: formatEuros(roundEurosToCents(item.coupon_discount ?? 0), locale),
                })}
              </p>
            ) : null}
          </div>
        </div>
      </div>
    </li>
  );
}
