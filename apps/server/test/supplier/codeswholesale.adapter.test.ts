import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCodesWholesaleSupplier } from '../../src/modules/supplier/codeswholesale.adapter.ts';
import { SupplierError } from '../../src/modules/supplier/supplier.port.ts';
import {
  type FakeCodesWholesale,
  makeProducts,
  startFakeCodesWholesale,
} from './fake-codeswholesale-server.ts';

let fake: FakeCodesWholesale;
let sleeps: number[];

const supplier = (overrides: { timeoutMs?: number } = {}) =>
  createCodesWholesaleSupplier({
    baseUrl: fake.url,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    timeoutMs: overrides.timeoutMs ?? 2_000,
    baseDelayMs: 5,
    maxAttempts: 4,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });

beforeAll(async () => {
  fake = await startFakeCodesWholesale(makeProducts(12));
  fake.pageSize = 5;
});
afterAll(() => fake.close());
beforeEach(() => {
  sleeps = [];
  fake.requests.length = 0;
});

describe('CodesWholesale adapter', () => {
  it('pages through the price list with the continuation token, prices in cents from the first tier', async () => {
    const cw = supplier();
    const all = [];
    let cursor: string | null = null;
    do {
      const page = await cw.listProducts(cursor);
      all.push(...page.items);
      cursor = page.next;
    } while (cursor);
    expect(all).toHaveLength(12);
    expect(all[0]).toMatchObject({
      name: 'Supplier Game 0',
      buyCents: 537,
      quantity: 5,
      releaseDate: '2022-02-25',
    });
    // One token for the whole run.
    expect(fake.requests.filter((r) => r === 'POST /oauth/token')).toHaveLength(1);
  });

  it('reads one product and its description; an unknown product is null', async () => {
    const cw = supplier();
    const id = fake.products[1]?.productId ?? '';
    expect((await cw.product(id))?.identifier).toBe('GAME-1-STEAM-EU');
    expect(await cw.description(id)).toMatchObject({ description: '<p>About Supplier Game 1</p>' });
    expect(await cw.product('00000000-0000-4000-8000-999999999999')).toBeNull();
  });

  it('renews an expired token once and retries the call', async () => {
    const cw = supplier();
    await cw.listProducts(null);
    const before = fake.tokensIssued;
    fake.expireTokens();
    const page = await cw.listProducts(null);
    expect(page.items).toHaveLength(5);
    expect(fake.tokensIssued).toBe(before + 1);
    expect(fake.requests.filter((r) => r === 'GET /v3/products')).toHaveLength(3);
  });

  it('refuses wrong credentials with an unauthorised error', async () => {
    const cw = createCodesWholesaleSupplier({ baseUrl: fake.url, clientId: 'x', clientSecret: 'y' });
    await expect(cw.listProducts(null)).rejects.toMatchObject({ kind: 'unauthorised' });
  });

  it('waits as Retry-After says on 429, then succeeds', async () => {
    fake.fail('GET', '/v3/products', { status: 429, retryAfter: '3' });
    const page = await supplier().listProducts(null);
    expect(page.items).toHaveLength(5);
    expect(sleeps).toEqual([3000]);
  });

  it('backs off exponentially on 5xx, then succeeds', async () => {
    fake.fail('GET', '/v3/products', { status: 503 }, { status: 500 });
    const page = await supplier().listProducts(null);
    expect(page.items).toHaveLength(5);
    expect(sleeps).toEqual([5, 10]);
  });

  it('gives up after the last attempt with an unavailable error', async () => {
    fake.fail('GET', '/v3/products', { status: 502 }, { status: 502 }, { status: 502 }, { status: 502 });
    await expect(supplier().listProducts(null)).rejects.toMatchObject({ kind: 'unavailable', status: 502 });
    expect(sleeps).toEqual([5, 10, 20]);
  });

  it('reports a malformed answer as a clear error', async () => {
    fake.fail('GET', '/v3/products', { malformed: true });
    const error = await supplier()
      .listProducts(null)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SupplierError);
    expect(error).toMatchObject({ kind: 'malformed' });
  });

  it('orders keys: text codes, codes read separately when blank, image codes and pre-orders', async () => {
    const cw = supplier();
    const [a, b, c] = fake.products;
    const text = await cw.createOrder({
      clientOrderId: 'kl-t1',
      productId: a?.productId ?? '',
      quantity: 2,
      unitCents: 537,
    });
    expect(text.codes.map((x) => x.type)).toEqual(['text', 'text']);
    fake.blankCodes = true;
    const blank = await cw.createOrder({
      clientOrderId: 'kl-t2',
      productId: a?.productId ?? '',
      quantity: 1,
      unitCents: 537,
    });
    fake.blankCodes = false;
    expect(blank.codes[0]).toMatchObject({ type: 'text', code: expect.stringMatching(/^CW/) });
    expect(fake.requests).toContain(`GET /v3/codes/${blank.codes[0]?.codeId}`);
    if (b) b.imageCodes = true;
    const image = await cw.createOrder({
      clientOrderId: 'kl-t3',
      productId: b?.productId ?? '',
      quantity: 1,
      unitCents: 637,
    });
    expect(image.codes[0]).toMatchObject({ type: 'image', filename: expect.stringMatching(/\.png$/) });
    if (c) c.preOrder = true;
    const pre = await cw.createOrder({
      clientOrderId: 'kl-t4',
      productId: c?.productId ?? '',
      quantity: 1,
      unitCents: 737,
    });
    expect(pre.codes[0]?.type).toBe('preorder');
    fake.releasePreorders(pre.supplierOrderId);
    expect((await cw.getOrder(pre.supplierOrderId)).codes[0]?.type).toBe('text');
  });

  it('rejects a changed price and an unknown product with the supplier code', async () => {
    const cw = supplier();
    await expect(
      cw.createOrder({
        clientOrderId: 'kl-p1',
        productId: fake.products[4]?.productId ?? '',
        quantity: 1,
        unitCents: 1,
      }),
    ).rejects.toMatchObject({ kind: 'rejected', supplierCode: 10002 });
    await expect(
      cw.createOrder({ clientOrderId: 'kl-p2', productId: 'nope', quantity: 1, unitCents: 100 }),
    ).rejects.toMatchObject({ kind: 'rejected', supplierCode: 20001 });
  });

  it('never buys twice: a timed-out order is found by its reference instead of being placed again', async () => {
    const cw = supplier({ timeoutMs: 200 });
    const product = fake.products[5];
    fake.fail('POST', '/v3/orders', { delayMs: 600 });
    const before = fake.orders.length;
    const order = await cw.createOrder({
      clientOrderId: 'kl-once',
      productId: product?.productId ?? '',
      quantity: 1,
      unitCents: 1037,
    });
    expect(order.clientOrderId).toBe('kl-once');
    expect(order.codes).toHaveLength(1);
    expect(fake.orders.length).toBe(before + 1);
    expect(fake.requests.filter((r) => r === 'POST /v3/orders')).toHaveLength(1);
  });

  it('retries an order after a 5xx that placed nothing, still once', async () => {
    const cw = supplier();
    fake.fail('POST', '/v3/orders', { status: 500 });
    const before = fake.orders.length;
    const order = await cw.createOrder({
      clientOrderId: 'kl-5xx',
      productId: fake.products[6]?.productId ?? '',
      quantity: 1,
      unitCents: 1137,
    });
    expect(order.codes).toHaveLength(1);
    expect(fake.orders.length).toBe(before + 1);
  });
});
