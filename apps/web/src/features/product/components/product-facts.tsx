import { formatDay } from '@keyland/core/dates';
import type { GameDetail } from '@keyland/core/schemas/game-detail';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '#src/hooks/use-locale.ts';
import { activationInWords } from '#src/utils/activation-in-words.ts';

const DASH = '—';

function Chips({ items }: { items: readonly string[] }): ReactNode {
  if (items.length === 0) return DASH;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-md border border-line bg-raised px-2 py-0.5 text-xs text-ink">
          {item}
        </li>
      ))}
    </ul>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }): ReactNode {
  return (
    <div className="grid grid-cols-1 gap-1 border-b border-line py-3 last:border-b-0 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="min-w-0 text-sm break-words text-ink">{children}</dd>
    </div>
  );
}

function isWebAddress(value: string | null): value is string {
  return value !== null && /^https?:\/\/\S+$/i.test(value);
}

/** Where the keys activate, languages, release date, categories, genres, developers, publishers and the official website. */
export function ProductFacts({ game }: { game: GameDetail }): ReactNode {
  const { t } = useTranslation();
  const locale = useLocale();
  const released = formatDay(game.released, locale);
  const categories = game.categories ?? [];
  return (
    <section
      aria-labelledby="product-details"
      className="rounded-xl border border-line bg-surface px-4 sm:px-5"
    >
      <h2 id="product-details" className="pt-4 text-lg font-semibold text-ink">
        {t('product.details')}
      </h2>
      <dl data-testid="product-facts">
        {game.activation ? (
          <Row label={t('product.activation.label')}>
            <span data-testid="product-activation">{activationInWords(game.activation, locale, t)}</span>
          </Row>
        ) : null}
        <Row label={t('product.languages')}>{game.language.trim() || DASH}</Row>
        <Row label={t('product.released')}>
          {released ? <time dateTime={game.released ?? undefined}>{released}</time> : DASH}
        </Row>
        {categories.length > 0 ? (
          <Row label={t('product.categories')}>
            <Chips items={categories} />
          </Row>
        ) : null}
        <Row label={t('product.genres')}>
          <Chips items={game.genres} />
        </Row>
        <Row label={t('product.developers')}>
          {game.developers.length ? game.developers.join(', ') : DASH}
        </Row>
        {game.publishers.length > 0 ? (
          <Row label={t('product.publishers')}>{game.publishers.join(', ')}</Row>
        ) : null}
        {isWebAddress(game.website) ? (
          <Row label={t('product.website')}>
            <a
              href={game.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex max-w-full items-center gap-1 text-brand-strong underline underline-offset-2"
            >
              <span className="truncate">{game.website.replace(/^https?:\/\/(www\.)?/, '')}</span>
              <ExternalLink aria-hidden="true" className="size-3.5 shrink-0" />
            </a>
          </Row>
        ) : null}
      </dl>
    </section>
  );
}
