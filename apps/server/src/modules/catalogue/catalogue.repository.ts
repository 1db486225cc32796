import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { games } from '../../db/schema/index.ts';

export interface CatalogueQuery {
  name: string;
  platform: string;
  stockMin: number;
  minPriceCents: number;
  maxPriceCents: number;
  sort: 'relevance' | 'price_asc' | 'price_desc' | 'release_desc' | 'title_asc' | undefined;
}

/**
 * Keys that can be sold now: neither sold nor held by a live reservation. Written with explicit aliases:
 * Drizzle leaves column names unqualified in single-table selects, which a correlated subquery would
 * resolve against its own table.
 */
const availableStock = sql<number>`(
  select count(*)::int from game_keys k
  where k.game_id = "games"."id" and k.status = 'available'
)`;

const nameMatch = (name: string) =>
  sql`(unaccent(lower(${games.title})) like '%' || unaccent(lower(${name})) || '%'
    or word_similarity(unaccent(lower(${name})), unaccent(lower(${games.title}))) >= 0.45)`;

const relevance = (name: string) =>
  sql`word_similarity(unaccent(lower(${name})), unaccent(lower(${games.title})))`;

/** The catalogue visibility rule: listed, a positive price and keys to sell. */
function visibleWhere(query: CatalogueQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    eq(games.hidden, false),
    sql`${games.priceCents} > 0`,
    sql`${availableStock} > 0`,
    gte(availableStock, query.stockMin),
    gte(games.priceCents, query.minPriceCents),
    lte(games.priceCents, query.maxPriceCents),
  ];
  if (query.platform) conditions.push(eq(games.platform, query.platform));
  if (query.name) conditions.push(nameMatch(query.name));
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
  coverUrl: string | null;
  coverBUrl: string | null;
  stock: number;
}

export function createCatalogueRepository(db: Executor) {
  return {
    async page(query: CatalogueQuery, offset: number, limit: number): Promise<CatalogueRow[]> {
      const order: SQL[] = [];
      if (query.sort === 'price_asc') order.push(asc(games.priceCents));
      else if (query.sort === 'price_desc') order.push(desc(games.priceCents));
      else if (query.sort === 'release_desc') order.push(sql`${games.releaseDate} desc nulls last`);
      else if (query.sort === 'title_asc') order.push(asc(games.title));
      else if (query.name) order.push(desc(relevance(query.name)));
      order.push(asc(games.id));
      return db
        .select(listColumns)
        .from(games)
        .where(visibleWhere(query))
        .orderBy(...order)
        .offset(offset)
        .limit(limit);
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
        .where(
          visibleWhere({
            name: '',
            platform: '',
            stockMin: 0,
            minPriceCents: 0,
            maxPriceCents: 2_147_483_647,
            sort: undefined,
          }),
        )
        .orderBy(asc(games.platform));
      return rows.map((row) => row.platform);
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
