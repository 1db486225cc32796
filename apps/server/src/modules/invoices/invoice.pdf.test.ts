import { describe, expect, it } from 'vitest';
import { pdfText, spaced } from '../../../test/invoices/pdf-text.ts';
import { renderInvoicePdf } from './invoice.pdf.ts';
import type { InvoiceRow } from './invoices.repository.ts';

function invoice(overrides: Partial<InvoiceRow>): InvoiceRow {
  const line = {
    title: 'Hollow Knight',
    platform: 'Steam',
    quantity: 2,
    unitPriceCents: 1499,
    netCents: 2418,
    vatBasisPoints: 2400,
    vatCents: 580,
    totalCents: 2998,
  };
  return {
    id: 1,
    kind: 'invoice',
    number: 'KL-2026-000001',
    year: 2026,
    sequence: 1,
    orderId: 7,
    customerId: 3,
    creditedInvoiceId: null,
    creditedInvoiceNumber: null,
    issuedAt: new Date('2026-11-24T10:00:00Z'),
    sellerName: 'Keyland OÜ',
    sellerRegistryCode: '12345678',
    sellerVatNumber: 'EE123456789',
    sellerAddress: 'Tallinn',
    customerName: 'Mari Maasikas',
    customerEmail: 'mari@example.com',
    customerCountry: 'EE',
    lang: 'en',
    currency: 'EUR',
    paymentProvider: 'stripe',
    paymentReference: 'cs_test_1',
    lines: [line],
    vatTotals: [{ vatBasisPoints: 2400, netCents: 2418, vatCents: 580, totalCents: 2998 }],
    netCents: 2418,
    vatCents: 580,
    totalCents: 2998,
    retainUntil: '2033-12-31',
    ...overrides,
  } as InvoiceRow;
}

describe('renderInvoicePdf', () => {
  // The parsed fonts are shared by every document: each must still embed the glyphs its own text needs.
  it('renders documents one after another, each with its own letters, the same row to the same bytes', async () => {
    const greek = invoice({ number: 'KL-2026-000002', lang: 'el', customerName: 'Γιώργος Παπαδόπουλος' });
    const latin = invoice({ number: 'KL-2026-000003', customerName: 'Žofia Šťastná' });
    const [first, second, again] = await Promise.all([
      renderInvoicePdf(greek),
      renderInvoicePdf(latin),
      renderInvoicePdf(greek),
    ]);
    expect(spaced(await pdfText(first))).toContain(spaced('Γιώργος Παπαδόπουλος'));
    const latinText = spaced(await pdfText(second));
    expect(latinText).toContain(spaced('Žofia Šťastná'));
    expect(latinText).not.toContain(spaced('Γιώργος'));
    expect(Buffer.compare(first, again)).toBe(0);
  });

  it('shows a line’s sale discount against its regular price and its coupon discount', async () => {
    const line = {
      title: 'Hollow Knight',
      platform: 'Steam',
      quantity: 2,
      unitPriceCents: 1000,
      regularUnitPriceCents: 1500,
      couponDiscountCents: 250,
      netCents: 1411,
      vatBasisPoints: 2400,
      vatCents: 339,
      totalCents: 1750,
    };
    const text = spaced(await pdfText(await renderInvoicePdf(invoice({ lines: [line] }))));
    expect(text).toContain(spaced('Sale: regular price €15.00 each, discount €10.00'));
    expect(text).toContain(spaced('Coupon: discount €2.50'));
    const plain = spaced(await pdfText(await renderInvoicePdf(invoice({}))));
    expect(plain).not.toContain('Sale:');
    expect(plain).not.toContain('Coupon:');
  });
});
