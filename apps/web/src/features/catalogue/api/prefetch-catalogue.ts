import type { QueryClient } from '@tanstack/react-query';
import { readCatalogueParams } from '#src/features/catalogue/utils/catalogue-params.ts';
import { atMost } from '#src/utils/at-most.ts';
import { getCountGamesQueryOptions } from './count-games.ts';
import { getCataloguePageQueryOptions } from './get-catalogue-page.ts';
import { getPlatformsQueryOptions } from './get-platforms.ts';

/** How long a first visit waits for the catalogue before showing the page with its skeletons. */
const PREFETCH_WAIT_MS = 1200;

/**
 * Starts the catalogue calls for the address being opened, alongside the page's code, so the first paint
 * usually has the games already. Failures are left to the screen, which shows them with a retry button.
 */
export async function prefetchCatalogue(queryClient: QueryClient, url: string): Promise<void> {
  const { page, sort, ...search } = readCatalogueParams(new URL(url).searchParams);
  await atMost(
    Promise.all([
      queryClient.prefetchQuery(getCataloguePageQueryOptions({ page, sort, ...search })),
      queryClient.prefetchQuery(getCountGamesQueryOptions(search)),
      queryClient.prefetchQuery(getPlatformsQueryOptions()),
    ]),
    PREFETCH_WAIT_MS,
  );
}
