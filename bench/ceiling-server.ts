/**
 * The ceiling of the catalogue and pages benchmarks: bare Fastify routes answering a precomputed body —
 * the store's own page-1 JSON, and (pages.ts) the shop pages' brotli-compressed HTML — with no database,
 * validation, rendering or cache. Started as a child process like the store.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';

const body = process.env.CEILING_BODY_FILE ? readFileSync(process.env.CEILING_BODY_FILE, 'utf8') : '';
const app = Fastify({ logger: false });
app.post('/api/kl_api/catalog_paginated', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);
// pages.ts: each `<name>.br` of the folder at /page/<name>, sent as it is.
if (process.env.CEILING_PAGES_DIR) {
  const dir = process.env.CEILING_PAGES_DIR;
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.br'))) {
    const page = readFileSync(path.join(dir, file));
    app.get(`/page/${file.slice(0, -3)}`, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('content-encoding', 'br').send(page),
    );
  }
}
app.get('/readyz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
