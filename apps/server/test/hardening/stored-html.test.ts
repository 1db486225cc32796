import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games } from '../../src/db/schema/index.ts';
import { insertCustomer, insertGame } from '../factories.ts';
import { createClient, loginAsNewCustomer } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';

const HOSTILE =
  '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a><p>ok</p>' +
  '<a href="https://example.com/" onclick="alert(2)">site</a>';
const HOSTILE_REQUIREMENTS =
  '<ul><li onmouseover="alert(3)">OS: Windows 10</li></ul><iframe src="//evil"></iframe>';

/** Nothing that can run survives; the harmless markup does. */
function expectClean(html: unknown, where: string): void {
  expect(typeof html, where).toBe('string');
  const text = html as string;
  expect(text, where).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe/i);
  expect(text, where).not.toMatch(/alert\(1\)/);
}

function expectCleanDescription(html: unknown, where: string): void {
  expectClean(html, where);
  expect(html, where).toContain('<p>ok</p>');
  expect(html, where).toContain('<a>x</a>');
  expect(html, where).toContain(
    '<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow ugc">site</a>',
  );
}

function expectCleanRequirements(html: unknown, where: string): void {
  expectClean(html, where);
  expect(html, where).toBe('<ul><li>OS: Windows 10</li></ul>');
}

/**
 * Descriptions and minimum requirements are rich text: sanitised before they are stored and again in every
 * answer that carries them, so a row that reached the database some other way is harmless too.
 */
describe(`stored HTML is sanitised on the way in and at display (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof loginAsNewCustomer>>;
  const webDir = mkdtempSync(path.join(tmpdir(), 'keyland-web-'));

  beforeAll(async () => {
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><title>Keyland</title></head><body><div id="root"></div></body></html>',
    );
    ctx = await buildTestApp({ WEB_DIST_DIR: webDir });
    admin = await loginAsNewCustomer(ctx.app, () => insertCustomer(ctx.dbHandle.db, { role: 'admin' }));
  });

  afterAll(async () => {
    await ctx?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  async function adminCall(method: 'GET' | 'PATCH', url: string, body?: unknown) {
    return ctx.app.inject({
      method,
      url,
      headers: {
        cookie: `keyland_session=${admin.client.cookie}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  }

  /** Every answer that carries the game's description and requirements. */
  async function expectCleanEverywhere(game: { id: number; providerId: string; productId: string }) {
    const visitor = createClient(ctx.app);
    for (const [who, client] of [
      ['visitor', visitor],
      ['admin', admin.client],
    ] as const) {
      for (const route of ['/api/kl_api/checkGameDetail', '/api/kl_api/checkGameMeta']) {
        const response = await client.post(route, { providerId: game.providerId });
        expect(response.statusCode, `${route} ${response.body}`).toBe(200);
        const detail = (response.json() as { game: { description: string; minimumRequirements: string } })
          .game;
        expectCleanDescription(detail.description, `${route} (${who})`);
        expectCleanRequirements(detail.minimumRequirements, `${route} (${who}) requirements`);
      }
      const sheet = await client.post('/api/kl_api/product', { productId: game.productId });
      expect(sheet.statusCode, sheet.body).toBe(200);
      const facts = sheet.json() as { factSheets: { description: string }[]; minimumRequirements: string };
      expectCleanDescription(facts.factSheets[0]?.description, `product (${who})`);
      expectCleanRequirements(facts.minimumRequirements, `product (${who}) requirements`);
    }

    const one = await adminCall('GET', `/api/admin/products/${game.id}`);
    expect(one.statusCode, one.body).toBe(200);
    expectCleanDescription((one.json() as { description: string }).description, 'admin product');
    const list = await adminCall('GET', `/api/admin/products?q=${encodeURIComponent(game.providerId)}`);
    expect(list.statusCode, list.body).toBe(200);
    const items = (list.json() as { items: { id: number; description: string }[] }).items;
    expectCleanDescription(items.find((item) => item.id === game.id)?.description, 'admin product list');

    // The product page's head carries the description as plain text (meta description, JSON-LD).
    const page = await visitor.get(`/product?title=x&session=${game.providerId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="description" content="x ok site"');
    expect(page.body).not.toMatch(/onerror|javascript:|alert\(/i);
  }

  it('cleans a hostile description saved through saveGameDetailData, and every answer carrying it', async () => {
    // A game on sale (with keys, so visitors see it too) whose details an admin then saves.
    await insertGame(ctx.dbHandle.db, ctx.keyVault, { providerId: 'kl-hostile-save' }, { keys: 2 });
    const saved = await admin.client.post('/api/kl_api/saveGameDetailData', {
      providerData: { providerId: 'kl-hostile-save', name: 'Hostile Save' },
      rawgData: { description: HOSTILE, minimumRequirements: HOSTILE_REQUIREMENTS },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = saved.json() as { game: { description: string; minimumRequirements: string } };
    expectCleanDescription(answer.game.description, 'saveGameDetailData answer');
    expectCleanRequirements(answer.game.minimumRequirements, 'saveGameDetailData answer requirements');

    // Cleaned before storage: the database never holds the live markup.
    const [row] = await ctx.dbHandle.db.select().from(games).where(eq(games.providerId, 'kl-hostile-save'));
    if (!row) throw new Error('The game was not saved');
    expectCleanDescription(row.description, 'stored description');
    expectCleanRequirements(row.minimumRequirements, 'stored requirements');

    // The audit trail records the cleaned text.
    const audit = await adminCall('GET', '/api/admin/audit?limit=5');
    expect(audit.statusCode, audit.body).toBe(200);
    const entry = (
      audit.json() as { items: { targetId: string; after: { description?: string } }[] }
    ).items.find((item) => item.targetId === 'kl-hostile-save');
    expectCleanDescription(entry?.after.description, 'audit entry');

    await expectCleanEverywhere(row);
  });

  it('cleans a hostile description written through the back office', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { providerId: 'kl-hostile-admin' });
    const updated = await adminCall('PATCH', `/api/admin/products/${game.id}`, { description: HOSTILE });
    expect(updated.statusCode, updated.body).toBe(200);
    expectCleanDescription((updated.json() as { description: string }).description, 'PATCH answer');
    const [row] = await queryRows<{ description: string }>(
      ctx.dbHandle,
      sql`select description from games where id = ${game.id}`,
    );
    expectCleanDescription(row?.description, 'stored by the back office');
  });

  it('cleans at display a hostile row written to the database directly', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {
      providerId: 'kl-hostile-row',
      description: HOSTILE,
      minimumRequirements: HOSTILE_REQUIREMENTS,
    });
    const [stored] = await queryRows<{ description: string }>(
      ctx.dbHandle,
      sql`select description from games where id = ${game.id}`,
    );
    expect(stored?.description).toBe(HOSTILE);
    await expectCleanEverywhere(game);
  });

  it('keeps plain text as it is', async () => {
    const plain = 'Levels 1 < 2 & bosses > 3\n\nSecond paragraph';
    const saved = await admin.client.post('/api/kl_api/saveGameDetailData', {
      providerData: { providerId: 'kl-plain', name: 'Plain Text', platform: 'Steam', price: 5 },
      rawgData: { description: plain },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as { game: { description: string } }).game.description).toBe(plain);
  });
});
