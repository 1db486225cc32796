import { FIRST_DATA_ID, type FirstData, type FirstQuery, type ServerRender } from '@keyland/core/first-data';
import type { QueryClient } from '@tanstack/react-query';

/*
 * The first data block the server writes into the HTML of the shop's pages (session check, first
 * catalogue page, count and platforms, the product page's game: apps/server/src/modules/catalogue/
 * shop-pages.ts). It is a `<script type="application/json">`, which the browser never executes, so the
 * CSP stays strict.
 */

export type { FirstData, FirstQuery, ServerRender };
export { FIRST_DATA_ID };

function isFirstQuery(value: unknown): value is FirstQuery {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as FirstQuery).key) &&
    (value as FirstQuery).data !== undefined
  );
}

function isServerRender(value: unknown): value is ServerRender {
  const render = value as ServerRender | null | undefined;
  return (
    typeof render?.language === 'string' &&
    typeof render.at === 'number' &&
    typeof render.router === 'object' &&
    render.router !== null
  );
}

/**
 * Reads the block the server wrote into the page, then removes it (it describes the first address
 * only). Without a block (dev server, tests) or with an unreadable one: no queries and no server render.
 */
export function readFirstData(doc: Document = document): FirstData {
  const element = doc.getElementById(FIRST_DATA_ID);
  if (!element) return { queries: [] };
  element.remove();
  let parsed: { queries?: unknown; render?: unknown } | null;
  try {
    parsed = JSON.parse(element.textContent ?? '');
  } catch {
    return { queries: [] };
  }
  const queries = Array.isArray(parsed?.queries) ? parsed.queries.filter(isFirstQuery) : [];
  return { queries, render: isServerRender(parsed?.render) ? parsed.render : undefined };
}

/** Seeds the query cache with the server's answers, so the first paint needs no round trip for them. */
export function seedQueries(queryClient: QueryClient, queries: FirstQuery[]): number {
  for (const query of queries) queryClient.setQueryData(query.key, query.data);
  return queries.length;
}

/** Reads the block and seeds its queries; returns how many were seeded. */
export function seedFirstData(queryClient: QueryClient, doc: Document = document): number {
  return seedQueries(queryClient, readFirstData(doc).queries);
}
