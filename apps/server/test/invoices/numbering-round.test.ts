import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { invoiceCounters, invoices } from '../../src/db/schema/documents.ts';
import { orders } from '../../src/db/schema/orders.ts';
import { numberInvoices } from '../../src/modules/invoices/invoice-numbering.ts';
import { INVOICE_SERIES } from '../../src/modules/invoices/invoice-numbers.ts';
import { insertCustomer } from '../factories.ts';
import { createTestDb, queryRows, testDbKind } from '../helpers/test-db.ts';

/**
 * One round of invoice numbering takes each financial year's numbers at once (invoice-numbering.ts): a
 * round that spans New Year in Tallinn must still give every invoice its own year's next number, in
 * payment order.
 */
describe(`a numbering round (${testDbKind})`, () => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => handle?.close());

  /** An invoice (of an order of its own, a customer's one order) written at `issuedAt`, waiting for its number. */
  async function waitingInvoice(issuedAt: string): Promise<number> {
    const customerId = (await insertCustomer(handle.db, { passwordHash: 'not used' })).customer.id;
    const [order] = await handle.db.insert(orders).values({ customerId }).returning({ id: orders.id });
    const [invoice] = await handle.db
      .insert(invoices)
      .values({
        kind: 'invoice',
        orderId: order?.id ?? 0,
        customerId,
        issuedAt: new Date(issuedAt),
        sellerName: 'Keyland OÜ',
        sellerRegistryCode: '12345678',
        sellerVatNumber: 'EE123456789',
        sellerAddress: 'Tallinn',
        customerName: 'Test Customer',
        customerEmail: 'customer@keyland.test',
        customerCountry: 'EE',
        lines: [],
        vatTotals: [],
        netCents: 0,
        vatCents: 0,
        totalCents: 0,
        retainUntil: '2035-12-31',
      })
      .returning({ id: invoices.id });
    return invoice?.id ?? 0;
  }

  const numbers = async () =>
    new Map(
      (
        await queryRows<{ id: number; number: string | null; year: number | null; sequence: number | null }>(
          handle,
          sql`select id, number, year, sequence from invoices`,
        )
      ).map((row) => [row.id, row]),
    );

  it("gives a round's invoices their own year's next numbers in payment order, across New Year in Tallinn", async () => {
    await handle.db.insert(invoiceCounters).values({ series: INVOICE_SERIES, year: 2025, lastNumber: 41 });
    // Written in another order than paid. Tallinn is UTC+2 in winter: its New Year is 22:00 UTC.
    const januarySecond = await waitingInvoice('2025-12-31T22:00:40Z');
    const decemberFirst = await waitingInvoice('2025-12-31T21:59:30Z');
    const januaryFirst = await waitingInvoice('2025-12-31T22:00:10Z');
    const decemberSecond = await waitingInvoice('2025-12-31T21:59:50Z');
    const later = await waitingInvoice('2026-01-01T10:00:00Z');

    const counted = await handle.db.transaction((tx) =>
      numberInvoices(tx, { before: () => new Date('2026-01-01T09:00:00Z') }),
    );
    expect(counted).toBe(4);
    let rows = await numbers();
    expect(rows.get(decemberFirst)).toMatchObject({ number: 'KL-2025-000042', year: 2025, sequence: 42 });
    expect(rows.get(decemberSecond)).toMatchObject({ number: 'KL-2025-000043', year: 2025, sequence: 43 });
    expect(rows.get(januaryFirst)).toMatchObject({ number: 'KL-2026-000001', year: 2026, sequence: 1 });
    expect(rows.get(januarySecond)).toMatchObject({ number: 'KL-2026-000002', year: 2026, sequence: 2 });
    // Paid after the round's bound: it waits for the next round, and continues the year's run.
    expect(rows.get(later)).toMatchObject({ number: null, sequence: null });

    expect(await handle.db.transaction((tx) => numberInvoices(tx, { before: () => new Date() }))).toBe(1);
    rows = await numbers();
    expect(rows.get(later)).toMatchObject({ number: 'KL-2026-000003', year: 2026, sequence: 3 });
    expect(
      await queryRows(handle, sql`select year, last_number from invoice_counters order by year`),
    ).toEqual([
      { year: 2025, last_number: 43 },
      { year: 2026, last_number: 3 },
    ]);
  });

  it('leaves the numbers and the counters as they were when its transaction rolls back', async () => {
    const waiting = await waitingInvoice('2026-02-01T10:00:00Z');
    await expect(
      handle.db.transaction(async (tx) => {
        await numberInvoices(tx, { before: () => new Date() });
        throw new Error('the round fails after numbering');
      }),
    ).rejects.toThrow('the round fails after numbering');
    expect((await numbers()).get(waiting)).toMatchObject({ number: null });
    expect(await queryRows(handle, sql`select last_number from invoice_counters where year = 2026`)).toEqual([
      { last_number: 3 },
    ]);
  });
});
