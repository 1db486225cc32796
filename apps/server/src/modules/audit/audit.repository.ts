import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adminAudit, customers } from '../../db/schema/index.ts';
import { pageWithTotal } from '../../db/sql-helpers.ts';
import type { Actor } from '../admin/index.ts';

export interface AuditRecord {
  action: string;
  targetType:
    | 'game'
    | 'game_key'
    | 'order'
    | 'customer'
    | 'supplier'
    | 'key_claim'
    | 'support_ticket'
    | 'promotion'
    | 'coupon';
  targetId: string | number;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export type AuditRow = typeof adminAudit.$inferSelect & { adminEmail: string | null };

/** The append-only admin audit trail: insert (inside the change's transaction) and list. */
export function createAuditRepository(db: Executor) {
  return {
    async record(actor: Actor, entry: AuditRecord): Promise<void> {
      await db.insert(adminAudit).values({
        actor: 'admin',
        adminId: actor.adminId,
        ip: actor.ip,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },

    /**
     * A system entry: what the store did on its own on the payment provider's event (a refund or dispute
     * made outside the back office). It has no admin and no IP; `after.eventId` names the event.
     */
    async recordProviderEvent(entry: AuditRecord): Promise<void> {
      await this.recordSystem(entry, 'payment_provider');
    },

    /** What a scheduled job decided on its own (a held order nobody reviewed in time). */
    async recordSystem(entry: AuditRecord, actor: 'payment_provider' | 'system' = 'system'): Promise<void> {
      await db.insert(adminAudit).values({
        actor,
        adminId: null,
        ip: null,
        action: entry.action,
        targetType: entry.targetType,
        targetId: String(entry.targetId),
        before: entry.before ?? null,
        after: entry.after ?? null,
      });
    },

    async page(options: { offset: number; limit: number; action?: string | undefined }) {
      const where = options.action ? eq(adminAudit.action, options.action) : undefined;
      const rows = db
        .select({
          id: adminAudit.id,
          actor: adminAudit.actor,
          adminId: adminAudit.adminId,
          adminEmail: customers.email,
          action: adminAudit.action,
          targetType: adminAudit.targetType,
          targetId: adminAudit.targetId,
          before: adminAudit.before,
          after: adminAudit.after,
          at: adminAudit.at,
          ip: adminAudit.ip,
        })
        .from(adminAudit)
        .leftJoin(customers, eq(customers.id, adminAudit.adminId))
        .where(where)
        .orderBy(desc(adminAudit.at), desc(adminAudit.id));
      return pageWithTotal(rows.$dynamic(), db.select({ n: count() }).from(adminAudit).where(where), options);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;
