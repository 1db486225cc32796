import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { type Client, loginAdmin, loginCustomer, visitor } from './admin-helpers.ts';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = '----keylandtest7MA4YWxkTrZu0gW';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe(`admin cover upload (${testDbKind})`, () => {
  let ctx: TestContext;
  let admin: Client;
  beforeAll(async () => {
    ctx = await buildTestApp();
    admin = (await loginAdmin(ctx)).client;
  });
  afterAll(async () => ctx?.close());

  const upload = (
    client: Client | undefined,
    gameId: number,
    bytes: Buffer,
    name = 'cover.png',
    type = 'image/png',
    headers: Record<string, string> = {},
  ) => {
    const body = multipart(bytes, name, type);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/admin/uploads/covers/${gameId}`,
      headers: {
        'content-type': body.contentType,
        ...(client?.cookie ? { cookie: `keyland_session=${client.cookie}` } : {}),
        ...headers,
      },
      payload: body.payload,
    });
  };

  it('stores a PNG under a random name, serves it with its type and caching, updates and audits the game', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {});
    const response = await upload(admin, game.id, TINY_PNG, '../../evil.svg', 'image/svg+xml');
    expect(response.statusCode, response.body).toBe(200);
    const product = response.json() as { coverUrl: string };
    expect(product.coverUrl).toMatch(/^\/media\/uploads\/covers\/[a-f0-9]{32}\.png$/);
    const dir = path.join(ctx.config.dataDir, 'uploads', 'covers');
    expect(readdirSync(dir)).toContain(product.coverUrl.split('/').pop());

    const served = await ctx.app.inject({ method: 'GET', url: product.coverUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);

    const audit = await queryRows<{ action: string; after: { coverUrl: string } }>(
      ctx.dbHandle,
      sql`select action, after from admin_audit where action = 'product.cover' and target_id = ${String(game.id)}`,
    );
    expect(audit).toEqual([
      expect.objectContaining({ after: expect.objectContaining({ coverUrl: product.coverUrl }) }),
    ]);

    // A second upload replaces the first file.
    const second = await upload(
      admin,
      game.id,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64)]),
      'x.jpg',
      'image/jpeg',
    );
    expect(second.statusCode, second.body).toBe(200);
    const jpg = (second.json() as { coverUrl: string }).coverUrl;
    expect(jpg).toMatch(/\.jpg$/);
    expect((await ctx.app.inject({ method: 'GET', url: jpg })).headers['content-type']).toBe('image/jpeg');
    expect(existsSync(path.join(dir, product.coverUrl.split('/').pop() ?? ''))).toBe(false);
  });

  it('refuses SVG and other types by their bytes (415), whatever the name and declared type', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {});
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const response = await upload(admin, game.id, svg, 'cover.png', 'image/png');
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: 'COVER_TYPE_NOT_ALLOWED' });
    const [row] = await queryRows<{ cover_url: string | null }>(
      ctx.dbHandle,
      sql`select cover_url from games where id = ${game.id}`,
    );
    expect(row?.cover_url).toBe(game.coverUrl);
  });

  it('takes a file just under 2 MB (the store-wide JSON body limit does not apply)', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {});
    const large = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024 - TINY_PNG.length - 16)]);
    const response = await upload(admin, game.id, large);
    expect(response.statusCode, response.body).toBe(200);
    const { coverUrl } = response.json() as { coverUrl: string };
    const served = await ctx.app.inject({ method: 'GET', url: coverUrl });
    expect(served.rawPayload.length).toBe(large.length);
  });

  it('refuses a file over 2 MB (413) and writes nothing', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {});
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const before = existsSync(path.join(ctx.config.dataDir, 'uploads', 'covers'))
      ? readdirSync(path.join(ctx.config.dataDir, 'uploads', 'covers')).length
      : 0;
    const response = await upload(admin, game.id, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: 'COVER_TOO_LARGE' });
    const after = existsSync(path.join(ctx.config.dataDir, 'uploads', 'covers'))
      ? readdirSync(path.join(ctx.config.dataDir, 'uploads', 'covers')).length
      : 0;
    expect(after).toBe(before);
  });

  it('answers 403 to a customer, 401 to a visitor, 404 for an unknown game, and refuses cross-site posts', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, {});
    const { client: customer } = await loginCustomer(ctx);
    expect((await upload(customer, game.id, TINY_PNG)).statusCode).toBe(403);
    expect((await upload(visitor(ctx), game.id, TINY_PNG)).statusCode).toBe(401);
    expect((await upload(admin, 999_999, TINY_PNG)).statusCode).toBe(404);
    const cross = await upload(admin, game.id, TINY_PNG, 'c.png', 'image/png', {
      origin: 'https://evil.example',
    });
    expect(cross.statusCode).toBe(403);
    expect(cross.json()).toMatchObject({ error: 'CROSS_SITE_REQUEST' });
  });

  it('serves nothing for unknown or malformed file names', async () => {
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/media/uploads/covers/${'a'.repeat(32)}.png` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/media/uploads/covers/..%2F..%2Fsecrets.png' }))
        .statusCode,
    ).toBe(400);
  });
});
