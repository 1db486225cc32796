import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the RAWG API shaped like its recorded answers: `?key=` required (401 with an `error`
 * string without it or with a wrong one), games by numeric id or slug, 404 `{"detail":"Not found."}`,
 * HTML `description` next to `description_raw`, per-platform `requirements` that may be null, paginated
 * screenshots and movies (URLs under `data["480"]` and `data.max`), and the list envelope for searches.
 */
export interface FakeRawgGame {
  id: number;
  slug: string;
  name: string;
  description: string;
  released: string | null;
  background_image: string | null;
  website: string | null;
  platforms: {
    platform: { id: number; name: string; slug: string };
    requirements: { minimum?: string } | null;
  }[];
  screenshots: string[];
  movies: { name: string; data: Record<string, string> }[];
}

export function rawgGame(id: number, slug: string, name: string): FakeRawgGame {
  return {
    id,
    slug,
    name,
    description: `<p>${name}: one minute you’re on the road…</p><script>window.__xss=1</script><img src=x onerror="alert(1)"><a href="javascript:alert(1)">bad</a><a href="https://example.com/">site</a>`,
    released: '2017-04-17',
    background_image: `https://media.rawg.io/media/games/${slug}.jpg`,
    website: 'http://fullthrottle.doublefine.com/',
    platforms: [
      {
        platform: { id: 4, name: 'PC', slug: 'pc' },
        requirements: {
          minimum:
            '<strong>Minimum:</strong><br><ul class="bb_ul"><li>OS: Windows 7</li></ul><script>x()</script>',
        },
      },
      { platform: { id: 18, name: 'PlayStation 4', slug: 'playstation4' }, requirements: null },
    ],
    screenshots: [
      `https://media.rawg.io/media/screenshots/${slug}-1.jpg`,
      `https://media.rawg.io/media/screenshots/${slug}-2.jpg`,
    ],
    movies: [
      {
        name: 'Coming Soon Teaser',
        data: {
          '480': `https://steamcdn-a.akamaihd.net/${slug}/movie480.mp4`,
          max: `https://steamcdn-a.akamaihd.net/${slug}/movie_max.mp4`,
        },
      },
    ],
  };
}

export interface FakeRawg {
  url: string;
  apiKey: string;
  games: FakeRawgGame[];
  /** Request paths with their arrival time (ms). */
  requests: { path: string; at: number }[];
  /** The next answers of /games/{id} are this malformed body. */
  malformedNext: number;
  close(): Promise<void>;
}

export async function startFakeRawg(games: FakeRawgGame[]): Promise<FakeRawg> {
  const state = {
    apiKey: 'rawg-test-key',
    games,
    requests: [] as { path: string; at: number }[],
    malformedNext: 0,
  };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    state.requests.push({ path: url.pathname, at: Date.now() });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const key = url.searchParams.get('key');
    if (!key) return send(401, { error: 'The key parameter is not provided' });
    if (key !== state.apiKey) return send(401, { error: 'Invalid API key' });
    const find = (ref: string) => state.games.find((g) => String(g.id) === ref || g.slug === ref);

    if (url.pathname === '/api/games') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const results = state.games
        .filter((g) => g.name.toLowerCase().includes(search))
        .map((g) => ({
          id: g.id,
          slug: g.slug,
          name: g.name,
          short_screenshots: [{ id: -1, image: g.background_image }],
          platforms: g.platforms.map((p) => ({ platform: p.platform, requirements_en: p.requirements })),
        }));
      return send(200, {
        count: results.length,
        next: null,
        previous: null,
        results,
        seo_title: 'All Games',
      });
    }
    const match = /^\/api\/games\/([^/]+)(?:\/(screenshots|movies))?$/.exec(url.pathname);
    const game = match ? find(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !game) return send(404, { detail: 'Not found.' });
    if (match[2] === 'screenshots')
      return send(200, {
        count: game.screenshots.length,
        next: null,
        previous: null,
        results: game.screenshots.map((image, i) => ({
          id: i + 1,
          image,
          width: 814,
          height: 450,
          is_deleted: false,
        })),
      });
    if (match[2] === 'movies')
      return send(200, {
        count: game.movies.length,
        next: null,
        previous: null,
        results: game.movies.map((m, i) => ({
          id: i + 1,
          name: m.name,
          preview: 'https://media.rawg.io/p.jpg',
          data: m.data,
        })),
      });
    if (state.malformedNext > 0) {
      state.malformedNext--;
      return send(200, { id: 'not-a-number', platforms: 'PC' });
    }
    return send(200, {
      id: game.id,
      slug: game.slug,
      name: game.name,
      name_original: game.name,
      description: game.description,
      description_raw: game.description.replace(/<[^>]+>/g, ''),
      released: game.released,
      tba: game.released === null,
      updated: '2019-09-17T03:40:28',
      background_image: game.background_image,
      background_image_additional: null,
      website: game.website,
      rating: 4.2,
      rating_top: 5,
      metacritic: null,
      ratings: [{ id: 5, title: 'exceptional', count: 118, percent: 40.69 }],
      ratings_count: 290,
      esrb_rating: null,
      parent_platforms: [{ platform: { id: 1, name: 'PC', slug: 'pc' } }],
      platforms: game.platforms.map((p) => ({ ...p, released_at: game.released })),
      stores: [
        {
          id: 43,
          url: 'https://store.steampowered.com/',
          store: { id: 1, name: 'Steam', slug: 'steam', domain: 'store.steampowered.com' },
        },
      ],
      developers: [{ id: 16, name: 'Double Fine Productions', slug: 'double-fine-productions' }],
      publishers: [],
      genres: [{ id: 3, name: 'Adventure', slug: 'adventure' }],
      tags: [
        { id: 45, name: '2D', slug: '2d', language: 'eng' },
        { id: 46, name: 'Приключение', slug: 'priklyuchenie', language: 'rus' },
      ],
      clip: null,
      alternative_names: [],
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/api`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
