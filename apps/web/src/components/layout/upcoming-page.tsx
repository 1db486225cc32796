import { ArrowLeft, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/button.tsx';
import { DocumentTitle } from '../ui/document-title.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

export interface UpcomingPageProps {
  icon: LucideIcon;
  title: string;
  /** One sentence saying what this page will hold. */
  body: string;
  backHref: string;
}

/** A page whose feature is still being built: what will be here, and the way back to the store. */
export function UpcomingPage({ icon, title, body, backHref }: UpcomingPageProps): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={title} />
      <EmptyState icon={icon} title={title} body={body} eyebrow={t('common.comingSoon')} headingLevel={1}>
        <Link to={backHref} className={buttonClasses()}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('common.backToStore')}
        </Link>
      </EmptyState>
    </>
  );
}
