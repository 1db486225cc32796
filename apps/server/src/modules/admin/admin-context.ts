import { isImageCode } from '@keyland/core/image-code';
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';

/** Who performs an admin action, for the audit trail. */
export interface Actor {
  adminId: number;
  ip: string;
}

/** The admin behind a request; the admin plugin's `requireAdmin` hook has already run. */
export function actorOf(request: FastifyRequest): Actor {
  const session = request.session;
  if (session?.role !== 'admin') throw new Error('requireAdmin must run first');
  return { adminId: session.customerId, ip: request.ip };
}

/** Rows per multi-row insert and per `IN (…)` lookup (PostgreSQL allows 65,535 parameters). */
export const BATCH = 2_000;

export function chunks<T>(items: readonly T[], size = BATCH): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}

/** Escapes LIKE wildcards typed by the admin. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** What stands for a code delivered as an image in masked lists (the admin pages translate it). */
export const IMAGE_CODE_LABEL = 'image code';

/** The code with all but its last 4 characters hidden; an image code is named, not cut. */
export function maskCode(code: string): string {
  if (isImageCode(code)) return IMAGE_CODE_LABEL;
  return `${'•'.repeat(10)}${code.slice(-4)}`;
}

export function codeKind(code: string): 'text' | 'image' {
  return isImageCode(code) ? 'image' : 'text';
}

/** Runs raw SQL and answers its rows (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
