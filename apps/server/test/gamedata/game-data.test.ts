import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/db/schema/index.ts';
import { createRateQueue } from '../../src/modules/gamedata/rate-queue.ts';
import { createRawgSource } from '../../src/modules/gamedata/rawg.adapter.ts';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { type FakeRawg, rawgGame, startFakeRawg } from './fake-rawg-server.ts';

describe('RAWG adapter', () => {
  let fake: FakeRawg;
  beforeAll(async () => {
    fake = await startFakeRawg([rawgGame(43, 'full-throttle-remastered', 'Full Throttle Remastered')]);
  });
  afterAll(() => fake.close());
  const source = (key = fake.apiKey) =>
    createRawgSource({ apiKey: key, baseUrl: fake.url, ratePerSecond: 100 });

  it('reads a game by slug with screenshots and trailers, normalised', async () => {
    const data = await source().fetchGame({ slug: 'full-throttle-remastered', title: 'x' });
    expect(data).toMatchObject({
      source: 'rawg',
      sourceRef: '43',
      name: 'Full Throttle Remastered',
      released: '2017-04-17',
      website: 'http://fullthrottle.doublefine.com/',
      rating: 4.2,
      ratingsCount: 290,
      genres: ['Adventure'],
      tags: ['2D'],
      developers: ['Double Fine Productions'],
      publishers: [],
      platforms: ['PC', 'PlayStation 4'],
      stores: ['Steam'],
      backgroundImageAdditional: null,
      screenshots: [expect.stringMatching(/-1\.jpg$/), expect.stringMatching(/-2\.jpg$/)],
      trailers: [{ title: 'Coming Soon Teaser', url: expect.stringMatching(/movie_max\.mp4$/) }],
    });
    expect(data?.minimumRequirementsHtml).toMatch(/^<strong>Minimum:/);
  });

  it('falls back to a title search, and answers null for an unknown game', async () => {
    expect((await source().fetchGame({ slug: 'no-such-slug', title: 'Full Throttle' }))?.sourceRef).toBe(
      '43',
    );
    expect(await source().fetchGame({ slug: 'nothing', title: 'Nothing At All' })).toBeNull();
  });

  it('reports a refused key and a malformed answer as errors', async () => {
    await expect(
      source('wrong').fetchGame({ slug: 'full-throttle-remastered', title: '' }),
    ).rejects.toMatchObject({
      kind: 'unauthorised',
    });
    fake.malformedNext = 1;
    await expect(source().fetchGame({ slug: 'full-throttle-remastered', title: '' })).rejects.toMatchObject({
      kind: 'malformed',
    });
  });

  it('spaces requests to the configured rate', async () => {
    fake.requests.length = 0;
    const slow = createRawgSource({ apiKey: fake.apiKey, baseUrl: fake.url, ratePerSecond: 10 });
    await Promise.all([
      slow.fetchGame({ slug: 'full-throttle-remastered', title: '' }),
      slow.fetchGame({ slug: 'full-throttle-remastered', title: '' }),
    ]);
    // Six calls at 10 per second: the last starts at least 500 ms after the first.
    const times = fake.requests.map((r) => r.at);
    expect(times).toHaveLength(6);
    expect((times.at(-1) ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(450);
  });

  it('rate queue: one start per interval, in order', async () => {
    let clock = 0;
    const waits: number[] = [];
    const run = createRateQueue(4, {
      now: () => clock,
      sleep: async (ms) => {
        waits.push(ms);
      },
    });
    await Promise.all([1, 2, 3].map((n) => run(async () => n)));
    expect(waits).toEqual([250, 500]);
    clock = 2_000;
    await run(async () => 0);
    expect(waits).toEqual([250, 500]);
  });
});

describe(`game data enrichment (${testDbKind})`, () => {
  let ctx: TestContext;
  let fake: FakeRawg;

  beforeAll(async () => {
    fake = await startFakeRawg([
      rawgGame(43, 'full-throttle-remastered', 'Full Throttle Remastered'),
      rawgGame(44, 'grim-fandango', 'Grim Fandango'),
    ]);
    ctx = await buildTestApp({
      GAME_DATA: 'rawg',
      RAWG_API_KEY: fake.apiKey,
      RAWG_BASE_URL: fake.url,
      RAWG_RATE_PER_SECOND: '50',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
  });

  const detail = async (providerId: string) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/kl_api/checkGameDetail',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ providerId }),
      })
    ).json();

  it('fills in games without details, sanitised, cached, and credited to RAWG', async () => {
    const db = ctx.dbHandle.db;
    const bare = await insertGame(db, ctx.keyVault, {
      title: 'Full Throttle Remastered',
      description: null,
      releaseDate: null,
    });
    const unknown = await insertGame(db, ctx.keyVault, { title: 'Keyland Original', description: null });
    const described = await insertGame(db, ctx.keyVault, { title: 'Grim Fandango' });

    const outcome = await ctx.app.gameData.enrichPending();
    expect(outcome).toEqual({ ran: true, value: { fetched: 1, notFound: 1, failed: 0 } });

    const game = (await detail(bare.game.providerId)).game;
    expect(game).toMatchObject({
      name: 'Full Throttle Remastered',
      released: '2017-04-17',
      genres: ['Adventure'],
      platforms: ['PC', 'PlayStation 4'],
      photos: [{ url: expect.stringMatching(/-1\.jpg$/) }, { url: expect.stringMatching(/-2\.jpg$/) }],
      videos: [{ title: 'Coming Soon Teaser', url: expect.stringMatching(/movie_max\.mp4$/) }],
      detailsSource: 'rawg',
    });
    // Sanitised before storage: no script, handler or javascript: link reaches the database.
    const [stored] = await db.select().from(games).where(eq(games.id, bare.game.id));
    expect(stored?.description).toContain('one minute you’re on the road');
    expect(stored?.description).toContain('href="https://example.com/"');
    expect(stored?.description).not.toMatch(/script|onerror|javascript:/i);
    // The image's relative address "x" is refused with the rest (the allow-list the web app uses).
    expect(stored?.description).not.toMatch(/<img[^>]*src/i);
    expect(stored?.minimumRequirements).toContain('<li>OS: Windows 7</li>');
    expect(stored?.minimumRequirements).not.toMatch(/script/i);

    // A game with its own description is left alone; the unknown one has no credit.
    expect((await detail(described.game.providerId)).game.detailsSource).toBeNull();
    expect((await detail(unknown.game.providerId)).game.detailsSource).toBeNull();

    // Cached: a second batch asks RAWG nothing.
    fake.requests.length = 0;
    expect(await ctx.app.gameData.enrichPending()).toEqual({
      ran: true,
      value: { fetched: 0, notFound: 0, failed: 0 },
    });
    expect(fake.requests).toHaveLength(0);
    const cache = await queryRows<{ status: string; source_ref: string | null }>(
      ctx.dbHandle,
      sql`select status, source_ref from game_data_fetches order by game_id`,
    );
    expect(cache).toEqual([
      { status: 'fetched', source_ref: '43' },
      { status: 'not_found', source_ref: null },
    ]);
  });

  it('records a failure, writes nothing, and stops the batch on a refused key', async () => {
    const db = ctx.dbHandle.db;
    const apiKey = fake.apiKey;
    fake.apiKey = 'rotated';
    const a = await insertGame(db, ctx.keyVault, { title: 'Grim Fandango Remastered', description: null });
    await insertGame(db, ctx.keyVault, { title: 'Another Bare Game', description: null });
    expect(await ctx.app.gameData.enrichPending()).toEqual({
      ran: true,
      value: { fetched: 0, notFound: 0, failed: 1 },
    });
    const [row] = await db.select().from(games).where(eq(games.id, a.game.id));
    expect(row?.description).toBeNull();
    expect(row?.detailsSource).toBeNull();
    fake.apiKey = apiKey;
  });

  it('does nothing with GAME_DATA=none (the default)', async () => {
    const plain = await buildTestApp();
    try {
      expect(await plain.app.gameData.enrichPending()).toEqual({ ran: false });
    } finally {
      await plain.close();
    }
  });
});
