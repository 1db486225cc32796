import { ArrowLeft, Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';

/** Any address that is not a Keyland page. */
export default function NotFoundRoute(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('notFound.title')} />
      <meta name="robots" content="noindex" />
      <EmptyState
        icon={Compass}
        eyebrow={t('notFound.code')}
        title={t('notFound.title')}
        body={t('notFound.body')}
        headingLevel={1}
      >
        <Link to={useStoreHref()} className={buttonClasses()}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('common.backToStore')}
        </Link>
      </EmptyState>
    </>
  );
}
