import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { prefetchCatalogue } from '../../features/catalogue/api/prefetch-catalogue.ts';
import { AddToCartButton, LoginToBuyLink } from '../../features/catalogue/components/card-actions.tsx';
import { CatalogueView } from '../../features/catalogue/components/catalogue-view.tsx';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await prefetchCatalogue(queryClient, request.url);
    return null;
  };

/** / and /publicstore: the public catalogue (the welcome splash comes in front of it later). */
export default function PublicStoreRoute(): ReactNode {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <>
      <DocumentTitle title={t('catalogue.title')} />
      <CatalogueView
        renderAction={(game) =>
          isLoggedIn ? <AddToCartButton title={game.title} /> : <LoginToBuyLink title={game.title} />
        }
      />
    </>
  );
}
