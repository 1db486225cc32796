import { formatDay } from '@keyland/core/dates';
import type { CatalogueGame } from '@keyland/core/schemas/catalogue';
import { slugify } from '@keyland/core/slug';
import { CalendarDays, Languages, type LucideIcon, PackageCheck } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PlatformIcon } from '#src/components/ui/platform-icon.tsx';
import { PreorderBadge } from '#src/components/ui/preorder-label.tsx';
import { SaleEnd, SalePrice, saleReduction } from '#src/components/ui/sale-price.tsx';
import { paths } from '#src/config/paths.ts';
import { useLocale } from '#src/hooks/use-locale.ts';
import { formatStock } from '#src/utils/format-stock.ts';
import { GameCover } from './game-cover.tsx';

export interface GameCardProps {
  game: CatalogueGame;
  /** What the viewer can do with the game: a login prompt for visitors, the cart button for customers. */
  action: ReactNode;
  /** A control shown over the cover's corner (the wishlist's heart), above the card's stretched link. */
  coverAction?: ReactNode;
  priority?: boolean;
}

const DASH = '—';

/** A line of the card's facts: an icon naming it (in words for screen readers), and its value cut to one line. */
function IconFact({
  icon: Icon,
  label,
  title,
  children,
}: {
  icon: LucideIcon;
  label: string;
  /** The whole value, shown on hover when it is cut. */
  title?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <div className="flex min-w-0 items-center gap-1.5">
      <dt>
        <Icon aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="truncate" title={title}>
        {children}
      </dd>
    </div>
  );
}

/**
 * A catalogue card: cover, title (link to the detail page), platform, languages, release date, price (with
 * the reduction while on sale) and stock.
 */
export function GameCard({ game, action, coverAction, priority = false }: GameCardProps): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const href = paths.product.getHref(slugify(game.title), game.providerId);
  const released = formatDay(game.release_date, locale);
  const stock = formatStock(game.stock);
  const languages = game.language.trim() || DASH;
  const onSale =
    saleReduction(game.price_sell_taxed, game.price_reference, game.discount_percent).reduction !== null;
  const saleEndsAt = onSale ? game.sale_ends_at : null;

  return (
    <article
      data-testid="game-card"
      aria-labelledby={titleId}
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface transition-colors focus-within:border-brand/60 hover:border-line-strong"
    >
      <GameCover src={game.cover} alt={t('card.cover', { title: game.title })} priority={priority} />

      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3
          id={titleId}
          className="line-clamp-2 min-h-[2lh] text-sm leading-snug font-semibold text-ink sm:text-base"
        >
          {/* The stretched link makes the whole card open the detail page. */}
          <Link
            to={href}
            className="rounded-sm after:absolute after:inset-0 after:content-[''] hover:text-brand-strong focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-brand-strong"
          >
            {game.title}
          </Link>
        </h3>
        {/* Over the cover's corner, after the title in the reading and tab order. */}
        {coverAction ? <div className="absolute top-2 right-2 z-10">{coverAction}</div> : null}

        <dl className="flex flex-col gap-1 text-xs text-ink-muted">
          <div className="min-w-0 font-medium text-ink">
            <dt className="sr-only">{t('card.platform')}</dt>
            <dd className="flex min-w-0 items-center gap-1.5">
              <PlatformIcon platform={game.platform} className="size-3.5 shrink-0" />
              <span className="truncate">{game.platform}</span>
            </dd>
          </div>
          <IconFact icon={Languages} label={t('card.languages')} title={languages}>
            {languages}
          </IconFact>
          <IconFact icon={CalendarDays} label={t('card.released')}>
            {released ? <time dateTime={game.release_date ?? undefined}>{released}</time> : DASH}
          </IconFact>
        </dl>

        <div className="mt-auto flex items-end justify-between gap-2 pt-1">
          <SalePrice
            size="card"
            price={game.price_sell_taxed}
            reference={game.price_reference}
            discountPercent={game.discount_percent}
            label={t('card.price')}
            note={t('card.vatIncluded')}
            testId="price"
          />
          {/* A pre-order has no stock to show: it is sold before its keys exist. */}
          {game.preorder_release ? (
            <PreorderBadge />
          ) : (
            <p
              data-testid="stock"
              className="flex shrink-0 items-center gap-1 rounded-md bg-raised px-1.5 py-0.5 text-xs font-medium text-ink-muted tabular-nums"
            >
              <PackageCheck aria-hidden="true" className="size-3.5 text-brand" />
              <span className="sr-only sm:not-sr-only">{t('card.stockLabel')}&nbsp;</span>
              {stock}
            </p>
          )}
        </div>

        {/* Under the whole row, not in the price's narrow column beside the stock. */}
        {saleEndsAt ? <SaleEnd saleEndsAt={saleEndsAt} size="card" /> : null}

        <div className="relative z-10">{action}</div>
      </div>
    </article>
  );
}
