import type { InvoiceLine, InvoiceVatTotal } from '../../db/schema/documents.ts';

/** Document numbers, years and VAT totals: what invoices and credit notes share. */

export const INVOICE_SERIES = 'KL';
export const CREDIT_NOTE_SERIES = 'KLC';
/** Estonian Accounting Act § 12: source documents are kept 7 years from the end of their financial year. */
export const RETENTION_YEARS = 7;

const yearFormat = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Tallinn', year: 'numeric' });

/** The calendar (financial) year of a moment, in Estonian time. */
export function financialYearOf(at: Date): number {
  return Number(yearFormat.format(at));
}

export const formatNumber = (series: string, year: number, sequence: number) =>
  `${series}-${year}-${String(sequence).padStart(6, '0')}`;

/** Sums lines per VAT rate. */
export function vatTotalsOf(lines: InvoiceLine[]): InvoiceVatTotal[] {
  const byRate = new Map<number, InvoiceVatTotal>();
  for (const line of lines) {
    const total = byRate.get(line.vatBasisPoints) ?? {
      vatBasisPoints: line.vatBasisPoints,
      netCents: 0,
      vatCents: 0,
      totalCents: 0,
    };
    total.netCents += line.netCents;
    total.vatCents += line.vatCents;
    total.totalCents += line.totalCents;
    byRate.set(line.vatBasisPoints, total);
  }
  return [...byRate.values()].sort((a, b) => a.vatBasisPoints - b.vatBasisPoints);
}
