/**
 * A visitor who taps a game's heart is sent to log in first. The game and the page they were on wait here
 * (this tab only) until they are logged in; then the game goes on their wishlist and they are taken back.
 */
export interface PendingWish {
  providerId: string;
  title: string;
  /** The page to come back to (path and query). */
  returnTo: string;
  at: number;
}

const KEY = 'keyland:wish-after-login';
/** A wish older than this is forgotten: the visitor went on to other things. */
const KEEP_MS = 30 * 60_000;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberWish(wish: Omit<PendingWish, 'at'>): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...wish, at: Date.now() }));
  } catch {
    // Storage full or refused: the visitor simply lands in the store after logging in.
  }
}

/** Only a page of this store is a place to come back to (never `//host` nor another origin). */
const isStorePath = (value: unknown): value is string =>
  typeof value === 'string' && /^\/(?![/\\])/.test(value);

/**
 * The login link's query for a wish: the link carries it, so that a tap made before the page's script
 * runs (a server-rendered page still loading) keeps it too. The login page puts it in storage.
 */
export function wishSearch(wish: Omit<PendingWish, 'at'>): string {
  return `?${new URLSearchParams({ wish: wish.providerId, title: wish.title, back: wish.returnTo })}`;
}

/** The wish a login link carries (see `wishSearch`), or undefined when it carries none or a foreign page. */
export function wishFromSearch(search: string): Omit<PendingWish, 'at'> | undefined {
  const query = new URLSearchParams(search);
  const providerId = query.get('wish');
  const title = query.get('title');
  const returnTo = query.get('back');
  if (!providerId || title === null || !isStorePath(returnTo)) return undefined;
  return { providerId: providerId.slice(0, 100), title: title.slice(0, 200), returnTo };
}

/** The waiting wish, taken out of storage (so it is granted once), or undefined. */
export function takeWish(): PendingWish | undefined {
  const store = storage();
  const raw = store?.getItem(KEY);
  if (!raw) return undefined;
  store?.removeItem(KEY);
  try {
    const wish = JSON.parse(raw) as Partial<PendingWish>;
    const fresh = typeof wish.at === 'number' && Date.now() - wish.at < KEEP_MS;
    if (
      !fresh ||
      !isStorePath(wish.returnTo) ||
      typeof wish.providerId !== 'string' ||
      typeof wish.title !== 'string'
    )
      return undefined;
    return wish as PendingWish;
  } catch {
    return undefined;
  }
}
