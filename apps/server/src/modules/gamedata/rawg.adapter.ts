import { z } from 'zod';
import { type GameData, GameDataError, type GameDataSource } from './game-data.port.ts';
import { createRateQueue } from './rate-queue.ts';

export interface RawgOptions {
  apiKey: string;
  baseUrl: string;
  /** Requests started per second at most (RAWG publishes no limit; its Go SDK uses 5). */
  ratePerSecond: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const named = z.object({ name: z.string() });
const nullableUrl = z.string().nullable().optional();

/** `GET /games/{id|slug}` as recorded (nullable fields tolerated, unknown ones ignored). */
const gameSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable().optional(),
  released: z.string().nullable().optional(),
  background_image: nullableUrl,
  background_image_additional: nullableUrl,
  website: z.string().nullable().optional(),
  rating: z.number().nullable().optional(),
  ratings_count: z.number().int().nullable().optional(),
  ratings: z
    .array(z.object({ title: z.string(), count: z.number().int(), percent: z.number() }))
    .nullable()
    .optional(),
  platforms: z
    .array(
      z.object({
        platform: z.object({ name: z.string(), slug: z.string().optional() }),
        requirements: z
          .object({ minimum: z.string().optional(), recommended: z.string().optional() })
          .nullable()
          .optional(),
      }),
    )
    .nullable()
    .optional(),
  stores: z
    .array(z.object({ store: named }))
    .nullable()
    .optional(),
  developers: z.array(named).nullable().optional(),
  publishers: z.array(named).nullable().optional(),
  genres: z.array(named).nullable().optional(),
  tags: z
    .array(z.object({ name: z.string(), language: z.string().optional() }))
    .nullable()
    .optional(),
});

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().optional(), next: z.string().nullable().optional(), results: z.array(item) });

const screenshotsSchema = pageOf(z.object({ image: z.string(), is_deleted: z.boolean().optional() }));
const moviesSchema = pageOf(
  z.object({ name: z.string().optional(), data: z.record(z.string(), z.string().nullable()).optional() }),
);
const searchSchema = pageOf(z.object({ id: z.number().int(), slug: z.string(), name: z.string() }));

const httpUrl = (value: string | null | undefined) =>
  value && /^https?:\/\/\S+$/i.test(value) ? value : null;
const names = (items: { name: string }[] | null | undefined, max = 30) =>
  [...new Set((items ?? []).map((i) => i.name.trim()).filter(Boolean))].slice(0, max);

/** RAWG's detail answer → the store's normalised game data. */
export function normaliseRawgGame(
  game: z.infer<typeof gameSchema>,
  screenshots: string[],
  movies: z.infer<typeof moviesSchema>['results'],
): GameData {
  const pc = (game.platforms ?? []).find((p) => p.platform.slug === 'pc' || p.platform.name === 'PC');
  return {
    source: 'rawg',
    sourceRef: String(game.id),
    name: game.name,
    descriptionHtml: game.description ?? null,
    released: game.released && /^\d{4}-\d{2}-\d{2}$/.test(game.released) ? game.released : null,
    backgroundImage: httpUrl(game.background_image),
    backgroundImageAdditional: httpUrl(game.background_image_additional),
    website: httpUrl(game.website),
    rating: Math.min(5, Math.max(0, game.rating ?? 0)),
    ratingsCount: Math.max(0, game.ratings_count ?? 0),
    ratings: (game.ratings ?? []).slice(0, 20),
    genres: names(game.genres),
    // English tags only (RAWG mixes languages).
    tags: names(
      (game.tags ?? []).filter((t) => !t.language || t.language === 'eng'),
      60,
    ),
    developers: names(game.developers),
    publishers: names(game.publishers),
    platforms: names((game.platforms ?? []).map((p) => p.platform)),
    stores: names((game.stores ?? []).map((s) => s.store)),
    minimumRequirementsHtml: pc?.requirements?.minimum ?? null,
    screenshots: screenshots
      .map(httpUrl)
      .filter((u): u is string => u !== null)
      .slice(0, 30),
    trailers: movies
      .map((m) => ({ url: httpUrl(m.data?.max ?? m.data?.['480']), title: m.name ?? '' }))
      .filter((m): m is { url: string; title: string } => m.url !== null)
      .slice(0, 20),
  };
}

/**
 * The RAWG API (`?key=` on every call). Every request goes through a rate queue; 404 means unknown; 401
 * is a refused key; other failures and malformed answers are errors (the caller retries later).
 */
export function createRawgSource(options: RawgOptions): GameDataSource {
  const base = options.baseUrl.replace(/\/$/, '');
  const doFetch = options.fetch ?? fetch;
  const queue = createRateQueue(options.ratePerSecond, options.sleep ? { sleep: options.sleep } : {});

  async function get<T>(
    path: string,
    schema: z.ZodType<T>,
    query: Record<string, string> = {},
  ): Promise<T | null> {
    const url = new URL(`${base}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    url.searchParams.set('key', options.apiKey);
    let response: Response;
    try {
      response = await queue(() =>
        doFetch(url, {
          headers: { accept: 'application/json' },
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        }),
      );
    } catch (error) {
      throw new GameDataError('unavailable', `RAWG request failed: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (response.status === 404) return null;
    if (response.status === 401 || response.status === 403)
      throw new GameDataError('unauthorised', 'RAWG refused the API key');
    if (!response.ok) throw new GameDataError('unavailable', `RAWG answered ${response.status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new GameDataError('malformed', `Malformed RAWG answer for ${path}`);
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new GameDataError('malformed', `Malformed RAWG answer for ${path}`);
    return parsed.data;
  }

  return {
    kind: 'rawg',
    async fetchGame({ slug, title }) {
      let game = slug ? await get(`/games/${encodeURIComponent(slug)}`, gameSchema) : null;
      if (!game) {
        const found = await get('/games', searchSchema, {
          search: title,
          page_size: '1',
          search_exact: 'true',
        });
        const first = found?.results[0];
        if (!first) return null;
        game = await get(`/games/${first.id}`, gameSchema);
        if (!game) return null;
      }
      const shots = await get(`/games/${game.id}/screenshots`, screenshotsSchema, { page_size: '20' });
      const movies = await get(`/games/${game.id}/movies`, moviesSchema);
      return normaliseRawgGame(
        game,
        (shots?.results ?? []).filter((s) => !s.is_deleted).map((s) => s.image),
        movies?.results ?? [],
      );
    },
  };
}

export const noGameData: GameDataSource = { kind: 'none', fetchGame: async () => null };
