import type { Executor } from '../../db/client.ts';
import { financialYearOf, formatNumber, INVOICE_SERIES } from './invoice-numbers.ts';
import { createInvoicesRepository } from './invoices.repository.ts';

/** How many invoices one numbering transaction takes at most. */
export const NUMBERING_BATCH = 200;

/**
 * Which waiting invoices to number: those written before a moment — a function, read once the numbering
 * lock is held, so that payments the round waited for are counted in — or those up to an invoice.
 */
export type NumberingBound = { before: () => Date } | { upTo: { issuedAt: Date; id: number } };

/**
 * Gives invoices waiting for their number the next gapless numbers of their year, in payment order (the
 * moment each was written, then its id). Runs in the caller's transaction under the numbering lock, so
 * numberers take turns and a rollback gives the numbers back. A batch takes each year's numbers at once
 * and writes them in one statement: the lock, which payments wait for, is held for four statements
 * whatever the batch's size. Answers how many it numbered.
 */
export async function numberInvoices(tx: Executor, bound: NumberingBound): Promise<number> {
  const repo = createInvoicesRepository(tx);
  await repo.lockNumbering();
  const waiting = await repo.unnumbered(
    NUMBERING_BATCH,
    'before' in bound ? { before: bound.before() } : bound,
  );
  // In payment order, so a year's invoices (and the years) come in the order they take their numbers.
  for (const [year, ofYear] of Map.groupBy(waiting, (invoice) => financialYearOf(invoice.issuedAt))) {
    const first = (await repo.takeNumbers(INVOICE_SERIES, year, ofYear.length)) - ofYear.length + 1;
    await repo.setNumbers(
      ofYear.map((invoice, index) => {
        const sequence = first + index;
        return { id: invoice.id, number: formatNumber(INVOICE_SERIES, year, sequence), year, sequence };
      }),
    );
  }
  return waiting.length;
}

/**
 * Numbers an order's invoice now if it still waits, with every invoice paid before it first: a credit
 * note needs the number of the invoice it cancels.
 */
export async function numberInvoiceOfOrder(tx: Executor, orderId: number): Promise<void> {
  const invoice = await createInvoicesRepository(tx).hasInvoice(orderId);
  if (!invoice || invoice.number !== null) return;
  while ((await numberInvoices(tx, { upTo: invoice })) === NUMBERING_BATCH);
}
