import { z } from 'zod';
import { adminPageSchema, adminPagingQuerySchema } from './admin-common.ts';

/** The activation keys of a game in the back office: import, list, reveal. */

/** Key import limits: lines (blank lines included) and UTF-8 bytes of the text. */
export const KEY_IMPORT_MAX_LINES = 20_000;
export const KEY_IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const importKeysSchema = z
  .object({
    /**
     * Pasted text or the content of a .txt/.csv file: one key per line, the first column of a CSV line
     * (a header line such as `code` is skipped), blank lines ignored. At most 20,000 lines and 2 MB.
     */
    text: z.string({ error: 'text is required' }),
  })
  .meta({ id: 'AdminImportKeys' });

export const invalidKeyReasons = [
  'wrong_length',
  'invalid_characters',
  'contains_spaces',
  'too_short',
  'too_long',
] as const;

export const importKeysResultSchema = z
  .object({
    imported: z.number().int(),
    duplicates: z.object({
      /** Lines repeating a key already seen earlier in the same text. */
      inFile: z.number().int(),
      /** Keys already stored (for any game). */
      existing: z.number().int(),
    }),
    /** Lines refused, with the 1-based line number (at most 1000 listed; see invalidCount). */
    invalid: z.array(
      z.object({
        line: z.number().int(),
        reason: z.enum(invalidKeyReasons),
        /** The platform's key length, for `wrong_length`. */
        expected: z.number().int().optional(),
      }),
    ),
    invalidCount: z.number().int(),
    /** Available keys of the game after the import. */
    available: z.number().int(),
  })
  .meta({ id: 'AdminImportKeysResult' });

export type ImportKeysResult = z.infer<typeof importKeysResultSchema>;

export const keyStatusValues = ['available', 'reserved', 'sold', 'revoked', 'defective'] as const;
export const keyKindValues = ['text', 'image'] as const;

export const adminKeySchema = z
  .object({
    id: z.number().int(),
    /** The code with all but its last 4 characters hidden ("image code" for a code delivered as an image). */
    masked: z.string(),
    /** How the code is delivered: text, or an image (a `data:image/…;base64,…` URL, see image-code.ts). */
    kind: z.enum(keyKindValues),
    status: z.enum(keyStatusValues),
    orderId: z.number().int().nullable(),
    createdAt: z.string(),
    soldAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .meta({ id: 'AdminKey' });

export const keysQuerySchema = adminPagingQuerySchema.extend({
  status: z.enum(keyStatusValues).optional(),
});

export const keysPageSchema = adminPageSchema(adminKeySchema, 'AdminKeysPage');

export const revealedKeySchema = z
  .object({
    id: z.number().int(),
    gameId: z.number().int(),
    code: z.string(),
    status: z.enum(keyStatusValues),
  })
  .meta({ id: 'AdminRevealedKey' });
