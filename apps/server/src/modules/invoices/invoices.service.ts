import { findCountry, HOME_COUNTRY_ID } from '@keyland/core/countries';
import type { CompanyConfig } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import type { InvoiceLine } from '../../db/schema/documents.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { MailOutbox } from '../mail/index.ts';
import { type OrderLineRow, ordersIn } from '../orders/index.ts';
import { issueCreditNote } from './credit-notes.ts';
import { renderInvoicePdf } from './invoice.pdf.ts';
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

/** Documents of several orders, one at most per order and kind (one query). */
export const invoicesOfOrders = (db: Executor, orderIds: number[], kind: 'invoice' | 'credit_note') =>
  createInvoicesRepository(db).ofOrders(orderIds, kind);

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
     * Issues the invoice of a just-paid order inside its fulfilment transaction: the next gapless number
     * of the year, the seller's data, the customer, lines and totals snapshotted. The PDF goes with the
     * next mail queued in the same transaction (the order e-mail). Once per order.
     */
    /** Issues the invoice of a paid order once; `knownLines` spares reading lines the caller holds. */
    async issueForOrder(tx: Executor, orderId: number, knownLines?: OrderLineRow[]): Promise<InvoiceRow> {
      const repo = createInvoicesRepository(tx);
      const existing = await repo.ofOrder(orderId, 'invoice');
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
      const at = now();
      const year = financialYearOf(at);
      const sequence = await repo.nextNumber(INVOICE_SERIES, year);
      // No country on the order: the home country's VAT was charged (see vatRateFor), so it is the place.
      const country = findCountry(order.countryId ?? HOME_COUNTRY_ID) ?? findCountry(HOME_COUNTRY_ID);
      const invoice = await repo.insert({
        kind: 'invoice',
        number: formatNumber(INVOICE_SERIES, year, sequence),
        year,
        sequence,
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
