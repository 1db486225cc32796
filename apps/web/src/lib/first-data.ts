import type { QueryClient } from '@tanstack/react-query';

/**
 * The id of the JSON data block the server writes into the HTML of the shop's pages (session check,
 * first catalogue page, count and platforms: apps/server/src/modules/catalogue/shop-pages.ts). It is a
 * `<script type="application/json">`, which the browser never executes, so the CSP stays strict.
 */
export const FIRST_DATA_ID = 'keyland-first-data';

interface FirstQuery {
  key: readonly unknown[];
  data: unknown;
}

function isFirstQuery(value: unknown): value is FirstQuery {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as FirstQuery).key) &&
    (value as FirstQuery).data !== undefined
  );
}

/**
 * Seeds the query cache with the answers the server wrote into the page, so the first paint needs no
 * round trip for them, then removes the block (it describes the first address only). Without a block
 * (dev server, tests) or with an unreadable one nothing happens: the page asks the API as usual.
 * Returns how many queries were seeded.
 */
export function seedFirstData(queryClient: QueryClient, doc: Document = document): number {
  const element = doc.getElementById(FIRST_DATA_ID);
  if (!element) return 0;
  element.remove();
  let parsed: unknown;
  try {
    parsed = JSON.parse(element.textContent ?? '');
  } catch {
    return 0;
  }
  const queries = (parsed as { queries?: unknown } | null)?.queries;
  if (!Array.isArray(queries)) return 0;
  let seeded = 0;
  for (const query of queries) {
    if (!isFirstQuery(query)) continue;
    queryClient.setQueryData(query.key, query.data);
    seeded += 1;
  }
  return seeded;
}
