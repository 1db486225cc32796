import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { toLocale } from '@keyland/core/locales';
import { formatEuros } from '@keyland/core/money';
import { basisPointsToPercent } from '@keyland/core/vat';
import { create as openFont } from 'fontkit';
import PDFDocument from 'pdfkit';
import { translate } from '../../lib/i18n.ts';
import type { InvoiceRow } from './invoices.repository.ts';

const require = createRequire(import.meta.url);
/** DejaVu covers the Latin, Greek and Cyrillic letters of every EU language (the PDF base fonts do not). */
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/**
 * The fonts are parsed once per process and shared by every document: parsing a TrueType file's tables
 * cost more than the rest of an invoice together (each document still embeds its own subset).
 */
let fonts: { body: PDFKit.Mixins.PDFFontSource; bold: PDFKit.Mixins.PDFFontSource } | undefined;
function parsedFonts() {
  fonts ??= {
    // pdfkit takes a parsed fontkit font in place of the file (PDFFontFactory.open: `src.layout`).
    body: openFont(readFileSync(FONT)) as unknown as PDFKit.Mixins.PDFFontSource,
    bold: openFont(readFileSync(FONT_BOLD)) as unknown as PDFKit.Mixins.PDFFontSource,
  };
  return fonts;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string): Intl.DateTimeFormat {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Tallinn' });
    dateFormats.set(locale, format);
  }
  return format;
}

/**
 * Renders an invoice or credit note from its snapshot, in the language it was issued in. The same row
 * always gives the same content (the creation date in the PDF's metadata is the issue date).
 */
export function renderInvoicePdf(invoice: InvoiceRow): Promise<Buffer> {
  const locale = toLocale(invoice.lang);
  const t = (key: string, values: Record<string, string | number> = {}) =>
    translate(locale, `invoice.${key}`, values);
  const euros = (cents: number) => formatEuros(cents, locale);
  const percent = (bp: number) => `${basisPointsToPercent(bp).toLocaleString(locale)} %`;
  const title = invoice.kind === 'credit_note' ? t('creditNoteTitle') : t('title');

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${title} ${invoice.number}`, Author: invoice.sellerName, CreationDate: invoice.issuedAt },
    // The body font from the start: pdfkit's default (Helvetica) would be parsed from its metrics file for
    // every document and never used.
    font: parsedFonts().body as unknown as string,
  });
  doc.registerFont('body', parsedFonts().body);
  doc.registerFont('bold', parsedFonts().bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 50;
  const width = doc.page.width - 100;
  doc.font('bold').fontSize(20).text(`${title} ${invoice.number}`, left, 50);
  doc.moveDown(0.3);
  doc.font('body').fontSize(10);
  doc.text(`${t('date')}: ${dateFormat(locale).format(invoice.issuedAt)}`);
  if (invoice.creditedInvoiceNumber) doc.text(t('credits', { number: invoice.creditedInvoiceNumber }));
  doc.text(`${t('order')}: ${invoice.orderId}`);
  doc.moveDown();

  const top = doc.y;
  doc.font('bold').text(t('seller'), left, top, { width: width / 2 - 10 });
  doc.font('body');
  doc.text(invoice.sellerName, { width: width / 2 - 10 });
  doc.text(invoice.sellerAddress, { width: width / 2 - 10 });
  doc.text(`${t('registryCode')}: ${invoice.sellerRegistryCode}`, { width: width / 2 - 10 });
  doc.text(`${t('vatNumber')}: ${invoice.sellerVatNumber}`, { width: width / 2 - 10 });
  const sellerBottom = doc.y;
  const right = left + width / 2 + 10;
  doc.font('bold').text(t('customer'), right, top, { width: width / 2 - 10 });
  doc.font('body');
  doc.text(invoice.customerName, right, doc.y, { width: width / 2 - 10 });
  doc.text(invoice.customerEmail, right, doc.y, { width: width / 2 - 10 });
  doc.text(`${t('country')}: ${invoice.customerCountry}`, right, doc.y, { width: width / 2 - 10 });
  doc.y = Math.max(sellerBottom, doc.y) + 20;

  const cols = [
    { key: 'item', x: left, w: 190, align: 'left' as const },
    { key: 'quantity', x: left + 190, w: 40, align: 'right' as const },
    { key: 'net', x: left + 230, w: 75, align: 'right' as const },
    { key: 'vatRate', x: left + 305, w: 55, align: 'right' as const },
    { key: 'vat', x: left + 360, w: 65, align: 'right' as const },
    { key: 'total', x: left + 425, w: 70, align: 'right' as const },
  ];
  const row = (values: string[], font: 'body' | 'bold') => {
    const y = doc.y;
    doc.font(font);
    let bottom = y;
    values.forEach((value, i) => {
      const col = cols[i];
      if (!col) return;
      doc.text(value, col.x, y, { width: col.w, align: col.align });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
  };
  row(
    cols.map((c) => t(c.key)),
    'bold',
  );
  for (const line of invoice.lines) {
    row(
      [
        [
          `${line.title} (${line.platform}), ${line.quantity} × ${euros(line.unitPriceCents)}`,
          ...(line.regularUnitPriceCents === undefined
            ? []
            : [
                t('saleDiscount', {
                  regular: euros(line.regularUnitPriceCents),
                  discount: euros((line.regularUnitPriceCents - line.unitPriceCents) * line.quantity),
                }),
              ]),
          ...(line.couponDiscountCents === undefined
            ? []
            : [t('couponDiscount', { discount: euros(line.couponDiscountCents) })]),
        ].join('\n'),
        String(line.quantity),
        euros(line.netCents),
        percent(line.vatBasisPoints),
        euros(line.vatCents),
        euros(line.totalCents),
      ],
      'body',
    );
  }
  doc.moveDown();
  doc.font('bold').text(t('vatTotals'), left, doc.y);
  for (const total of invoice.vatTotals) {
    row(
      [
        t('vatAtRate', { rate: percent(total.vatBasisPoints) }),
        '',
        euros(total.netCents),
        percent(total.vatBasisPoints),
        euros(total.vatCents),
        euros(total.totalCents),
      ],
      'body',
    );
  }
  doc.moveDown();
  row([t('totalNet'), '', '', '', '', euros(invoice.netCents)], 'body');
  row([t('totalVat'), '', '', '', '', euros(invoice.vatCents)], 'body');
  row([t('grandTotal'), '', '', '', '', euros(invoice.totalCents)], 'bold');
  doc.moveDown();
  doc
    .font('body')
    .text(
      `${t('payment')}: ${invoice.paymentProvider ?? ''} ${invoice.paymentReference ?? ''}`.trim(),
      left,
      doc.y,
      { width },
    );
  doc.text(t('placeOfSupply', { country: invoice.customerCountry }), { width });
  doc.end();
  return done;
}
