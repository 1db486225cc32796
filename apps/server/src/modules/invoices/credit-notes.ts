import type { Executor } from '../../db/client.ts';
import type { InvoiceLine } from '../../db/schema/documents.ts';
import { numberInvoiceOfOrder } from './invoice-numbering.ts';
import {
  CREDIT_NOTE_SERIES,
  financialYearOf,
  formatNumber,
  RETENTION_YEARS,
  vatTotalsOf,
} from './invoice-numbers.ts';
import { createInvoicesRepository, type InvoiceRow } from './invoices.repository.ts';

const lineKey = (line: InvoiceLine) => `${line.title}\u0000${line.platform}\u0000${line.vatBasisPoints}`;

async function insertCreditNote(
  tx: Executor,
  invoice: InvoiceRow,
  lines: InvoiceLine[],
  reference: string | null,
  at: Date,
): Promise<InvoiceRow> {
  const repo = createInvoicesRepository(tx);
  const year = financialYearOf(at);
  const sequence = await repo.nextNumber(CREDIT_NOTE_SERIES, year);
  const number = formatNumber(CREDIT_NOTE_SERIES, year, sequence);
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const note = await repo.insert({
    ...invoice,
    id: undefined,
    kind: 'credit_note',
    creditReference: reference,
    number,
    year,
    sequence,
    creditedInvoiceId: invoice.id,
    creditedInvoiceNumber: invoice.number,
    issuedAt: at,
    lines,
    vatTotals: vatTotalsOf(lines),
    netCents: sum((line) => line.netCents),
    vatCents: sum((line) => line.vatCents),
    totalCents: sum((line) => line.totalCents),
    retainUntil: `${year + RETENTION_YEARS}-12-31`,
  });
  return { ...note, number, year, sequence };
}

/**
 * Issues the credit note that cancels an order's invoice (its lines with negative amounts, its own gapless
 * number), once: a second call answers the existing one. What credit notes of parts of the order (refunded
 * key claims) already credited is left out, so nothing is credited twice. Undefined when the order has no
 * invoice (paid before invoices were issued) or nothing is left to credit. Pass the cancellation's
 * transaction.
 */
export async function issueCreditNote(
  tx: Executor,
  orderId: number,
  at: Date,
): Promise<InvoiceRow | undefined> {
  const repo = createInvoicesRepository(tx);
  const existing = await repo.ofOrder(orderId, 'credit_note');
  if (existing) return existing;
  await numberInvoiceOfOrder(tx, orderId);
  const invoice = await repo.ofOrder(orderId, 'invoice');
  if (!invoice) return undefined;
  const credited = new Map<string, InvoiceLine>();
  for (const note of await repo.partialCreditNotes(orderId))
    for (const line of note.lines) {
      const seen = credited.get(lineKey(line));
      credited.set(
        lineKey(line),
        seen
          ? {
              ...seen,
              quantity: seen.quantity + line.quantity,
              netCents: seen.netCents + line.netCents,
              vatCents: seen.vatCents + line.vatCents,
              totalCents: seen.totalCents + line.totalCents,
            }
          : line,
      );
    }
  const lines = invoice.lines
    .map((line) => {
      const part = credited.get(lineKey(line));
      return {
        ...line,
        quantity: line.quantity - (part?.quantity ?? 0),
        // Credited parts carry negative amounts already.
        netCents: -(line.netCents + (part?.netCents ?? 0)),
        vatCents: -(line.vatCents + (part?.vatCents ?? 0)),
        totalCents: -(line.totalCents + (part?.totalCents ?? 0)),
      };
    })
    .filter((line) => line.quantity > 0 && line.totalCents !== 0);
  if (lines.length === 0) return undefined;
  return insertCreditNote(tx, invoice, lines, null, at);
}

/**
 * Issues a credit note for one key of an order line (a refunded key claim), once per reference: a second
 * call answers the existing one. The key's share of the line: the line's amounts divided by its quantity,
 * the last key of the line taking what rounding left. Undefined when the order has no invoice.
 */
export async function issuePartialCreditNote(
  tx: Executor,
  orderId: number,
  part: { reference: string; title: string; platform: string; totalCents: number },
  at: Date,
): Promise<InvoiceRow | undefined> {
  const repo = createInvoicesRepository(tx);
  const existing = (await repo.partialCreditNotes(orderId)).find((n) => n.creditReference === part.reference);
  if (existing) return existing;
  await numberInvoiceOfOrder(tx, orderId);
  const invoice = await repo.ofOrder(orderId, 'invoice');
  const line = invoice?.lines.find((l) => l.title === part.title && l.platform === part.platform);
  if (!invoice || !line) return undefined;
  const netCents = Math.round((part.totalCents * line.netCents) / line.totalCents);
  return insertCreditNote(
    tx,
    invoice,
    [
      {
        ...line,
        quantity: 1,
        unitPriceCents: part.totalCents,
        netCents: -netCents,
        vatCents: -(part.totalCents - netCents),
        totalCents: -part.totalCents,
      },
    ],
    part.reference,
    at,
  );
}
