import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '../../src/modules/invoices/invoice.pdf.ts';
import type { InvoiceRow } from '../../src/modules/invoices/invoices.repository.ts';
import { createPrivacyService } from '../../src/modules/privacy/privacy.service.ts';
import { buy, loginCustomer } from '../admin/admin-helpers.ts';
import { DEFAULT_PASSWORD, insertGame } from '../factories.ts';
import { startCheckout } from '../helpers/checkout.ts';
import { createClient } from '../helpers/http.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { pdfText } from '../invoices/pdf-text.ts';

type Export = {
  profile: { email: string; fullName: string };
  orders: { id: number; status: string; lines: { title: string }[] }[];
  consents: { orderId: number; text: string }[];
  invoices: { number: string; orderId: number; kind: string }[];
};

/** Every text-like column of every table, searched for the given values: answers `table.column` hits. */
async function columnsContaining(ctx: TestContext, needles: string[]): Promise<string[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    ctx.dbHandle,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'jsonb', 'json')`,
  );
  expect(columns.length).toBeGreaterThan(20);
  const hits: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const needle of needles) {
      const rows = await queryRows(
        ctx.dbHandle,
        sql`select 1 from ${sql.identifier(table_name)} where ${sql.identifier(column_name)}::text ilike ${`%${needle}%`} limit 1`,
      );
      if (rows.length > 0) hits.push(`${table_name}.${column_name}`);
    }
  }
  return [...new Set(hits)].sort();
}

describe(`data export and account erasure (${testDbKind})`, () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: 'test-local-webhook-secret-0123456789' });
  });
  afterAll(async () => ctx?.close());

  it('exports the profile, every order, the consent records and the invoices as a JSON download', async () => {
    const a = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Export One' }, { keys: 3 });
    const shopper = await loginCustomer(ctx, { fullName: 'Ada Exporter' });
    const first = await buy(ctx, shopper.client, [{ productId: a.game.productId, quantity: 1 }]);
    const second = await buy(ctx, shopper.client, [{ productId: a.game.productId, quantity: 1 }]);
    await shopper.client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: a.game.productId });
    const open = await startCheckout(shopper.client);
    expect(open.status).toBe(200);

    const response = await shopper.client.get('/api/account/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="keyland-data-.*\.json"/);
    const data = response.json() as Export;
    expect(data.profile).toMatchObject({ email: shopper.customer.email, fullName: 'Ada Exporter' });
    const all = await queryRows<{ id: number }>(
      ctx.dbHandle,
      sql`select id from orders where customer_id = ${shopper.customer.id} and status <> 'draft' order by id`,
    );
    expect(all).toHaveLength(3);
    expect(data.orders.map((o) => o.id)).toEqual(all.map((o) => o.id));
    expect(data.orders.find((o) => o.id === first.orderId)?.lines[0]?.title).toBe('Export One');
    expect(data.consents.map((c) => c.orderId).sort()).toEqual(all.map((o) => o.id).sort());
    expect(data.invoices.map((i) => i.orderId)).toEqual([first.orderId, second.orderId]);
    expect((await createClient(ctx.app).get('/api/account/export')).statusCode).toBe(401);
  });

  it('erases the account after the password: no personal data left outside the kept invoices, sessions end, the e-mail is free, invoices still render', async () => {
    const game = await insertGame(ctx.dbHandle.db, ctx.keyVault, { title: 'Erase Me' }, { keys: 3 });
    const name = 'Quentin Zyxwvutson';
    const shopper = await loginCustomer(ctx, { fullName: name, phone: '+372 5555 0199' });
    const email = shopper.customer.email;
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.game.productId, quantity: 1 }]);
    await shopper.client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.game.productId,
    });
    const second = createClient(ctx.app);
    await second.post('/api/kl_api/login', { email, password: DEFAULT_PASSWORD });
    // A failed login leaves a rate counter keyed by the e-mail.
    await createClient(ctx.app).post('/api/kl_api/login', { email, password: 'wrong-password-123456' });

    const wrong = await shopper.client.post('/api/account/delete', { password: 'not-my-password-000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'PASSWORD_INCORRECT' });
    expect(await columnsContaining(ctx, [email])).toContain('customers.email');

    const erased = await shopper.client.post('/api/account/delete', { password: DEFAULT_PASSWORD });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.headers['set-cookie']).toBeDefined();

    // Only the invoice snapshot keeps the name and e-mail (accounting law, art. 17(3)(b)).
    expect(await columnsContaining(ctx, [email, name, '5555 0199'])).toEqual([
      'invoices.customer_email',
      'invoices.customer_name',
    ]);
    const sessions = await queryRows(
      ctx.dbHandle,
      sql`select token_hash from sessions where customer_id = ${shopper.customer.id}`,
    );
    expect(sessions).toEqual([]);
    const online = await second.get('/api/kl_api/user_online');
    expect(JSON.stringify(online.json())).not.toContain(email);
    const [order] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where id = ${orderId}`,
    );
    expect(order?.status).toBe('paid');

    const login = await createClient(ctx.app).post('/api/kl_api/login', {
      email,
      password: DEFAULT_PASSWORD,
    });
    expect(login.statusCode).toBe(401);
    const again = await createClient(ctx.app).post('/api/kl_api/register', {
      fullName: 'New Person',
      email,
      country: 64,
      password: 'another-long-password-77',
      repeatPassword: 'another-long-password-77',
      acceptTerms: true,
    });
    expect(again.statusCode, again.body).toBe(200);

    const [invoice] = await queryRows<Record<string, unknown>>(
      ctx.dbHandle,
      sql`select * from invoices where order_id = ${orderId}`,
    );
    const row = toInvoiceRow(invoice ?? {});
    const text = await pdfText(await renderInvoicePdf(row));
    expect(text).toContain(row.number);
    expect(text).toContain(name);
  });

  it('limits password guesses on account deletion together with failed logins', async () => {
    const shopper = await loginCustomer(ctx);
    for (let i = 0; i < 10; i++) {
      const wrong = await shopper.client.post('/api/account/delete', { password: `guess-number-${i}-xyz` });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await shopper.client.post('/api/account/delete', { password: DEFAULT_PASSWORD });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
    const [customer] = await queryRows<{ email: string }>(
      ctx.dbHandle,
      sql`select email from customers where id = ${shopper.customer.id}`,
    );
    expect(customer?.email).toBe(shopper.customer.email);
  });

  it('the retention job removes invoices past their retention day and what erased customers no longer need', async () => {
    const game = await insertGame(ctx.dbHandle.db, ctx.keyVault, {}, { keys: 3 });
    const shopper = await loginCustomer(ctx);
    const { orderId } = await buy(ctx, shopper.client, [{ productId: game.game.productId, quantity: 1 }]);
    await shopper.client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.game.productId,
    });
    const open = await startCheckout(shopper.client);
    const openId = Number(open.body.order_id);
    expect(
      (await shopper.client.post('/api/account/delete', { password: DEFAULT_PASSWORD })).statusCode,
    ).toBe(200);
    const [openOrder] = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from orders where id = ${openId}`,
    );
    expect(openOrder?.status).toBe('cancelled');
    // An invoice whose 7 years are over (an old document of the same order).
    await queryRows(
      ctx.dbHandle,
      sql`insert into invoices (kind, number, year, sequence, order_id, customer_id, issued_at, seller_name, seller_registry_code, seller_vat_number, seller_address, customer_name, customer_email, customer_country, lines, vat_totals, net_cents, vat_cents, total_cents, retain_until, credited_invoice_id)
          select 'credit_note', 'KLC-2018-999999', 2018, 999999, order_id, customer_id, '2018-06-01', seller_name, seller_registry_code, seller_vat_number, seller_address, customer_name, customer_email, customer_country, lines, vat_totals, 0, 0, 0, '2025-12-31', id from invoices where order_id = ${orderId}`,
    );
    const service = createPrivacyService({
      db: ctx.dbHandle.db,
      cancelOpenCheckouts: async () => {},
      log: ctx.app.log,
    });
    const outcome = await service.runRetention();
    expect(outcome.invoices).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ number: string }>(
      ctx.dbHandle,
      sql`select number from invoices where order_id = ${orderId}`,
    );
    expect(left.map((r) => r.number)).toEqual([expect.stringMatching(/^KL-/)]);
    const orders = await queryRows<{ id: number }>(
      ctx.dbHandle,
      sql`select id from orders where customer_id = ${shopper.customer.id} order by id`,
    );
    expect(orders.map((o) => o.id)).toEqual([orderId]);
    // A customer who never paid has nothing to keep: their unpaid order and then their row go.
    const browser = await loginCustomer(ctx);
    await browser.client.post('/api/kl_api/add_or_update_order_line', {
      cws_product_id: game.game.productId,
    });
    expect((await startCheckout(browser.client)).status).toBe(200);
    expect(
      (await browser.client.post('/api/account/delete', { password: DEFAULT_PASSWORD })).statusCode,
    ).toBe(200);
    expect((await service.runRetention()).customers).toBeGreaterThanOrEqual(1);
    expect(
      await queryRows(ctx.dbHandle, sql`select id from customers where id = ${browser.customer.id}`),
    ).toEqual([]);
    expect(
      await queryRows(ctx.dbHandle, sql`select id from orders where customer_id = ${browser.customer.id}`),
    ).toEqual([]);
    const keys = await queryRows<{ status: string }>(
      ctx.dbHandle,
      sql`select status from game_keys where game_id = ${game.game.id} and status = 'reserved'`,
    );
    expect(keys).toEqual([]);
    // Later (simulated: the kept invoice past retention too) nothing is left of the customer.
    const later = createPrivacyService({
      db: ctx.dbHandle.db,
      cancelOpenCheckouts: async () => {},
      log: ctx.app.log,
      now: () => new Date(Date.UTC(new Date().getUTCFullYear() + 9, 0, 2)),
    });
    await later.runRetention();
    const still = await queryRows(
      ctx.dbHandle,
      sql`select id from customers where id = ${shopper.customer.id}`,
    );
    // The paid order's invoice is kept by the database until its retention day has really passed.
    expect(still).toHaveLength(1);
  });
});

/** A raw `select *` row of invoices in the repository's shape. */
function toInvoiceRow(raw: Record<string, unknown>): InvoiceRow {
  const camel = Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [
      key.replace(/_(\w)/g, (_m, c: string) => c.toUpperCase()),
      value,
    ]),
  );
  return {
    ...camel,
    issuedAt: new Date(String(camel.issuedAt)),
    lines: typeof camel.lines === 'string' ? JSON.parse(camel.lines) : camel.lines,
    vatTotals: typeof camel.vatTotals === 'string' ? JSON.parse(camel.vatTotals) : camel.vatTotals,
  } as InvoiceRow;
}
