import { Compass } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToStoreLink } from '#src/components/ui/back-to-store-link.tsx';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';

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
        <BackToStoreLink />
      </EmptyState>
    </>
  );
}
