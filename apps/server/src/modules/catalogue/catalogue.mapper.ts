import { centsToEuros, eurosToCents } from '@keyland/core/money';
import { platformGroupOf } from '@keyland/core/platforms';
import type { CatalogueGame } from '@keyland/core/schemas/catalogue';
import type { GameDetail, ProductFactSheet, SaveGameDetailRequest } from '@keyland/core/schemas/game-detail';
import { slugify } from '@keyland/core/slug';
import { splitGross, vatRateFor } from '@keyland/core/vat';
import { sanitizeOptionalRichText, sanitizeRichText } from '../../lib/rich-text.ts';
import { preorderReleaseOf } from '../preorders/index.ts';
import type { CatalogueRow, GameDetailRow, NewGameRecord } from './catalogue.repository.ts';

export const COVER_PLACEHOLDER = '/media/cover-placeholder.svg';
export const DEFAULT_TITLE = 'Sin título';
export const DEFAULT_PLATFORM = 'Desconocido';

/** The selling price without VAT, at the home-country rate (the catalogue price includes VAT). */
const netCents = (priceCents: number) => splitGross(priceCents, vatRateFor(undefined)).net;

/**
 * The sale facts of a game shown as reduced (a percentage of at least 1 off its 30-day reference), in
 * euros; nulls otherwise — a "sale" not below the reference is not shown as one.
 */
function saleOf(row: Pick<CatalogueRow, 'saleReferenceCents' | 'discountPercent' | 'saleEndsAt'>) {
  const reduced = row.discountPercent !== null && row.discountPercent >= 1 && row.saleReferenceCents !== null;
  return {
    reference: reduced && row.saleReferenceCents !== null ? centsToEuros(row.saleReferenceCents) : null,
    percent: reduced ? row.discountPercent : null,
    endsAt: reduced ? (row.saleEndsAt?.toISOString() ?? null) : null,
  };
}

/** Row → the catalogue game of the spec, with its defaults; the net price uses the home-country VAT. */
export function toCatalogueGame(row: CatalogueRow): CatalogueGame {
  const sale = saleOf(row);
  return {
    id: row.id,
    providerId: row.providerId,
    productId: row.productId,
    identifier: row.identifier,
    title: row.title || DEFAULT_TITLE,
    price: centsToEuros(row.priceCents),
    price_sell: centsToEuros(netCents(row.priceCents)),
    price_sell_taxed: centsToEuros(row.priceCents),
    stock: row.stock,
    platform: row.platform || DEFAULT_PLATFORM,
    cover: row.coverUrl || COVER_PLACEHOLDER,
    cover_b: row.coverBUrl,
    region: row.region || 'EU',
    language: row.languages || 'Multilanguage',
    release_date: row.releaseDate,
    price_reference: sale.reference,
    discount_percent: sale.percent,
    sale_ends_at: sale.endsAt,
    ...(row.preorderRelease === null ? {} : { preorder_release: row.preorderRelease }),
  };
}

/**
 * Row → the normalised game detail of spec section 3. The wholesale price is added only when the caller
 * says the reader is an admin; every other reader gets an object without the field at all. Rich text is
 * sanitised again on the way out, whatever reached the database.
 */
export function toGameDetail(row: GameDetailRow, options: { includeWholesale: boolean }): GameDetail {
  const sale = saleOf(row);
  const detail: GameDetail = {
    name: row.title || DEFAULT_TITLE,
    platform: row.platform || DEFAULT_PLATFORM,
    description: sanitizeRichText(row.description ?? ''),
    released: row.releaseDate,
    background_image: row.backgroundImage,
    background_image_additional: row.backgroundImageAdditional,
    website: row.website,
    rating: row.rating || 0,
    ratings: row.ratings,
    platforms: row.platforms.length > 0 ? row.platforms : [row.platform || DEFAULT_PLATFORM],
    genres: row.genres,
    tags: row.tags,
    developers: row.developers,
    publishers: row.publishers,
    categories: row.categories,
    photos: row.photos.map((url) => ({ url })),
    videos: row.videos.map((video) => ({ url: video.url, title: video.title ?? '' })),
    stores: row.stores,
    minimumRequirements: sanitizeOptionalRichText(row.minimumRequirements),
    region: row.region || 'EU',
    activation: { scope: row.activationScope, countries: row.activationCountries },
    language: row.languages || 'Multilanguage',
    price: centsToEuros(row.priceCents || 0),
    priceSell: centsToEuros(netCents(row.priceCents || 0)),
    priceSellWithTax: centsToEuros(row.priceCents || 0),
    priceReference: sale.reference,
    discountPercent: sale.percent,
    saleEndsAt: sale.endsAt,
    provider_id: row.providerId,
    productId: row.productId,
    identifier: row.identifier,
    slug: row.slug,
    stock: row.stock,
    cover: row.coverUrl || COVER_PLACEHOLDER,
    detailsSource: row.detailsSource ?? null,
  };
  const preorderRelease = preorderReleaseOf(row, new Date());
  if (preorderRelease !== null) detail.preorderRelease = preorderRelease;
  if (options.includeWholesale) detail.priceBuy = centsToEuros(row.priceBuyCents || 0);
  return detail;
}

/** Row → the supplier-style fact sheet (CodesWholesale's product description shape). */
export function toFactSheet(row: GameDetailRow): ProductFactSheet {
  const description = sanitizeOptionalRichText(row.description);
  const today = new Date().toISOString().slice(0, 10);
  const languages = row.languages
    .split(/[,;/]/)
    .map((language) => language.trim())
    .filter(Boolean);
  return {
    productId: row.productId,
    identifier: row.identifier,
    officialTitle: row.title || DEFAULT_TITLE,
    factSheets: description ? [{ territory: 'English', description }] : [],
    releases: [
      {
        territory: row.region || 'EU',
        status: row.releaseDate && row.releaseDate > today ? 'Upcoming' : 'Released',
        date: row.releaseDate,
      },
    ],
    platform: row.platform || DEFAULT_PLATFORM,
    category: row.categories[0] ?? row.genres[0] ?? '',
    developerName: row.developers.join(', '),
    developerHomepage: row.website ?? '',
    videos: row.videos.map((video) => ({ url: video.url, title: video.title ?? '' })),
    photos: row.photos.map((url) => ({ url, territory: 'Worldwide' })),
    minimumRequirements: sanitizeOptionalRichText(row.minimumRequirements) ?? '',
    inTheGameLanguages: languages.map((territory) => ({ territory })),
  };
}

/**
 * The columns a saveGameDetailData call sets: only what the request carries, so a later call with part of
 * the data never blanks the rest. Provider data wins over RAWG data where both name the same thing. Rich
 * text is sanitised before it is stored.
 */
export function toGameChanges({
  rawgData: r,
  providerData: p,
}: SaveGameDetailRequest): Partial<NewGameRecord> {
  const changes: Partial<NewGameRecord> = {};
  const title = p.name || r.name;
  if (title) {
    changes.title = title;
    changes.slug = slugify(title);
  }
  if (p.productId !== undefined) changes.productId = p.productId;
  if (p.identifier !== undefined) changes.identifier = p.identifier;
  if (p.platform !== undefined) {
    changes.platform = p.platform;
    changes.platformGroup = platformGroupOf(p.platform);
  }
  if (p.region !== undefined) changes.region = p.region;
  if (p.languages !== undefined) changes.languages = p.languages || 'Multilanguage';
  const released = p.releaseDate !== undefined ? p.releaseDate : r.released;
  if (released !== undefined) changes.releaseDate = released;
  if (p.price !== undefined) changes.priceCents = eurosToCents(p.price);
  if (p.priceBuy !== undefined) changes.priceBuyCents = eurosToCents(p.priceBuy);
  if (p.cover !== undefined) changes.coverUrl = p.cover;
  if (p.coverB !== undefined) changes.coverBUrl = p.coverB;
  if (p.hidden !== undefined) changes.hidden = p.hidden;

  const description = r.description ?? r.description_raw;
  if (description !== undefined) changes.description = sanitizeRichText(description);
  if (r.background_image !== undefined) changes.backgroundImage = r.background_image;
  if (r.background_image_additional !== undefined)
    changes.backgroundImageAdditional = r.background_image_additional;
  if (r.website !== undefined) changes.website = r.website || null;
  if (r.rating !== undefined) changes.rating = r.rating;
  if (r.ratings_count !== undefined) changes.ratingsCount = r.ratings_count;
  if (r.ratings !== undefined) changes.ratings = r.ratings;
  if (r.platforms !== undefined) changes.platforms = r.platforms;
  if (r.genres !== undefined) changes.genres = r.genres;
  if (r.tags !== undefined) changes.tags = r.tags;
  if (r.developers !== undefined) changes.developers = r.developers;
  if (r.publishers !== undefined) changes.publishers = r.publishers;
  if (r.stores !== undefined) changes.stores = r.stores;
  if (r.categories !== undefined) changes.categories = r.categories;
  const photos = r.photos ?? r.short_screenshots;
  if (photos !== undefined) changes.photos = photos;
  const videos = r.videos ?? r.movies;
  if (videos !== undefined) changes.videos = videos;
  if (r.minimumRequirements !== undefined)
    changes.minimumRequirements = sanitizeOptionalRichText(r.minimumRequirements);
  return changes;
}
