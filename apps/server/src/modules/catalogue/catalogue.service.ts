import { randomUUID } from 'node:crypto';
import type { CatalogueFilters, CatalogueGame, CataloguePageRequest } from '@keyland/core/schemas/catalogue';
import type {
  GameDetail,
  GameDetailResponse,
  ProductFactSheet,
  SaveGameDetailRequest,
} from '@keyland/core/schemas/game-detail';
import { AppError } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import type { AnswerCache } from './catalogue.cache.ts';
import { toCatalogueGame, toFactSheet, toGameChanges, toGameDetail } from './catalogue.mapper.ts';
import {
  type CatalogueQuery,
  type CatalogueRepository,
  type GameDetailRow,
  isVisibleRow,
  type NewGameRecord,
} from './catalogue.repository.ts';

// Kept here for modules that already import it from the service.
export { COVER_PLACEHOLDER } from './catalogue.mapper.ts';

/** Who reads: admins see hidden games and wholesale prices, everyone else only the visible catalogue. */
export interface Reader {
  isAdmin: boolean;
}

/**
 * Euro bounds → cent bounds. The tolerance absorbs binary floating point (5.1 * 100 is 509.999…), so a
 * bound of 5.10 € still includes a 5.10 € game.
 */
export const lowerCents = (euros: number) => Math.ceil(euros * 100 - 1e-6);
export const upperCents = (euros: number) => Math.floor(euros * 100 + 1e-6);

function toQuery(filters: CatalogueFilters, sort: CatalogueQuery['sort']): CatalogueQuery {
  const [min, max] = filters.priceRange;
  return {
    name: filters.name,
    platform: filters.platform,
    stockMin: filters.stockMin,
    minPriceCents: lowerCents(Math.min(min, max)),
    maxPriceCents: upperCents(Math.max(min, max)),
    onSale: filters.onSale,
    sort,
  };
}

const readable = (row: GameDetailRow | undefined, reader: Reader): row is GameDetailRow =>
  row !== undefined && (reader.isAdmin || isVisibleRow(row));

/** Without a cache every read goes to the database. */
const noCache: Pick<AnswerCache, 'get'> = { get: (_key, compute) => compute() };

/**
 * `cache` keeps visitors' answers for a short time (docs/decisions/017-catalogue-answer-cache.md); admin
 * reads and writes always go to the database.
 */
export function createCatalogueService(
  repository: CatalogueRepository,
  options: {
    cache?: Pick<AnswerCache, 'get'>;
    /** Puts the price of the sales in force on a game whose regular price or platform was just written; answers whether it changed. */
    refreshSalePrice?: (gameId: number) => Promise<boolean>;
  } = {},
) {
  const cache = options.cache ?? noCache;

  async function detail(providerId: string, reader: Reader): Promise<GameDetailResponse> {
    const load = async (): Promise<GameDetailResponse> => {
      const row = await repository.byProviderId(providerId);
      if (!readable(row, reader)) return { found: false, game: null };
      return { found: true, game: toGameDetail(row, { includeWholesale: reader.isAdmin }) };
    };
    return reader.isAdmin ? load() : cache.get(`detail:${providerId}`, load);
  }

  return {
    page(request: CataloguePageRequest): Promise<CatalogueGame[]> {
      const query = toQuery(request.filters, request.sort);
      return cache.get(`page:${JSON.stringify([query, request.offset, request.limit])}`, async () => {
        const rows = await repository.page(query, request.offset, request.limit);
        return rows.map(toCatalogueGame);
      });
    },

    count(filters: CatalogueFilters): Promise<number> {
      const query = toQuery(filters, undefined);
      return cache.get(`count:${JSON.stringify(query)}`, () => repository.count(query));
    },

    platforms(): Promise<string[]> {
      return cache.get('platforms', () => repository.platforms());
    },

    /** checkGameDetail / checkGameMeta: a game the reader may see, or found: false. */
    detail,

    /** Every game visitors can open, for the sitemap (not cached here: the sitemap keeps its own copy). */
    listedGames(): Promise<{ providerId: string; slug: string; updatedAt: Date }[]> {
      return repository.listed();
    },

    /** The supplier-style fact sheet of a product the reader may see. */
    async factSheet(productId: string, reader: Reader): Promise<ProductFactSheet> {
      const row = await repository.byProductId(productId);
      if (!readable(row, reader)) throw new AppError('NOT_FOUND', 'No such product');
      return toFactSheet(row);
    },

    /**
     * Writes game data (admin): updates the game with that provider id with the fields given, or creates
     * it, which needs at least a name, a platform and a price.
     */
    async saveGameDetail(request: SaveGameDetailRequest): Promise<{ created: boolean; game: GameDetail }> {
      const { providerId } = request.providerData;
      const changes = toGameChanges(request);
      if (changes.productId !== undefined) {
        const owner = await repository.byProductId(changes.productId);
        if (owner && owner.providerId !== providerId) {
          throw new AppError('CONFLICT', 'Another game has this productId', {
            field: 'providerData.productId',
          });
        }
      }
      let created = false;
      // A price sent for an existing game is its regular price: a running sale keeps lowering it.
      const { priceCents: regular, ...rest } = changes;
      const updates = regular === undefined ? rest : { ...rest, listPriceCents: regular };
      if (!(await repository.update(providerId, updates))) {
        const missing = (['title', 'platform', 'priceCents'] as const).find(
          (key) => changes[key] === undefined,
        );
        if (missing) {
          const field = {
            title: 'providerData.name',
            platform: 'providerData.platform',
            priceCents: 'providerData.price',
          }[missing];
          throw new AppError('VALIDATION_FAILED', `${field} is required to create a game`, { field });
        }
        const { title = '', slug = '', platform = '', platformGroup = 'Other', priceCents = 0 } = changes;
        const values: NewGameRecord = {
          productId: randomUUID(),
          identifier: providerId,
          ...changes,
          providerId,
          title,
          slug,
          platform,
          platformGroup,
          priceCents,
        };
        created = (await repository.upsert(values, updates)).created;
      }
      // Read again only when a running sale may have changed the price just written.
      let row = await repository.byProviderId(providerId);
      if (row && (await options.refreshSalePrice?.(row.id))) row = await repository.byProviderId(providerId);
      catalogueChanged.notify();
      if (!row) throw new Error('The saved game cannot be read back');
      return { created, game: toGameDetail(row, { includeWholesale: true }) };
    },

    /** A game as `saveGameDetail` answers it, for the audit trail's "before"; undefined when unknown. */
    async savedDetailOf(providerId: string): Promise<GameDetail | undefined> {
      const row = await repository.byProviderId(providerId);
      return row ? toGameDetail(row, { includeWholesale: true }) : undefined;
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
