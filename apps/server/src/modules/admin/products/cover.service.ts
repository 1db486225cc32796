import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminProduct } from '@keyland/core/schemas/admin';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { catalogueChanged } from '../../../lib/catalogue-changed.ts';
import { sniffImageType } from '../../../lib/image-type.ts';
import { auditTrail } from '../../audit/index.ts';
import type { Actor } from '../index.ts';
import { toAdminProduct } from './products.mapper.ts';
import { createProductsRepository } from './products.repository.ts';

/** Largest cover accepted, in bytes. */
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
/** Where uploaded covers are served from; their files live in `<DATA_DIR>/uploads/covers`. */
export const COVER_URL_PREFIX = '/media/uploads/covers/';
export const COVER_FILE_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

/** Cover files are the store's accepted upload images (lib/image-type.ts). */
import { imageTypes as coverTypes } from '../../../lib/image-type.ts';

export type { ImageExtension as CoverExtension } from '../../../lib/image-type.ts';
export { coverTypes };

export const coversDirOf = (dataDir: string) => path.join(dataDir, 'uploads', 'covers');

/** Cover uploads: checked, written under a random name, then the game points to it (audited). */
export function createCoverService(db: Database, dataDir: string) {
  const dir = coversDirOf(dataDir);

  return {
    async upload(actor: Actor, gameId: number, bytes: Buffer): Promise<AdminProduct> {
      if (bytes.length > COVER_MAX_BYTES)
        throw new AppError('COVER_TOO_LARGE', 'The image is too large', {
          values: { maxMegabytes: String(COVER_MAX_BYTES / 1024 / 1024) },
        });
      const extension = sniffImageType(bytes);
      if (!extension) throw new AppError('COVER_TYPE_NOT_ALLOWED', 'Upload a PNG, JPEG or WebP image');
      if (!(await createProductsRepository(db).find(gameId))) throw notFound('Unknown game');

      const name = `${randomBytes(16).toString('hex')}.${extension}`;
      await mkdir(dir, { recursive: true });
      const temporary = path.join(dir, `.${name}.part`);
      await writeFile(temporary, bytes, { mode: 0o644 });
      await rename(temporary, path.join(dir, name));
      const url = `${COVER_URL_PREFIX}${name}`;
      let previous: string | null = null;
      try {
        const row = await db.transaction(async (tx) => {
          const repo = createProductsRepository(tx);
          const before = await repo.find(gameId, true);
          if (!before) throw notFound('Unknown game');
          previous = before.coverUrl;
          const after = (await repo.update(gameId, { coverUrl: url })) ?? before;
          await auditTrail(tx).record(actor, {
            action: 'product.cover',
            targetType: 'game',
            targetId: gameId,
            before: { coverUrl: before.coverUrl },
            after: { coverUrl: url, bytes: bytes.length, type: coverTypes[extension] },
          });
          return after;
        });
        catalogueChanged.notify();
        // The replaced upload is no longer referenced (the audit keeps its name only).
        const old = previous as string | null;
        if (old?.startsWith(COVER_URL_PREFIX)) {
          const oldName = old.slice(COVER_URL_PREFIX.length);
          if (COVER_FILE_PATTERN.test(oldName)) await unlink(path.join(dir, oldName)).catch(() => undefined);
        }
        return toAdminProduct(row, await createProductsRepository(db).countsOf(gameId));
      } catch (error) {
        await unlink(path.join(dir, name)).catch(() => undefined);
        throw error;
      }
    },
  };
}

export type CoverService = ReturnType<typeof createCoverService>;
