import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/orders.ts';

/** Provider events already processed, so each event id is acted on once. */
export function createCheckoutRepository(db: Executor) {
  return {
    /** Records a provider event id; false when it was recorded before (a duplicate delivery). */
    async recordEvent(provider: string, eventId: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(paymentEvents)
        .values({ provider, eventId, type })
        .onConflictDoNothing()
        .returning({ eventId: paymentEvents.eventId });
      return rows.length > 0;
    },

    async forgetEvent(eventId: string): Promise<void> {
      await db.delete(paymentEvents).where(eq(paymentEvents.eventId, eventId));
    },
  };
}
