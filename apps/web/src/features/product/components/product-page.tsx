import type { GameDetail } from '@keyland/core/schemas/game-detail';
import { ArrowLeft, Cpu } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RedemptionHelp } from '#src/components/redemption-help.tsx';
import { DocumentTitle } from '#src/components/ui/document-title.tsx';
import { PlatformIcon } from '#src/components/ui/platform-icon.tsx';
import { useStoreHref } from '#src/hooks/use-store-href.ts';
import { BuyBox, type RenderAddToCart } from './buy-box.tsx';
import { GameDataAttribution } from './game-data-attribution.tsx';
import { MinimumRequirements } from './minimum-requirements.tsx';
import { PhotoCarousel } from './photo-carousel.tsx';
import { PriceHistory } from './price-history.tsx';
import { ProductDescription } from './product-description.tsx';
import { ProductFacts } from './product-facts.tsx';
import { ProductVideos } from './product-videos.tsx';

/** The photos to show: the game's photos, else its cover. */
function photosOf(game: GameDetail): string[] {
  const photos = game.photos.map((photo) => photo.url).filter((url) => url.trim() !== '');
  if (photos.length > 0) return photos;
  return game.cover ? [game.cover] : [];
}

/**
 * The product detail. Phones get one column (photos, offer, price history, description, facts,
 * requirements, videos, redemption help); from 1024 px the page splits media | facts, the price history
 * under the offer. The two columns are `display: contents` on phones so their blocks can be ordered as
 * one list.
 */
export function ProductPage({
  game,
  renderAddToCart,
  titleAction,
}: {
  game: GameDetail;
  /** The add-to-cart button of a logged-in customer (composed by the route). */
  renderAddToCart: RenderAddToCart;
  /** A control beside the game's platform (the wishlist's heart, composed by the route). */
  titleAction?: ReactNode;
}): ReactNode {
  const { t } = useTranslation();
  const storeHref = useStoreHref();

  return (
    <article className="mx-auto max-w-7xl px-4 pt-6 pb-12 sm:px-6 lg:px-8" data-testid="product-page">
      {/* The server puts the description, canonical link, Open Graph and JSON-LD into the HTML it sends. */}
      <DocumentTitle title={game.name} />

      <Link
        to={storeHref}
        className="inline-flex min-h-10 items-center gap-1.5 rounded-lg text-sm font-medium text-ink-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('product.back')}
      </Link>

      <header className="mt-2">
        <h1 className="text-3xl font-bold tracking-tight text-balance break-words text-ink sm:text-4xl">
          {game.name}
        </h1>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <p className="inline-flex items-center gap-2 rounded-lg border border-line bg-raised px-3 py-1.5 text-sm font-medium text-ink">
            <span className="sr-only">{t('product.platform')}: </span>
            <PlatformIcon platform={game.platform} className="size-4 shrink-0 text-brand" />
            <span data-testid="product-platform">{game.platform}</span>
          </p>
          {titleAction}
        </div>
      </header>

      <div className="mt-6 flex flex-col gap-8 lg:grid lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:items-start lg:gap-10">
        <div className="contents lg:flex lg:flex-col lg:gap-8">
          <div className="order-1">
            <PhotoCarousel photos={photosOf(game)} name={game.name} />
          </div>
          <section aria-labelledby="product-about" className="order-3">
            <h2 id="product-about" className="mb-3 text-lg font-semibold text-ink">
              {t('product.about')}
            </h2>
            <ProductDescription description={game.description} />
            <GameDataAttribution source={game.detailsSource} />
          </section>
          <div className="order-6 empty:hidden">
            <ProductVideos videos={game.videos} name={game.name} />
          </div>
        </div>

        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-2">
            <BuyBox game={game} renderAddToCart={renderAddToCart} />
          </div>
          <div className="order-2">
            <PriceHistory providerId={game.provider_id} />
          </div>
          <div className="order-4">
            <ProductFacts game={game} />
          </div>
          {game.minimumRequirements?.trim() ? (
            <section
              aria-labelledby="product-requirements"
              className="order-5 rounded-xl border border-line bg-surface p-4 sm:p-5"
            >
              <h2
                id="product-requirements"
                className="mb-3 flex items-center gap-2 text-lg font-semibold text-ink"
              >
                <Cpu aria-hidden="true" className="size-5 text-brand" />
                {t('product.requirements')}
              </h2>
              <MinimumRequirements text={game.minimumRequirements} />
            </section>
          ) : null}
          <div className="order-7">
            <RedemptionHelp platform={game.platform} />
          </div>
        </div>
      </div>
    </article>
  );
}
