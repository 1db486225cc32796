/**
 * The ceiling of the catalogue benchmark: a bare Fastify route answering a precomputed JSON body (the
 * store's own page 1), with no database, validation or cache. Started as a child process like the store.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.CEILING_BODY_FILE ?? '', 'utf8');
const app = Fastify({ logger: false });
app.post('/api/kl_api/catalog_paginated', async (_request, reply) =>
  reply.type('application/json; charset=utf-8').send(body),
);
app.get('/readyz', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
