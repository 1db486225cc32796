/** The invoices module's public face: what other modules may use. Everything else in the folder is private. */
export { renderInvoicePdf } from './invoice.pdf.ts';
export type { InvoiceRow } from './invoices.repository.ts';
export {
  financialYearOf,
  type InvoicesService,
  invoiceIdOfOrder,
  invoiceOfOrder,
  invoiceStatesOfOrders,
  invoicesIssuedBetween,
  invoicesOfCustomer,
  issueCreditNote,
  issuePartialCreditNote,
  RETENTION_YEARS,
} from './invoices.service.ts';
