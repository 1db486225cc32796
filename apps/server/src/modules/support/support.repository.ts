import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { supportMessages, supportTickets } from '../../db/schema/index.ts';

export type TicketRow = typeof supportTickets.$inferSelect;
export type TicketMessageRow = typeof supportMessages.$inferSelect;

/** Support tickets and their messages: the only code touching these tables. */
export function createSupportRepository(db: Executor) {
  return {
    async insertTicket(values: typeof supportTickets.$inferInsert): Promise<TicketRow> {
      const [row] = await db.insert(supportTickets).values(values).returning();
      if (!row) throw new Error('ticket not inserted');
      return row;
    },

    async insertMessage(values: typeof supportMessages.$inferInsert): Promise<void> {
      await db.insert(supportMessages).values(values);
    },

    async lock(id: number): Promise<TicketRow | undefined> {
      const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id)).for('update');
      return row;
    },

    async update(id: number, values: Partial<typeof supportTickets.$inferInsert>): Promise<void> {
      await db.update(supportTickets).set(values).where(eq(supportTickets.id, id));
    },

    async find(id: number): Promise<TicketRow | undefined> {
      const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, id));
      return row;
    },

    /** Tickets of a status (open ones oldest first, the rest newest first), at most 200. */
    async list(status: 'open' | 'answered' | 'closed' | 'all'): Promise<TicketRow[]> {
      return db
        .select()
        .from(supportTickets)
        .where(status === 'all' ? undefined : eq(supportTickets.status, status))
        .orderBy(status === 'open' ? asc(supportTickets.updatedAt) : desc(supportTickets.updatedAt))
        .limit(200);
    },

    async ofCustomer(customerId: number): Promise<TicketRow[]> {
      return db
        .select()
        .from(supportTickets)
        .where(eq(supportTickets.customerId, customerId))
        .orderBy(asc(supportTickets.id));
    },

    async erase(customerId: number): Promise<void> {
      const ids = db
        .select({ id: supportTickets.id })
        .from(supportTickets)
        .where(eq(supportTickets.customerId, customerId));
      await db.delete(supportMessages).where(inArray(supportMessages.ticketId, ids));
      await db
        .update(supportTickets)
        .set({
          name: 'Erased customer',
          email: `erased-${customerId}@erased.invalid`,
          subject: '(erased)',
          ip: null,
          customerId: null,
        })
        .where(eq(supportTickets.customerId, customerId));
    },

    async messagesOf(ticketIds: number[]): Promise<Map<number, TicketMessageRow[]>> {
      const byTicket = new Map<number, TicketMessageRow[]>(ticketIds.map((id) => [id, []]));
      if (ticketIds.length === 0) return byTicket;
      const rows = await db
        .select()
        .from(supportMessages)
        .where(inArray(supportMessages.ticketId, ticketIds))
        .orderBy(asc(supportMessages.at), asc(supportMessages.id));
      for (const row of rows) byTicket.get(row.ticketId)?.push(row);
      return byTicket;
    },

    /** Tickets waiting for an answer, for the dashboard. */
    async openCount(): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(supportTickets)
        .where(eq(supportTickets.status, 'open'));
      return row?.n ?? 0;
    },
  };
}
