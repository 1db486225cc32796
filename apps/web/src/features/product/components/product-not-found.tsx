import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BackToStoreLink } from '#src/components/ui/back-to-store-link.tsx';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';

/** An unknown or hidden game: a real not-found page (kept out of search engines) with the way back. */
export function ProductNotFound(): ReactNode {
  const { t } = useTranslation();
  return (
    <>
      <DocumentTitle title={t('product.notFoundTitle')} />
      <meta name="robots" content="noindex" />
      <div data-testid="product-not-found">
        <EmptyState
          icon={SearchX}
          eyebrow={t('notFound.code')}
          title={t('product.notFoundTitle')}
          body={t('product.notFoundBody')}
          headingLevel={1}
        >
          <BackToStoreLink />
        </EmptyState>
      </div>
    </>
  );
}
