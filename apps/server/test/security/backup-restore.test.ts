import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { gameKeys, orders } from '../../src/db/schema/index.ts';
import { openRuntime, type Runtime } from '../../src/runtime.ts';
import { insertCustomer, insertGame } from '../factories.ts';
import { payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import { loginAsNewCustomer } from '../helpers/http.ts';
import { testDbKind } from '../helpers/test-db.ts';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

async function snapshot(runtime: Runtime) {
  const { db } = runtime.dbHandle;
  const orderRows = await db.select().from(orders).orderBy(asc(orders.id));
  const keyRows = await db.select().from(gameKeys).orderBy(asc(gameKeys.id));
  const lines = await db.execute(
    sql`select id, order_id, game_id, quantity, total_cents from order_lines order by id`,
  );
  return {
    orders: orderRows,
    lines: (lines as unknown as { rows: unknown[] }).rows,
    keys: keyRows.map((k) => ({ ...k, code: runtime.keyVault.decrypt(k.codeCiphertext) })),
  };
}

describe.skipIf(testDbKind !== 'pglite')('backup and restore of the embedded database', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'keyland-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('restores a backup into a fresh folder with every order and key', async () => {
    const dataDir = path.join(root, 'live');
    const env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: '',
      KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      LOCAL_PAYMENT_WEBHOOK_SECRET: randomBytes(16).toString('hex'),
    };
    const config = loadConfig(env);
    const runtime = await openRuntime(config);
    const app = await buildApp(config, runtime);
    await app.ready();
    const { game } = await insertGame(runtime.dbHandle.db, runtime.keyVault, {}, { keys: 6 });
    for (let i = 0; i < 2; i++) {
      const { client } = await loginAsNewCustomer(app, () => insertCustomer(runtime.dbHandle.db));
      for (let n = 0; n <= i; n++)
        await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId });
      const started = await startCheckout(client);
      expect(started.status).toBe(200);
      const paid = await payOnHostedPage(app, started.sessionId ?? '');
      expect(paid.statusCode).toBeLessThan(400);
    }
    const before = await snapshot(runtime);
    expect(before.orders.filter((o) => o.status === 'paid')).toHaveLength(2);
    expect(before.keys.filter((k) => k.status === 'sold')).toHaveLength(3);
    await app.close();
    await runtime.dbHandle.close();

    const file = path.join(root, 'backups', 'keyland.tar.gz');
    const cliEnv = { ...process.env, ...env, DATABASE_URL: '' };
    const backup = await run(process.execPath, ['src/db/backup-cli.ts', 'backup', file], {
      cwd: serverDir,
      env: cliEnv,
    });
    expect(backup.stdout).toContain('Backed up');
    expect(existsSync(file)).toBe(true);

    const fresh = path.join(root, 'fresh');
    const restore = await run(
      process.execPath,
      ['src/db/backup-cli.ts', 'restore', file, '--data-dir', fresh],
      {
        cwd: serverDir,
        env: cliEnv,
      },
    );
    expect(restore.stdout).toContain('Restored');
    // A second restore into the now-filled folder is refused.
    await expect(
      run(process.execPath, ['src/db/backup-cli.ts', 'restore', file, '--data-dir', fresh], {
        cwd: serverDir,
        env: cliEnv,
      }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('already holds a database') });

    const restored = await openRuntime(loadConfig({ ...env, DATA_DIR: fresh }));
    try {
      expect(await snapshot(restored)).toEqual(before);
    } finally {
      await restored.dbHandle.close();
    }
  });
});
