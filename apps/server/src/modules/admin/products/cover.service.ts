import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminProduct } from '@keyland/core/schemas/admin';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import { catalogueChanged } from '../../../lib/catalogue-changed.ts';
import { auditTrail } from '../../audit/index.ts';
import type { Actor } from '../index.ts';
import { toAdminProduct } from './products.mapper.ts';
import { createProductsRepository } from './products.repository.ts';

/** Largest cover accepted, in bytes. */
export const COVER_MAX_BYTES = 2 * 1024 * 1024;
/** Where uploaded covers are served from; their files live in `<DATA_DIR>/uploads/covers`. */
export const COVER_URL_PREFIX = '/media/uploads/covers/';
export const COVER_FILE_PATTERN = /^[a-f0-9]{32}\.(png|jpg|webp)$/;

export const coverTypes = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
} as const;
export type CoverExtension = keyof typeof coverTypes;

/**
 * The image type read from the first bytes of the file, never from its name or declared type:
 * PNG (`89 50 4E 47 0D 0A 1A 0A`), JPEG (`FF D8 FF`), WebP (`RIFF····WEBP`). Anything else — SVG
 * included, which can carry scripts — is refused.
 */
export function sniffCoverType(bytes: Buffer): CoverExtension | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  return null;
}

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
      const extension = sniffCoverType(bytes);
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
