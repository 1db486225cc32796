import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { catalogueChanged } from '../../../lib/catalogue-changed.ts';
import { auditTrail } from '../../audit/index.ts';
import { actorOf } from '../index.ts';

type Detail = Record<string, unknown> | undefined;

/**
 * The audit entry of an admin's `saveGameDetailData` call (the catalogue module's admin-only route):
 * `product.detail` on the game's provider id, with only the fields that changed before and after.
 */
export function gameDetailAudit(db: Database) {
  return async (
    request: FastifyRequest,
    entry: { providerId: string; created: boolean; before: unknown; after: unknown },
  ): Promise<void> => {
    const before = entry.before as Detail;
    const after = (entry.after ?? {}) as Record<string, unknown>;
    const changed = Object.keys(after).filter(
      (key) => JSON.stringify(before?.[key]) !== JSON.stringify(after[key]),
    );
    await auditTrail(db).record(actorOf(request), {
      action: entry.created ? 'product.create' : 'product.detail',
      targetType: 'game',
      targetId: entry.providerId,
      before: before ? Object.fromEntries(changed.map((key) => [key, before[key]])) : null,
      after: { ...Object.fromEntries(changed.map((key) => [key, after[key]])), via: 'saveGameDetailData' },
    });
    catalogueChanged.notify();
  };
}
