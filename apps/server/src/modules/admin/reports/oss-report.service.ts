import { tallinnMonthStart } from '@keyland/core/dates';
import type { Database } from '../../../db/client.ts';
import { invoicesIssuedBetween } from '../../invoices/index.ts';

/** The store's own member state: its sales are declared in the Estonian return, not through OSS. */
export const HOME_MEMBER_STATE = 'EE';

export interface OssRow {
  memberState: string;
  vatBasisPoints: number;
  taxableCents: number;
  vatCents: number;
  documents: number;
}

/** Midnight in Estonia on the first day of a month (invoices are dated in Estonian time). */
export const estonianMonthStart = tallinnMonthStart;

const euros = (cents: number) => {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

const percent = (basisPoints: number) => {
  const whole = Math.floor(basisPoints / 100);
  const rest = basisPoints % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
};

/**
 * The OSS VAT report of a calendar quarter: taxable amount and VAT per member state of consumption and
 * VAT rate, summed from the invoices and credit notes issued in the quarter (credit notes subtract), so
 * it matches the documents to the cent.
 */
export function createOssReportService(db: Database) {
  return {
    async rows(year: number, quarter: number): Promise<OssRow[]> {
      const from = estonianMonthStart(year, (quarter - 1) * 3);
      const to = quarter === 4 ? estonianMonthStart(year + 1, 0) : estonianMonthStart(year, quarter * 3);
      const documents = await invoicesIssuedBetween(db, from, to);
      const byKey = new Map<string, OssRow>();
      for (const document of documents) {
        for (const total of document.vatTotals) {
          const key = `${document.customerCountry}\u0000${total.vatBasisPoints}`;
          const row = byKey.get(key) ?? {
            memberState: document.customerCountry,
            vatBasisPoints: total.vatBasisPoints,
            taxableCents: 0,
            vatCents: 0,
            documents: 0,
          };
          row.taxableCents += total.netCents;
          row.vatCents += total.vatCents;
          row.documents += 1;
          byKey.set(key, row);
        }
      }
      return [...byKey.values()].sort(
        (a, b) => a.memberState.localeCompare(b.memberState) || a.vatBasisPoints - b.vatBasisPoints,
      );
    },

    async csv(year: number, quarter: number): Promise<string> {
      const rows = await this.rows(year, quarter);
      const lines = [
        'member_state,vat_rate_percent,taxable_amount_eur,vat_amount_eur,documents,scheme',
        ...rows.map((r) =>
          [
            r.memberState,
            percent(r.vatBasisPoints),
            euros(r.taxableCents),
            euros(r.vatCents),
            r.documents,
            r.memberState === HOME_MEMBER_STATE ? 'domestic' : 'oss',
          ].join(','),
        ),
      ];
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}

export type OssReportService = ReturnType<typeof createOssReportService>;
