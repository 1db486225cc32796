import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStoreHref } from '#src/hooks/use-store-href.ts';
import { buttonClasses } from './button.tsx';

/** "Back to the store", as a button-like link to the store the visitor came from. */
export function BackToStoreLink({ variant = 'primary' }: { variant?: 'primary' | 'secondary' }): ReactNode {
  const { t } = useTranslation();
  return (
    <Link to={useStoreHref()} className={buttonClasses({ variant })}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {t('common.backToStore')}
    </Link>
  );
}
