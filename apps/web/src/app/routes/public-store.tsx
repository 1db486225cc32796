import { choosesInCatalogue } from '@keyland/core/catalogue';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { paths } from '#src/config/paths.ts';
import { AddToCartButton } from '#src/features/cart/components/add-to-cart-button.tsx';
import { prefetchCatalogue } from '#src/features/catalogue/api/prefetch-catalogue.ts';
import { LoginToBuyLink } from '#src/features/catalogue/components/card-actions.tsx';
import { CatalogueView } from '#src/features/catalogue/components/catalogue-view.tsx';
import { WelcomeSplash } from '#src/features/catalogue/components/welcome-splash.tsx';
import { useWelcomeSplash } from '#src/features/catalogue/hooks/use-welcome-splash.ts';
import { WishlistHeart } from '#src/features/wishlist/components/wishlist-heart.tsx';
import { useSession } from '#src/lib/session.ts';

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
  const hasQuery = choosesInCatalogue(searchParams);
  const { showSplash, enter } = useWelcomeSplash(hasQuery);

  if (showSplash) {
    return (
      <>
        <DocumentTitle title={t('splash.title')} />
        <WelcomeSplash
          enterHref={`${paths.publicStore}?page=1`}
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
            <AddToCartButton
              productId={game.productId}
              title={game.title}
              size="card"
              preorderRelease={game.preorder_release}
            />
          ) : (
            <LoginToBuyLink title={game.title} />
          )
        }
        renderCoverAction={(game) => <WishlistHeart providerId={game.providerId} title={game.title} />}
      />
      <PageNotices />
    </>
  );
}
