import type { FastifyInstance } from 'fastify';

/**
 * Waits until every invoice written so far has its number: runs rounds of the store's numbering job
 * until one finds nothing left (a round that was already running may have started before the last
 * payment committed). Invoices are numbered a moment after their payment (decision 033).
 */
export async function invoicesNumbered(app: FastifyInstance): Promise<void> {
  const job = app.scheduledJobs.get('invoice-numbering');
  if (!job) throw new Error('The store has no invoice numbering job');
  for (;;) {
    const outcome = await job.tick();
    if (outcome?.ran && outcome.value === 0) return;
  }
}
