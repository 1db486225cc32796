import { storeHref } from '#src/config/paths.ts';
import { useSession } from '#src/lib/session.ts';

/** Where "back to the store" leads: /store for a logged-in customer, /publicstore for a visitor. */
export function useStoreHref(): string {
  return storeHref(useSession().isLoggedIn);
}
