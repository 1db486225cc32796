import type { catalogueSorts } from '@keyland/core/schemas/catalogue';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { games } from '../../db/schema/index.ts';
import { preorderReleaseOf, preorderReleaseSql, tallinnDay } from '../preorders/index.ts';
import { availableStock } from '../stock/index.ts';

type CatalogueSort = (typeof catalogueSorts)[number];

export type GameRecord = typeof games.$inferSelect;
export type NewGameRecord = typeof games.$inferInsert;

/** A whole game row with its computed stock. */
export type GameDetailRow = GameRecord & { stock: number };

export interface CatalogueQuery {
  name: string;
  platform: string;
  stockMin: number;
  minPriceCents: number;
  maxPriceCents: number;
  /** Only games shown as reduced (a sale price at least 1 % below the 30-day reference). */
  onSale?: boolean;
  sort: CatalogueSort | undefined;
}

/** The indexed form of a title or search text: lower case, accents folded (see 0004_catalogue_search.sql). */
const folded = (value: SQL | string) => sql`keyland_unaccent(lower(${value}))`;
const foldedTitle = sql`keyland_unaccent(lower(${games.title}))`;

/** LIKE wildcards typed by a visitor are matched literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The name filter: the folded name inside the folded title, or a close enough word match (pg_trgm's
 * `<%`, word similarity at or above `pg_trgm.word_similarity_threshold`, 0.6 by default). Both forms are
 * served by the GIN trigram index games_title_trgm_idx.
 */
const nameMatch = (name: string) =>
  sql`(${foldedTitle} like '%' || ${folded(escapeLike(name))} || '%'
    or ${folded(name)} <% ${foldedTitle})`;

const relevance = (name: string) => sql`word_similarity(${folded(name)}, ${foldedTitle})`;

/** A game sold as a pre-order today: its delivery day, else null (decision 038). */
const preorderToday = () => preorderReleaseSql(tallinnDay(new Date()));

/** The catalogue visibility rule: listed, a positive price and keys to sell (or sold as a pre-order). */
function visibleWhere(query: CatalogueQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(games.hidden, false),
    sql`${games.priceCents} > 0`,
    sql`(${availableStock} > 0 or ${preorderToday()} is not null)`,
    gte(availableStock, query.stockMin),
    gte(games.priceCents, query.minPriceCents),
    lte(games.priceCents, query.maxPriceCents),
  ];
  if (query.platform) conditions.push(eq(games.platform, query.platform));
  if (query.name) conditions.push(nameMatch(query.name));
  if (query.onSale) conditions.push(gte(games.discountPercent, 1));
  return and(...conditions);
}

const listColumns = {
  id: games.id,
  providerId: games.providerId,
  productId: games.productId,
  identifier: games.identifier,
  title: games.title,
  platform: games.platform,
  region: games.region,
  languages: games.languages,
  releaseDate: games.releaseDate,
  priceCents: games.priceCents,
  saleReferenceCents: games.saleReferenceCents,
  discountPercent: games.discountPercent,
  saleEndsAt: games.saleEndsAt,
  coverUrl: games.coverUrl,
  coverBUrl: games.coverBUrl,
  stock: availableStock,
};

export interface CatalogueRow {
  id: number;
  providerId: string;
  productId: string;
  identifier: string;
  title: string;
  platform: string;
  region: string;
  languages: string;
  releaseDate: string | null;
  priceCents: number;
  saleReferenceCents: number | null;
  discountPercent: number | null;
  saleEndsAt: Date | null;
  coverUrl: string | null;
  coverBUrl: string | null;
  stock: number;
  preorderRelease: string | null;
}

/** The query of one catalogue page (exported so that a test can EXPLAIN it). */
export function pageQuery(db: Executor, query: CatalogueQuery, offset: number, limit: number) {
  const order: SQL[] = [];
  if (query.sort === 'price_asc') order.push(asc(games.priceCents));
  else if (query.sort === 'price_desc') order.push(desc(games.priceCents));
  else if (query.sort === 'release_desc') order.push(sql`${games.releaseDate} desc nulls last`);
  else if (query.sort === 'title_asc') order.push(asc(games.title));
  else if (query.sort === 'discount_desc') order.push(sql`${games.discountPercent} desc nulls last`);
  else if (query.name) order.push(desc(relevance(query.name)));
  order.push(asc(games.id));
  return db
    .select({ ...listColumns, preorderRelease: preorderToday() })
    .from(games)
    .where(visibleWhere(query))
    .orderBy(...order)
    .offset(offset)
    .limit(limit);
}

/** The visible catalogue with no filter. */
const WHOLE_CATALOGUE: CatalogueQuery = {
  name: '',
  platform: '',
  stockMin: 0,
  minPriceCents: 0,
  maxPriceCents: 2_147_483_647,
  sort: undefined,
};

/** Whether a single game passes the catalogue visibility rule (the SQL twin of `visibleWhere`). */
export const isVisibleRow = (
  row: Pick<GameDetailRow, 'hidden' | 'priceCents' | 'stock' | 'preorderAllowed' | 'releaseDate'>,
) => !row.hidden && row.priceCents > 0 && (row.stock > 0 || preorderReleaseOf(row, new Date()) !== null);

export function createCatalogueRepository(db: Executor) {
  const detailWhere = async (where: SQL): Promise<GameDetailRow | undefined> => {
    const [row] = await db.select({ game: games, stock: availableStock }).from(games).where(where).limit(1);
    return row ? { ...row.game, stock: row.stock } : undefined;
  };

  return {
    /** One game by provider id, whatever its visibility (the service applies the rule). */
    byProviderId(providerId: string): Promise<GameDetailRow | undefined> {
      return detailWhere(eq(games.providerId, providerId));
    },

    byProductId(productId: string): Promise<GameDetailRow | undefined> {
      return detailWhere(eq(games.productId, productId));
    },

    /** Inserts a game, or updates `changes` of the one with the same provider id. */
    async upsert(
      values: NewGameRecord,
      changes: Partial<NewGameRecord>,
    ): Promise<{ id: number; created: boolean }> {
      const [row] = await db
        .insert(games)
        .values(values)
        .onConflictDoUpdate({ target: games.providerId, set: { ...changes, updatedAt: new Date() } })
        .returning({ id: games.id, created: sql<boolean>`(xmax = 0)` });
      if (!row) throw new Error('The game was not saved');
      return row;
    },

    /** Changes an existing game; answers false when there is none with that provider id. */
    async update(providerId: string, changes: Partial<NewGameRecord>): Promise<boolean> {
      const rows = await db
        .update(games)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(games.providerId, providerId))
        .returning({ id: games.id });
      return rows.length > 0;
    },

    page(query: CatalogueQuery, offset: number, limit: number): Promise<CatalogueRow[]> {
      return pageQuery(db, query, offset, limit);
    },

    async count(query: CatalogueQuery): Promise<number> {
      const [row] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(games)
        .where(visibleWhere(query));
      return row?.total ?? 0;
    },

    async platforms(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ platform: games.platform })
        .from(games)
        .where(visibleWhere(WHOLE_CATALOGUE))
        .orderBy(asc(games.platform));
      return rows.map((row) => row.platform);
    },

    /** Every game the catalogue shows, in its stable order, with when it was last changed. */
    listed(): Promise<{ providerId: string; slug: string; updatedAt: Date }[]> {
      return db
        .select({ providerId: games.providerId, slug: games.slug, updatedAt: games.updatedAt })
        .from(games)
        .where(visibleWhere(WHOLE_CATALOGUE))
        .orderBy(asc(games.id));
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
