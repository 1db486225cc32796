import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { paths } from '#src/config/paths.ts';

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
