import { findCountry, HOME_COUNTRY_ID } from '@keyland/core/countries';
import type { CompanyConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { InvoiceLine } from '../../db/schema/documents.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { MailOutbox } from '../mail/index.ts';
import { type OrderLineRow, ordersIn } from '../orders/index.ts';
import { issueCreditNote } from './credit-notes.ts';
import { renderInvoicePdf } from './invoice.pdf.ts';
import { NUMBERING_BATCH, numberInvoices } from './invoice-numbering.ts';
import {
  CREDIT_NOTE_SERIES,
  financialYearOf,
  formatNumber,
  INVOICE_SERIES,
  RETENTION_YEARS,
  vatTotalsOf,
} from './invoice-numbers.ts';
import { createInvoicesRepository, type InvoiceRow } from './invoices.repository.ts';

export { issueCreditNote, issuePartialCreditNote } from './credit-notes.ts';
export { CREDIT_NOTE_SERIES, financialYearOf, formatNumber, INVOICE_SERIES, RETENTION_YEARS, vatTotalsOf };

/** The id of an order's invoice, numbered or still waiting for its number (to attach it to a mail). */
export const invoiceIdOfOrder = async (db: Executor, orderId: number) =>
  (await createInvoicesRepository(db).hasInvoice(orderId))?.id;

/**
 * The invoices of several orders for their history (one query): by order, the numbered invoice's id, or
 * null while it waits for its number; orders without an invoice are absent.
 */
export const invoiceStatesOfOrders = (db: Executor, orderIds: number[]) =>
  createInvoicesRepository(db).statesOfOrders(orderIds);

/** An order's invoice or credit note. */
export const invoiceOfOrder = (db: Executor, orderId: number, kind: 'invoice' | 'credit_note') =>
  createInvoicesRepository(db).ofOrder(orderId, kind);

/** A customer's documents in the order they were issued. */
export const invoicesOfCustomer = (db: Executor, customerId: number) =>
  createInvoicesRepository(db).ofCustomer(customerId);

/** Documents issued in [from, to). */
export const invoicesIssuedBetween = (db: Executor, from: Date, to: Date) =>
  createInvoicesRepository(db).issuedBetween(from, to);

export interface InvoicesDeps {
  db: Database;
  company: CompanyConfig;
  mailOutbox: MailOutbox;
  now?: () => Date;
}

export function createInvoicesService(deps: InvoicesDeps) {
  const { db, company } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createInvoicesRepository(db);

  return {
    /**
     * Called in a transaction that will write an invoice, before it takes the payment's moment: until it
     * commits, the numbering job waits, and a round that began first finishes before the moment is taken.
     * So an invoice is never numbered while one dated earlier is still to commit, however long the
     * transaction takes (the settling margin alone could not promise that under load).
     */
    async beforePaymentMoment(tx: Executor): Promise<void> {
      await createInvoicesRepository(tx).shareNumberingLock();
    },

    /**
     * Writes the invoice of a just-paid order inside its fulfilment transaction: the seller's data, the
     * customer, lines and totals snapshotted, dated `at` (the payment's moment, or a held order's approval). Its gapless number comes a
     * moment later from the numbering job, in payment order (decision 033), so no payment waits for
     * another's; the PDF goes with the next mail queued in the same transaction (the order e-mail), which
     * waits for the number. Once per order.
     */
    async issueForOrder(tx: Executor, orderId: number, at: Date, knownLines?: OrderLineRow[]) {
      const repo = createInvoicesRepository(tx);
      const existing = await repo.hasInvoice(orderId);
      if (existing) return existing;
      const order = await repo.order(orderId);
      if (!order) throw notFound('Unknown order');
      const rate = order.vatBasisPoints ?? 0;
      const orderLines = knownLines ?? (await ordersIn(tx).lines(orderId));
      const lines: InvoiceLine[] = orderLines.map((line) => ({
        title: line.title,
        platform: line.platform,
        quantity: line.quantity,
        unitPriceCents: line.unitPriceCents,
        ...(line.listPriceCents !== null && line.listPriceCents > line.unitPriceCents
          ? { regularUnitPriceCents: line.listPriceCents }
          : {}),
        ...(line.couponDiscountCents > 0 ? { couponDiscountCents: line.couponDiscountCents } : {}),
        netCents: line.netCents,
        vatBasisPoints: rate,
        vatCents: line.taxCents,
        totalCents: line.totalCents,
      }));
      const year = financialYearOf(at);
      // No country on the order: the home country's VAT was charged (see vatRateFor), so it is the place.
      const country = findCountry(order.countryId ?? HOME_COUNTRY_ID) ?? findCountry(HOME_COUNTRY_ID);
      const invoice = await repo.insert({
        kind: 'invoice',
        orderId,
        customerId: order.customerId,
        issuedAt: at,
        sellerName: company.name,
        sellerRegistryCode: company.registryCode,
        sellerVatNumber: company.vatNumber,
        sellerAddress: company.address,
        customerName: order.customerName,
        customerEmail: order.customerEmail,
        customerCountry: country?.code ?? '',
        lang: order.lang,
        paymentProvider: order.paymentProvider,
        paymentReference: order.paymentSessionId,
        lines,
        vatTotals: vatTotalsOf(lines),
        netCents: order.amountUntaxedCents,
        vatCents: order.amountTaxCents,
        totalCents: order.amountTotalCents,
        retainUntil: `${year + RETENTION_YEARS}-12-31`,
      });
      deps.mailOutbox.attachToNextMail(tx, invoice.id);
      return invoice;
    },

    /**
     * One round of the numbering job: numbers the invoices written more than `settleMs` ago, oldest
     * payment first, in batches; answers how many. The margin lets a payment written a moment earlier
     * but committed a moment later take its place in the series.
     */
    async numberWaiting(settleMs: number): Promise<number> {
      let total = 0;
      for (;;) {
        const before = () => new Date(now().getTime() - settleMs);
        const count = await db.transaction((tx) => numberInvoices(tx, { before }));
        total += count;
        if (count < NUMBERING_BATCH) return total;
      }
    },

    issueCreditNote: (tx: Executor, orderId: number) => issueCreditNote(tx, orderId, now()),

    async find(id: number): Promise<InvoiceRow | undefined> {
      return repository.find(id);
    },

    /** An invoice or credit note as PDF, for its customer only (anyone else: not found). */
    async pdfForCustomer(customerId: number, id: number): Promise<{ filename: string; pdf: Buffer }> {
      const invoice = await repository.find(id);
      if (!invoice || invoice.customerId !== customerId) throw notFound('Unknown invoice');
      return { filename: `${invoice.number}.pdf`, pdf: await renderInvoicePdf(invoice) };
    },

    /** The PDF attachment of an outbox mail. */
    async attachment(id: number): Promise<{ filename: string; content: Buffer; contentType: string }> {
      const invoice = await repository.find(id);
      if (!invoice) throw new AppError('NOT_FOUND', 'Unknown invoice');
      return {
        filename: `${invoice.number}.pdf`,
        content: await renderInvoicePdf(invoice),
        contentType: 'application/pdf',
      };
    },

    async ofCustomer(customerId: number): Promise<InvoiceRow[]> {
      return repository.ofCustomer(customerId);
    },
  };
}

export type InvoicesService = ReturnType<typeof createInvoicesService>;
