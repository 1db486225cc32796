import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '#src/config/paths.ts';
import { setCartOpen } from '#src/features/cart/utils/cart-ui-store.ts';

/**
 * The consent as the customer reads it, without the link markup: what is sent and recorded with the
 * order (Directive 2011/83 art. 16(m): immediate delivery asked for, right of withdrawal lost).
 */
export function consentText(t: TFunction): string {
  return t('cart.terms').replace(/<\/?(terms|policy)>/g, '');
}

const linkClass = 'font-semibold text-brand-strong underline underline-offset-2 hover:text-brand';

/** The terms checkbox of the cart; unticked at first, and checkout waits for it. */
export function CartTerms({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}): ReactNode {
  const { t } = useTranslation();
  const close = () => setCartOpen(false);
  return (
    <div className="flex items-start gap-3 rounded-lg border border-line bg-raised/60 p-3">
      <input
        id="cart-terms"
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand"
      />
      <label htmlFor="cart-terms" className="cursor-pointer text-xs leading-relaxed text-ink-muted">
        <Trans
          i18nKey="cart.terms"
          t={t}
          components={{
            terms: <Link to={paths.terms} onClick={close} className={linkClass} />,
            policy: <Link to={paths.policy} onClick={close} className={linkClass} />,
          }}
        />
      </label>
    </div>
  );
}
