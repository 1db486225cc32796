import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';

/**
 * A visitor cannot buy: the card invites them to log in (or register from there). Its name starts with what
 * it shows, then says which game (WCAG 2.5.3, label in name), as the add-to-cart button's does.
 */
export function LoginToBuyLink({ title }: { title: string }): ReactNode {
  const { t } = useTranslation();
  return (
    <Link
      to={paths.login}
      aria-label={`${t('card.loginToBuy')}: ${title}`}
      className={buttonClasses({ variant: 'secondary', size: 'card', wrap: true })}
    >
      <LogIn aria-hidden="true" className="hidden size-4 shrink-0 sm:block" />
      <span>{t('card.loginToBuy')}</span>
    </Link>
  );
}
