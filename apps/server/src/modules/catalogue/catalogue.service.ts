import { centsToEuros } from '@keyland/core/money';
import type { CatalogueFilters, CatalogueGame, CataloguePageRequest } from '@keyland/core/schemas/catalogue';
import { splitGross, vatRateFor } from '@keyland/core/vat';
import type { CatalogueQuery, CatalogueRepository, CatalogueRow } from './catalogue.repository.ts';

export const COVER_PLACEHOLDER = '/media/cover-placeholder.svg';

function toQuery(filters: CatalogueFilters, sort: CatalogueQuery['sort']): CatalogueQuery {
  const [min, max] = filters.priceRange;
  return {
    name: filters.name,
    platform: filters.platform,
    stockMin: filters.stockMin,
    minPriceCents: Math.ceil(Math.min(min, max) * 100),
    maxPriceCents: Math.floor(Math.max(min, max) * 100),
    sort,
  };
}

/** Row → the catalogue game of the spec, with its defaults; the net price uses the home-country VAT. */
export function toCatalogueGame(row: CatalogueRow): CatalogueGame {
  const net = splitGross(row.priceCents, vatRateFor(undefined)).net;
  return {
    id: row.id,
    providerId: row.providerId,
    productId: row.productId,
    identifier: row.identifier,
    title: row.title || 'Sin título',
    price: centsToEuros(row.priceCents),
    price_sell: centsToEuros(net),
    price_sell_taxed: centsToEuros(row.priceCents),
    stock: row.stock,
    platform: row.platform || 'Desconocido',
    cover: row.coverUrl || COVER_PLACEHOLDER,
    cover_b: row.coverBUrl,
    region: row.region || 'EU',
    language: row.languages || 'Multilanguage',
    release_date: row.releaseDate,
  };
}

export function createCatalogueService(repository: CatalogueRepository) {
  return {
    async page(request: CataloguePageRequest): Promise<CatalogueGame[]> {
      const rows = await repository.page(
        toQuery(request.filters, request.sort),
        request.offset,
        request.limit,
      );
      return rows.map(toCatalogueGame);
    },
    count(filters: CatalogueFilters): Promise<number> {
      return repository.count(toQuery(filters, undefined));
    },
    platforms(): Promise<string[]> {
      return repository.platforms();
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
