import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estonianMonthStart } from '../../src/modules/admin/reports/oss-report.service.ts';
import { financialYearOf } from '../../src/modules/invoices/invoices.service.ts';
import { insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { buy, call, loginAdmin, loginCustomer } from './admin-helpers.ts';

const toCents = (text: string) => {
  const negative = text.startsWith('-');
  const [whole = '0', fraction = '00'] = text.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -cents : cents;
};

describe(`OSS VAT report (${testDbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: 'test-local-webhook-secret-0123456789' });
  });
  afterAll(async () => ctx?.close());

  it('sums taxable amount and VAT per member state and rate, equal to the invoices and credit notes of the quarter to the cent', async () => {
    const { game } = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 1999 }, { keys: 20 });
    const cheap = await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents: 333 }, { keys: 20 });
    // Germany, France, Italy, Finland (25.5 %), Estonia; two orders in Germany, one cancelled in France.
    const countries = [57, 57, 75, 109, 70, 64];
    const orders: number[] = [];
    for (const [i, countryId] of countries.entries()) {
      const shopper = await loginCustomer(ctx, { countryId });
      const { orderId } = await buy(ctx, shopper.client, [
        { productId: game.productId, quantity: 1 + (i % 2) },
        { productId: cheap.game.productId, quantity: 1 + (i % 3) },
      ]);
      orders.push(orderId);
    }
    const admin = await loginAdmin(ctx);
    const cancelled = await call(ctx.app, admin.client, 'POST', `/api/admin/orders/${orders[2]}/cancel`, {
      reason: 'Chargeback',
    });
    expect(cancelled.statusCode).toBe(200);

    const now = new Date();
    const year = financialYearOf(now);
    const month = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Tallinn', month: 'numeric' }).format(now),
    );
    const quarter = Math.ceil(month / 3);
    const response = await call(
      ctx.app,
      admin.client,
      'GET',
      `/api/admin/reports/oss?year=${year}&quarter=${quarter}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`keyland-oss-${year}-Q${quarter}.csv`);
    const [header, ...rows] = response.body.trim().split('\r\n');
    expect(header).toBe('member_state,vat_rate_percent,taxable_amount_eur,vat_amount_eur,documents,scheme');
    const report = rows.map((line) => {
      const [state, rate, taxable, vat, documents, scheme] = line.split(',');
      return {
        state,
        rate,
        taxable: toCents(taxable ?? ''),
        vat: toCents(vat ?? ''),
        documents: Number(documents),
        scheme,
      };
    });
    expect(report.map((r) => `${r.state} ${r.rate} ${r.scheme}`)).toEqual([
      'DE 19 oss',
      'EE 24 domestic',
      'FI 25.5 oss',
      'FR 20 oss',
      'IT 22 oss',
    ]);

    // Independently: the invoice rows of the quarter, summed by country in SQL.
    const expected = await queryRows<{ country: string; net: number; vat: number; total: number; n: number }>(
      ctx.dbHandle,
      sql`select customer_country as country, sum(net_cents)::int as net, sum(vat_cents)::int as vat, sum(total_cents)::int as total, count(*)::int as n
          from invoices group by customer_country order by customer_country`,
    );
    expect(report.map((r) => ({ country: r.state, net: r.taxable, vat: r.vat, n: r.documents }))).toEqual(
      expected.map((e) => ({ country: e.country, net: e.net, vat: e.vat, n: e.n })),
    );
    // The cancelled French order nets to zero; the others equal what the customers paid.
    expect(report.find((r) => r.state === 'FR')).toMatchObject({ taxable: 0, vat: 0, documents: 2 });
    const paid = await queryRows<{ untaxed: number; tax: number }>(
      ctx.dbHandle,
      sql`select sum(amount_untaxed_cents)::int as untaxed, sum(amount_tax_cents)::int as tax from orders where status = 'paid'`,
    );
    expect(report.reduce((sum, r) => sum + r.taxable, 0)).toBe(paid[0]?.untaxed);
    expect(report.reduce((sum, r) => sum + r.vat, 0)).toBe(paid[0]?.tax);

    const otherQuarter = await call(
      ctx.app,
      admin.client,
      'GET',
      `/api/admin/reports/oss?year=${year - 1}&quarter=${quarter}`,
    );
    expect(otherQuarter.body.trim().split('\r\n')).toHaveLength(1);
    const bad = await call(ctx.app, admin.client, 'GET', `/api/admin/reports/oss?year=${year}&quarter=5`);
    expect(bad.statusCode).toBe(400);
    const customer = await loginCustomer(ctx);
    const forbidden = await call(
      ctx.app,
      customer.client,
      'GET',
      `/api/admin/reports/oss?year=${year}&quarter=${quarter}`,
    );
    expect(forbidden.statusCode).toBe(403);
  });

  it('starts quarters at midnight Estonian time (winter and summer time)', () => {
    expect(estonianMonthStart(2026, 0).toISOString()).toBe('2025-12-31T22:00:00.000Z');
    expect(estonianMonthStart(2026, 6).toISOString()).toBe('2026-06-30T21:00:00.000Z');
    expect(financialYearOf(new Date('2025-12-31T22:30:00Z'))).toBe(2026);
  });
});
