import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title.tsx';
import { useSession } from '../../features/auth/api/get-session.ts';
import { prefetchCatalogue } from '../../features/catalogue/api/prefetch-catalogue.ts';
import { AddToCartButton, LoginToBuyLink } from '../../features/catalogue/components/card-actions.tsx';
import { CatalogueView } from '../../features/catalogue/components/catalogue-view.tsx';
import { WelcomeSplash } from '../../features/catalogue/components/welcome-splash.tsx';
import { useWelcomeSplash } from '../../features/catalogue/hooks/use-welcome-splash.ts';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    // The games load behind the splash, so the store view is ready the moment the visitor enters.
    await prefetchCatalogue(queryClient, request.url);
    return null;
  };

/** / and /publicstore: the welcome splash (once per tab), then the public catalogue. */
export default function PublicStoreRoute(): ReactNode {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  const [searchParams] = useSearchParams();
  const hasQuery = ['name', 'platform', 'page'].some((key) => searchParams.has(key));
  const { showSplash, enter } = useWelcomeSplash(hasQuery);

  if (showSplash) {
    return (
      <>
        <DocumentTitle title={t('splash.title')} />
        <WelcomeSplash
          onEnter={() => {
            enter();
            // Keyboard and screen-reader users land on the page's content, not on the top of the document.
            requestAnimationFrame(() => document.getElementById('main')?.focus({ preventScroll: true }));
          }}
        />
      </>
    );
  }

  return (
    <>
      <DocumentTitle title={t('catalogue.title')} />
      <CatalogueView
        renderAction={(game) =>
          isLoggedIn ? (
            <AddToCartButton productId={game.productId} title={game.title} />
          ) : (
            <LoginToBuyLink title={game.title} />
          )
        }
      />
    </>
  );
}
