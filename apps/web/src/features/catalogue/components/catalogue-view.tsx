import { CATALOGUE_PAGE_SIZE } from '@keyland/core/catalogue';
import type { CatalogueGame } from '@keyland/core/schemas/catalogue';
import { BadgePercent, CloudOff, SearchX } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import { EmptyState, LoadErrorState } from '#src/components/ui/empty-state.tsx';
import { useCountGames } from '#src/features/catalogue/api/count-games.ts';
import { useCataloguePage } from '#src/features/catalogue/api/get-catalogue-page.ts';
import { useCatalogueParams } from '#src/features/catalogue/hooks/use-catalogue-params.ts';
import { cn } from '#src/lib/cn.ts';
import { CatalogueToolbar } from './catalogue-toolbar.tsx';
import { GameCard } from './game-card.tsx';
import { GameCardSkeleton } from './game-card-skeleton.tsx';
import { Pagination } from './pagination.tsx';
import { PromoVideo } from './promo-video.tsx';

export interface CatalogueViewProps {
  /** What the viewer can do with a game (the route decides: login prompt or cart button). */
  renderAction: (game: CatalogueGame) => ReactNode;
  /** A control over each cover (the wishlist's heart, given by the route). */
  renderCoverAction?: (game: CatalogueGame) => ReactNode;
}

/** Cards in the first row of the widest grid load their covers at once. */
const PRIORITY_CARDS = 4;

const gridClasses = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 lg:gap-5';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** The catalogue screen: title, filters and order, pagination above and below a grid of game cards. */
export function CatalogueView({ renderAction, renderCoverAction }: CatalogueViewProps): ReactNode {
  const { t } = useTranslation();
  const { name, platform, onSale, sort, page, setFilters, hrefForPage, hasFilters } = useCatalogueParams();
  const games = useCataloguePage({ name, platform, onSale, sort, page });
  const count = useCountGames({ name, platform, onSale });

  const totalPages = count.data?.pages ?? 0;
  const total = count.data?.total;
  const showingPage = !games.isPlaceholderData && games.isSuccess;

  // After each page change, once the new page has loaded, glide back to the top.
  const lastPage = useRef(page);
  useEffect(() => {
    if (!showingPage || lastPage.current === page) return;
    lastPage.current = page;
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }, [page, showingPage]);

  const retry = () => {
    void games.refetch();
    void count.refetch();
  };

  const clearFilters = () => setFilters({ name: '', platform: '', onSale: false });
  const showAllPrices = () => setFilters({ onSale: false });

  let body: ReactNode;
  if (games.isPending) {
    body = (
      <>
        <p role="status" className="sr-only">
          {t('catalogue.loadingGames')}
        </p>
        <ul aria-hidden="true" className={gridClasses}>
          {Array.from({ length: CATALOGUE_PAGE_SIZE }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity of their own.
            <li key={index}>
              <GameCardSkeleton />
            </li>
          ))}
        </ul>
      </>
    );
  } else if (games.isError && !games.data) {
    body = (
      <LoadErrorState
        icon={CloudOff}
        title={t('catalogue.errorTitle')}
        query={{ error: games.error, isFetching: games.isFetching, refetch: retry }}
      />
    );
  } else if (games.data.length === 0) {
    const pastTheEnd = page > 1 && totalPages > 0 && page > totalPages;
    body = pastTheEnd ? (
      <EmptyState icon={SearchX} title={t('catalogue.noResults')} body={t('catalogue.pageOutOfRange')}>
        <Link to={hrefForPage(1)} className={buttonClasses()}>
          {t('catalogue.firstPage')}
        </Link>
      </EmptyState>
    ) : onSale && !name && !platform ? (
      // Nothing is on sale at all: say so, and lead back to the whole catalogue.
      <EmptyState icon={BadgePercent} title={t('sale.noSaleNow')} body={t('sale.noSaleHint')}>
        <Button variant="secondary" onClick={showAllPrices}>
          {t('sale.showAllGames')}
        </Button>
      </EmptyState>
    ) : onSale ? (
      <EmptyState icon={SearchX} title={t('catalogue.noResults')} body={t('sale.noSaleMatch')}>
        <Button variant="secondary" onClick={showAllPrices}>
          {t('sale.includeFullPrice')}
        </Button>
        <Button variant="ghost" onClick={clearFilters}>
          {t('catalogue.clearFilters')}
        </Button>
      </EmptyState>
    ) : (
      <EmptyState icon={SearchX} title={t('catalogue.noResults')} body={t('catalogue.noResultsHint')}>
        {hasFilters ? (
          <Button variant="secondary" onClick={clearFilters}>
            {t('catalogue.clearFilters')}
          </Button>
        ) : null}
      </EmptyState>
    );
  } else {
    body = (
      <ul
        aria-busy={games.isPlaceholderData}
        className={cn(gridClasses, 'transition-opacity', games.isPlaceholderData && 'opacity-60')}
      >
        {games.data.map((game, index) => (
          <li key={game.providerId}>
            <GameCard
              game={game}
              priority={page === 1 && index < PRIORITY_CARDS}
              action={renderAction(game)}
              coverAction={renderCoverAction?.(game)}
            />
          </li>
        ))}
      </ul>
    );
  }

  const hasGames = (games.data?.length ?? 0) > 0;

  return (
    <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6 sm:pt-10 lg:px-8">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight text-balance text-ink sm:text-4xl">
          {t('catalogue.title')}
        </h1>
        <p className="mt-2 text-base text-pretty text-ink-muted">{t('catalogue.subtitle')}</p>
      </header>

      <div className="mt-6 rounded-xl border border-line bg-surface/60 p-4 sm:p-5">
        <CatalogueToolbar name={name} platform={platform} onSale={onSale} sort={sort} onChange={setFilters} />
      </div>

      <div className="mt-6 flex min-h-10 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted" aria-live="polite">
          {total !== undefined && hasGames ? (
            <>
              <span className="font-semibold text-ink">{t('catalogue.results', { count: total })}</span>
              {totalPages > 1 ? <span> · {t('catalogue.pageOf', { page, total: totalPages })}</span> : null}
            </>
          ) : null}
        </p>
        {hasGames ? (
          <Pagination
            page={page}
            totalPages={totalPages}
            hrefFor={hrefForPage}
            label={t('pagination.labelTop')}
          />
        ) : null}
      </div>

      <div className="mt-4">{body}</div>

      {hasGames && totalPages > 1 ? (
        <div className="mt-8 flex justify-center">
          <Pagination
            page={page}
            totalPages={totalPages}
            hrefFor={hrefForPage}
            label={t('pagination.labelBottom')}
          />
        </div>
      ) : null}

      <PromoVideo />
    </div>
  );
}
