import { readFile } from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { adminIdParamsSchema, adminProductSchema } from '@keyland/core/schemas/admin';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { actorOf, adminErrors } from '../index.ts';
import {
  COVER_FILE_PATTERN,
  COVER_MAX_BYTES,
  type CoverExtension,
  type CoverService,
  coversDirOf,
  coverTypes,
} from './cover.service.ts';

/** The path prefix of uploads; exempt from the JSON-only rule of the cross-site guard, checked here. */
export const UPLOADS_PREFIX = '/api/admin/uploads/';

/**
 * A multipart form is something a cross-site page can send, so uploads repeat the cross-site guard's
 * origin checks themselves: no cross-site or same-site Sec-Fetch-Site, an Origin of the store when the
 * browser sends one, and a multipart content type.
 */
export function sameSiteUpload(publicUrl: string) {
  const publicOrigin = URL.canParse(publicUrl) ? new URL(publicUrl).origin : undefined;
  return async (request: FastifyRequest): Promise<void> => {
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site' || site === 'same-site')
      throw new AppError('CROSS_SITE_REQUEST', 'Cross-site request refused');
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`)
      throw new AppError('CROSS_SITE_REQUEST', 'Cross-site request refused');
    if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data'))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data');
  };
}

/** `POST /api/admin/uploads/covers/:id` (inside the admin plugin): a game's cover image. */
export const coverUploadRoutes: FastifyPluginAsyncZod<{ service: CoverService; publicUrl: string }> = async (
  app,
  { service, publicUrl },
) => {
  await app.register(multipart, {
    limits: { fileSize: COVER_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });

  app.post(
    `${UPLOADS_PREFIX}covers/:id`,
    {
      onRequest: sameSiteUpload(publicUrl),
      schema: {
        tags: ['admin'],
        operationId: 'uploadProductCover',
        summary: `Upload a game's cover: multipart/form-data with one file field \`file\`, a PNG, JPEG or WebP image of at most ${COVER_MAX_BYTES / 1024 / 1024} MB (type read from its bytes; 413 COVER_TOO_LARGE, 415 COVER_TYPE_NOT_ALLOWED)`,
        consumes: ['multipart/form-data'],
        params: adminIdParamsSchema,
        response: {
          200: adminProductSchema,
          ...adminErrors,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      let bytes: Buffer;
      try {
        const file = await request.file();
        if (!file)
          throw new AppError('VALIDATION_FAILED', 'Attach the image as the field "file"', { field: 'file' });
        bytes = await file.toBuffer();
      } catch (error) {
        if (error instanceof AppError) throw error;
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new AppError('COVER_TOO_LARGE', 'The image is too large', {
            values: { maxMegabytes: String(COVER_MAX_BYTES / 1024 / 1024) },
          });
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
          throw new AppError('VALIDATION_FAILED', 'Send one image only', { field: 'file' });
        throw new AppError('VALIDATION_FAILED', 'The upload could not be read', { field: 'file' });
      }
      return service.upload(actor, request.params.id, bytes);
    },
  );
};

/** `GET /media/uploads/covers/<name>`: uploaded covers, public; names are random and never reused. */
export const coverFileRoutes: FastifyPluginAsyncZod<{ dataDir: string }> = async (app, { dataDir }) => {
  const dir = coversDirOf(dataDir);
  app.get(
    '/media/uploads/covers/:file',
    {
      schema: {
        tags: ['media'],
        operationId: 'getUploadedCover',
        summary: 'An uploaded game cover (PNG, JPEG or WebP)',
        params: z.object({ file: z.string().regex(COVER_FILE_PATTERN) }),
        response: {
          200: z.any().describe('image/png, image/jpeg or image/webp'),
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const name = request.params.file;
      let bytes: Buffer;
      try {
        bytes = await readFile(path.join(dir, name));
      } catch {
        throw new AppError('NOT_FOUND', 'Not found');
      }
      const extension = name.slice(name.lastIndexOf('.') + 1) as CoverExtension;
      return reply
        .type(coverTypes[extension])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(bytes);
    },
  );
};
