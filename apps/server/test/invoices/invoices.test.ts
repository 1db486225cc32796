import { formatEuros } from '@keyland/core/money';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, call, loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import { CONSENT } from '../helpers/checkout.ts';
import { createClient } from '../helpers/http.ts';
import { invoicesNumbered } from '../helpers/invoice-numbering.ts';
import type { SmtpInbox } from '../helpers/smtp-inbox.ts';
import {
  buildStoreWithInbox,
  buildTestApp,
  LOCAL_WEBHOOK_SECRET,
  type TestContext,
} from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { pdfText, spaced } from './pdf-text.ts';

describe(`invoices and credit notes (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    ({ ctx, inbox } = await buildStoreWithInbox({
      COMPANY_NAME: 'Keyland Test OÜ',
      COMPANY_REGISTRY_CODE: '16000001',
      COMPANY_VAT_NUMBER: 'EE102000001',
      COMPANY_ADDRESS: 'Narva mnt 5, 10117 Tallinn, Estonia',
    }));
  });

  afterAll(async () => ctx?.close());

  const invoiceOf = async (orderId: number, kind = 'invoice') =>
    (
      await queryRows<{
        id: number;
        number: string;
        net_cents: number;
        vat_cents: number;
        total_cents: number;
        credited_invoice_id: number | null;
        credited_invoice_number: string | null;
        customer_email: string;
      }>(
        ctx.dbHandle,
        sql`select id, number, net_cents, vat_cents, total_cents, credited_invoice_id, credited_invoice_number, customer_email from invoices where order_id = ${orderId} and kind = ${kind}`,
      )
    )[0];

  it('issues a numbered invoice with the seller, customer, lines and VAT totals, mails it as PDF, and lets only the owner download it', async () => {
    const a = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Harbor Lights', priceCents: 1999 });
    const b = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Moss Garden', priceCents: 500 });
    const shopper = await loginCustomer(ctx, { countryId: 57, fullName: 'Greta Example', lang: 'en' });
    const { orderId } = await buy(ctx, shopper.client, [
      { productId: a.game.productId, quantity: 2 },
      { productId: b.game.productId, quantity: 1 },
    ]);
    const invoice = await invoiceOf(orderId);
    expect(invoice?.number).toMatch(/^KL-20\d\d-\d{6}$/);
    // Germany: 19 % VAT included in 2 × 19.99 + 5.00 = 44.98.
    expect(invoice).toMatchObject({ total_cents: 4498, customer_email: shopper.customer.email });
    expect((invoice?.net_cents ?? 0) + (invoice?.vat_cents ?? 0)).toBe(4498);
    const [order] = await queryRows<{ amount_tax_cents: number; payment_session_id: string }>(
      ctx.dbHandle,
      sql`select amount_tax_cents, payment_session_id from orders where id = ${orderId}`,
    );
    expect(invoice?.vat_cents).toBe(order?.amount_tax_cents);

    const download = await shopper.client.get(`/api/invoices/${invoice?.id}/pdf`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`${invoice?.number}.pdf`);
    const text = await pdfText(download.rawPayload);
    const euros = (cents: number) => spaced(formatEuros(cents, 'en'));
    for (const expected of [
      `Invoice ${invoice?.number}`,
      'Keyland Test OÜ',
      'Registry code: 16000001',
      'VAT number: EE102000001',
      'Narva mnt 5, 10117 Tallinn, Estonia',
      'Greta Example',
      shopper.customer.email,
      'Country: DE',
      'Harbor Lights',
      'Moss Garden',
      '19 %',
      euros(3998),
      euros(500),
      euros(invoice?.net_cents ?? 0),
      euros(invoice?.vat_cents ?? 0),
      euros(4498),
      order?.payment_session_id ?? '',
    ])
      expect(text).toContain(expected);

    const other = await loginCustomer(ctx);
    expect((await other.client.get(`/api/invoices/${invoice?.id}/pdf`)).statusCode).toBe(404);
    expect((await shopper.client.get('/api/invoices/999999/pdf')).statusCode).toBe(404);
    expect((await createClient(ctx.app).get(`/api/invoices/${invoice?.id}/pdf`)).statusCode).toBe(401);

    // The order e-mail carries the PDF and restates the consent with the time it was recorded.
    const mail = await inbox.waitFor((m) => m.to.includes(shopper.customer.email));
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=.?KL-20\d\d-\d{6}\.pdf/);
    expect(mail.decoded).toContain(CONSENT.text);
    const [consent] = await queryRows<{ recorded_at: string | Date }>(
      ctx.dbHandle,
      sql`select recorded_at from order_consents where order_id = ${orderId}`,
    );
    const recordedAt = new Date(consent?.recorded_at ?? 0).toISOString();
    expect(mail.decoded).toContain(recordedAt);

    // The admin order view shows the same consent record.
    const admin = await loginAdmin(ctx);
    const detail = await call(ctx.app, admin.client, 'GET', `/api/admin/orders/${orderId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      consent: { text: CONSENT.text, clientTimestamp: CONSENT.timestamp, recordedAt },
    });
  });

  it('prints the invoice in the customer’s language, Greek letters included', async () => {
    const game = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Ωκεανός', priceCents: 1000 });
    const shopper = await loginCustomer(ctx, { countryId: 88, fullName: 'Νίκος Παπαδόπουλος', lang: 'el' });
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.game.productId, quantity: 1 }]);
    const invoice = await invoiceOf(orderId);
    const text = await pdfText((await shopper.client.get(`/api/invoices/${invoice?.id}/pdf`)).rawPayload);
    expect(text).toContain(`Τιμολόγιο ${invoice?.number}`);
    expect(text).toContain('Νίκος Παπαδόπουλος');
    expect(text).toContain('Ωκεανός');
    expect(text).toContain('24 %');
  });

  it('never changes an invoice: the database refuses updates and deletes', async () => {
    const game = await insertGame(ctx.dbHandle.db, ctx.keyVault);
    const shopper = await loginCustomer(ctx);
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.game.productId, quantity: 1 }]);
    const invoice = await invoiceOf(orderId);
    await expect(
      queryRows(ctx.dbHandle, sql`update invoices set total_cents = 1 where id = ${invoice?.id}`),
    ).rejects.toThrow();
    await expect(
      queryRows(ctx.dbHandle, sql`delete from invoices where id = ${invoice?.id}`),
    ).rejects.toThrow();
    expect((await invoiceOf(orderId))?.total_cents).toBe(invoice?.total_cents);
  });

  it('numbers invoices one after another without gaps', async () => {
    const game = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 3 });
    const shopper = await loginCustomer(ctx);
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { orderId } = await buy(ctx, shopper.client, [{ productId: game.game.productId, quantity: 1 }]);
      numbers.push(Number((await invoiceOf(orderId))?.number.slice(-6)));
    }
    expect(numbers[1]).toBe((numbers[0] ?? 0) + 1);
    expect(numbers[2]).toBe((numbers[0] ?? 0) + 2);
  });

  it('an admin cancellation issues a credit note that references the invoice', async () => {
    const game = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Fraud Bait', priceCents: 2500 });
    const shopper = await loginCustomer(ctx, { countryId: 75 });
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.game.productId, quantity: 1 }]);
    const invoice = await invoiceOf(orderId);
    const admin = await loginAdmin(ctx);
    const cancelled = await call(ctx.app, admin.client, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      reason: 'Stolen card reported by the bank',
    });
    expect(cancelled.statusCode).toBe(200);
    const note = await invoiceOf(orderId, 'credit_note');
    expect(note?.number).toMatch(/^KLC-20\d\d-\d{6}$/);
    expect(note).toMatchObject({
      credited_invoice_id: invoice?.id,
      credited_invoice_number: invoice?.number,
      total_cents: -2500,
      net_cents: -(invoice?.net_cents ?? 0),
      vat_cents: -(invoice?.vat_cents ?? 0),
    });
    const pdf = await shopper.client.get(`/api/invoices/${note?.id}/pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Credit note ${note?.number}`);
    expect(text).toContain(`Cancels invoice ${invoice?.number}`);
    expect(text).toContain(spaced(formatEuros(-2500, 'en')));
  });
});

/**
 * 20 payments at once on real PostgreSQL (PGlite would only queue them): every paid order has an invoice,
 * and the numbers of the year form one unbroken run.
 */
describe.skipIf(testDbKind !== 'postgres')('invoice numbers under 20 concurrent payments (postgres)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: LOCAL_WEBHOOK_SECRET });
  });
  afterAll(async () => ctx?.close());

  it('gives 20 concurrent payments 20 consecutive numbers', async () => {
    const { payOnHostedPage, startCheckout } = await import('../helpers/checkout.ts');
    const game = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 20 });
    const sessions: string[] = [];
    for (let i = 0; i < 20; i++) {
      const shopper = await loginCustomer(ctx);
      const added = await shopper.client.post('/api/kl_api/add_or_update_order_line', {
        cws_product_id: game.game.productId,
      });
      expect(added.statusCode).toBe(200);
      const started = await startCheckout(shopper.client);
      expect(started.status).toBe(200);
      sessions.push(started.sessionId ?? '');
    }
    const before = await queryRows<{ n: number }>(
      ctx.dbHandle,
      sql`select coalesce(max(sequence), 0)::int as n from invoices where kind = 'invoice' and year = extract(year from now() at time zone 'Europe/Tallinn')::int`,
    );
    const paid = await Promise.all(sessions.map((id) => payOnHostedPage(ctx.app, id)));
    for (const response of paid) expect(response.statusCode).toBe(303);
    await invoicesNumbered(ctx.app);
    const rows = await queryRows<{ sequence: number; number: string }>(
      ctx.dbHandle,
      sql`select i.sequence, i.number from invoices i join order_lines l on l.order_id = i.order_id where l.game_id = ${game.game.id} and i.kind = 'invoice' order by i.sequence`,
    );
    expect(rows).toHaveLength(20);
    const start = before[0]?.n ?? 0;
    // Another test file may issue invoices at the same time on a shared database: ours are unique and
    // the whole year's run has no hole.
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
    const all = await queryRows<{ n: number; max: number; min: number }>(
      ctx.dbHandle,
      sql`select count(*)::int as n, max(sequence)::int as max, min(sequence)::int as min from invoices where kind = 'invoice' and year = extract(year from now() at time zone 'Europe/Tallinn')::int`,
    );
    expect(all[0]?.n).toBe((all[0]?.max ?? 0) - (all[0]?.min ?? 0) + 1);
    expect(all[0]?.max).toBeGreaterThanOrEqual(start + 20);
  });
});
