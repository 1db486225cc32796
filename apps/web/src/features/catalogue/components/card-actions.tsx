import { LogIn, ShoppingCart } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';

/** A visitor cannot buy: the card invites them to register or log in. */
export function LoginToBuyLink({ title }: { title: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.login}
      aria-label={t('card.loginToBuyLabel', { title })}
      className={buttonClasses({ variant: 'secondary', size: 'card', wrap: true })}
    >
      <LogIn aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
      <span>{t('card.loginToBuy')}</span>
    </Link>
  );
}

/** The add-to-cart button of a logged-in customer; disabled until the cart is built. */
export function AddToCartButton({ title }: { title: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      disabled
      title={t('card.addToCartSoon')}
      aria-label={`${t('card.addToCart')}: ${title}`}
      className={buttonClasses({ size: 'card', wrap: true })}
    >
      <ShoppingCart aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
      <span>{t('card.addToCart')}</span>
    </button>
  );
}
