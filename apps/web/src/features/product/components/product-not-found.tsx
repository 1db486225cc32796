import { ArrowLeft, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { EmptyState } from '#src/components/ui/empty-state.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';

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
          <Link to={useStoreHref()} className={buttonClasses()}>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('common.backToStore')}
          </Link>
        </EmptyState>
      </div>
    </>
  );
}
