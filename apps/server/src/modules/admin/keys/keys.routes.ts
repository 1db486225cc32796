import {
  adminIdParamsSchema,
  adminKeyIdParamsSchema,
  importKeysResultSchema,
  importKeysSchema,
  KEY_IMPORT_MAX_BYTES,
  keysPageSchema,
  keysQuerySchema,
  revealedKeySchema,
} from '@keyland/core/schemas/admin';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, adminErrors } from '../index.ts';
import type { KeysService } from './keys.service.ts';

export const keysRoutes: FastifyPluginAsyncZod<{ service: KeysService }> = async (app, { service }) => {
  app.post(
    '/api/admin/products/:id/keys',
    {
      // 2 MB of keys, plus the JSON escaping of 20,000 line breaks and some slack.
      bodyLimit: KEY_IMPORT_MAX_BYTES + 256 * 1024,
      schema: {
        tags: ['admin'],
        operationId: 'importProductKeys',
        summary:
          'Import keys for a game from pasted text or a .txt/.csv file (one per line, first CSV column), in one transaction',
        description:
          'Blank lines are ignored and a header line (`code`, `key`…) is skipped. Xbox keys must have 25, PlayStation 12 and Nintendo 16 letters or digits (dashes ignored). Duplicates within the text and keys already stored are counted and skipped. At most 20,000 lines and 2 MB (413 KEY_IMPORT_TOO_LARGE).',
        params: adminIdParamsSchema,
        body: importKeysSchema,
        response: { 200: importKeysResultSchema, ...adminErrors, 413: errorBodySchema },
      },
    },
    (request) => service.importKeys(actorOf(request), request.params.id, request.body.text),
  );

  app.get(
    '/api/admin/products/:id/keys',
    {
      schema: {
        tags: ['admin'],
        operationId: 'listProductKeys',
        summary: 'Keys of a game, masked (last 4 characters), with status and order',
        params: adminIdParamsSchema,
        querystring: keysQuerySchema,
        response: { 200: keysPageSchema, ...adminErrors },
      },
    },
    (request) => service.list(request.params.id, request.query),
  );

  app.post(
    '/api/admin/keys/:keyId/reveal',
    {
      schema: {
        tags: ['admin'],
        operationId: 'revealKey',
        summary: 'Show one key in clear; every reveal is written to the audit trail',
        params: adminKeyIdParamsSchema,
        response: { 200: revealedKeySchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.reveal(actorOf(request), request.params.keyId);
    },
  );
};
