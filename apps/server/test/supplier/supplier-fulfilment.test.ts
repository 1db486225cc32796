import { parseImageCode } from '@keyland/core/image-code';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameKeys, supplierOrders } from '../../src/db/schema/index.ts';
import { postbackHash } from '../../src/modules/supplier/supplier-postback.ts';
import { call, loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { payOnHostedPage, startCheckout } from '../helpers/checkout.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import type { FakeCodesWholesale } from './fake-codeswholesale-server.ts';
import { POSTBACK_SIGNATURE, startSupplierStore } from './supplier-store.ts';

describe(`buying keys from the supplier at fulfilment (${testDbKind})`, () => {
  let store: Awaited<ReturnType<typeof startSupplierStore>>;
  let ctx: TestContext;
  let fake: FakeCodesWholesale;
  const purchases = () => store.purchases();
  const gameOf = (index: number) => store.gameOf(index);

  beforeAll(async () => {
    store = await startSupplierStore();
    ({ ctx, fake } = store);
  });

  afterAll(async () => store?.close());

  /**
   * A customer buys a supplier game; between checkout and payment the store's own stock runs out (the
   * reservation lapsed and the key went elsewhere), so fulfilment must buy from the supplier.
   */
  async function buyWithEmptyStock(index: number) {
    const game = await gameOf(index);
    const key = `OWN-${index}-${Date.now()}`;
    await ctx.dbHandle.db.insert(gameKeys).values({
      gameId: game.id,
      codeCiphertext: ctx.keyVault.encrypt(key),
      codeFingerprint: ctx.keyVault.fingerprint(key),
    });
    const { client, customer } = await loginCustomer(ctx, { lang: 'de' });
    expect(
      (await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId }))
        .statusCode,
    ).toBe(200);
    const started = await startCheckout(client);
    expect(started.status).toBe(200);
    const orderId = Number(started.body.order_id);
    // The store's stock is gone: the reserved key was taken back.
    await ctx.dbHandle.db
      .update(gameKeys)
      .set({ status: 'revoked', revokedAt: new Date() })
      .where(eq(gameKeys.orderId, orderId));
    const paid = await payOnHostedPage(ctx.app, started.sessionId ?? '');
    expect(paid.statusCode).toBe(303);
    return { orderId, client, customer, game };
  }

  const orderStatus = async (orderId: number) =>
    (
      await queryRows<{ status: string }>(ctx.dbHandle, sql`select status from orders where id = ${orderId}`)
    )[0]?.status;
  const soldCodes = async (orderId: number) =>
    (
      await ctx.dbHandle.db
        .select({ c: gameKeys.codeCiphertext })
        .from(gameKeys)
        .where(sql`${gameKeys.orderId} = ${orderId} and ${gameKeys.status} = 'sold'`)
    ).map((r) => ctx.keyVault.decrypt(r.c));
  const keyMails = async (email: string) =>
    queryRows<{ subject: string }>(
      ctx.dbHandle,
      sql`select subject from mail_outbox where kind = 'order_keys' and to_address = ${email}`,
    );

  it('delivers keys bought from the supplier when the store has none, stored encrypted, mailed', async () => {
    const before = fake.orders.length;
    const { orderId, customer } = await buyWithEmptyStock(0);
    expect(await orderStatus(orderId)).toBe('paid');
    const codes = await soldCodes(orderId);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatch(/^CW\d{5}-/);
    expect(fake.orders.length).toBe(before + 1);
    expect(fake.orders.at(-1)?.clientOrderId).toBe(
      `keyland-${orderId}-${(await ctx.dbHandle.db.select().from(supplierOrders).where(eq(supplierOrders.orderId, orderId)))[0]?.orderLineId}`,
    );
    // Stored encrypted, never in clear.
    const raw = await queryRows<{ code_ciphertext: string }>(
      ctx.dbHandle,
      sql`select code_ciphertext from game_keys where order_id = ${orderId} and status = 'sold'`,
    );
    expect(raw[0]?.code_ciphertext).toMatch(/^v2:/);
    expect(await keyMails(customer.email)).toHaveLength(1);
    // The invoice issued at payment travels with the keys mail as its PDF attachment.
    const attached = await queryRows<{ kind: string }>(
      ctx.dbHandle,
      sql`select i.kind from mail_attachments a join mail_outbox m on m.id = a.mail_id
          join invoices i on i.id = a.invoice_id
          where m.kind = 'order_keys' and m.to_address = ${customer.email} and i.order_id = ${orderId}`,
    );
    expect(attached).toEqual([{ kind: 'invoice' }]);
    // Delivered at once: no "keys on their way" notice.
    expect(
      await queryRows(
        ctx.dbHandle,
        sql`select id from mail_outbox where kind = 'order_awaiting_keys' and to_address = ${customer.email}`,
      ),
    ).toHaveLength(0);
  });

  it('sells a game the store holds no keys of: the supplier’s stock shows, checkout reserves nothing, fulfilment buys', async () => {
    const game = await gameOf(5);
    const quantity = fake.products[5]?.quantity ?? 0;
    const detail = await ctx.app.inject({
      method: 'POST',
      url: '/api/kl_api/checkGameDetail',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ providerId: game.providerId }),
    });
    expect(detail.json()).toMatchObject({ found: true, game: { stock: quantity } });
    const { client, customer } = await loginCustomer(ctx);
    for (let i = 0; i < 2; i++)
      expect(
        (await client.post('/api/kl_api/add_or_update_order_line', { cws_product_id: game.productId }))
          .statusCode,
      ).toBe(200);
    const started = await startCheckout(client);
    expect(started.status).toBe(200);
    const orderId = Number(started.body.order_id);
    expect(await soldCodes(orderId)).toHaveLength(0);
    expect((await payOnHostedPage(ctx.app, started.sessionId ?? '')).statusCode).toBe(303);
    expect(await orderStatus(orderId)).toBe('paid');
    expect(await soldCodes(orderId)).toHaveLength(2);
    expect(await keyMails(customer.email)).toHaveLength(1);
    // The supplier sold two of its keys (the fake's count went down).
    expect(fake.products[5]?.quantity).toBe(quantity - 2);
  });

  it('stores an image code as an image data URL: history answers it, the keys mail points there instead', async () => {
    const product = fake.products[12];
    if (!product) throw new Error('no product');
    product.imageCodes = true;
    const { orderId, client, customer } = await buyWithEmptyStock(12);
    expect(await orderStatus(orderId)).toBe('paid');
    const [code] = await soldCodes(orderId);
    const image = parseImageCode(code ?? '');
    expect(image).toMatchObject({ mimeType: 'image/png', fileName: expect.stringMatching(/\.png$/) });
    // The customer's history hands the stored code to the page, which shows it as an image.
    const history = await client.post('/api/kl_api/get_completed_orders', {});
    expect(history.statusCode).toBe(200);
    expect(JSON.stringify(history.json())).toContain(image?.dataUrl);
    // The mail (in the customer's language) never carries the image data, only the way to the history.
    const [mail] = await queryRows<{ html: string; text: string }>(
      ctx.dbHandle,
      sql`select html, text from mail_outbox where kind = 'order_keys' and to_address = ${customer.email}`,
    );
    for (const body of [ctx.keyVault.decrypt(mail?.html ?? ''), ctx.keyVault.decrypt(mail?.text ?? '')]) {
      expect(body).not.toContain('data:image');
      expect(body).not.toContain(image?.dataUrl.split(',')[1]);
      expect(body).toContain('Ihr Schlüssel ist ein Bild');
      expect(body).toContain('http://store.test/History');
    }
    // The admin pages name the code instead of showing a base64 tail; a reveal answers the image in full.
    const { client: admin } = await loginAdmin(ctx);
    const detail = (await call(ctx.app, admin, 'GET', `/api/admin/orders/${orderId}`)).json() as {
      lines: { keys: { id: number; masked: string; kind: string; status: string }[] }[];
    };
    // The line also lists the store's own key that was taken back before payment (text, revoked).
    expect(detail.lines[0]?.keys.find((k) => k.status === 'revoked')).toMatchObject({ kind: 'text' });
    const adminKey = detail.lines[0]?.keys.find((k) => k.status === 'sold');
    expect(adminKey).toMatchObject({ masked: 'image code', kind: 'image' });
    const keys = (
      await call(ctx.app, admin, 'GET', `/api/admin/products/${(await gameOf(12)).id}/keys?status=sold`)
    ).json() as { items: { id: number; masked: string; kind: string }[] };
    expect(keys.items.find((k) => k.id === adminKey?.id)).toMatchObject({
      masked: 'image code',
      kind: 'image',
    });
    const revealed = await call(ctx.app, admin, 'POST', `/api/admin/keys/${adminKey?.id}/reveal`);
    expect(revealed.json()).toMatchObject({ code });
  });

  it('replaces a claimed supplier key by buying one from the supplier, and lists the key to report', async () => {
    const { orderId, client } = await buyWithEmptyStock(7);
    expect(await orderStatus(orderId)).toBe('paid');
    const [oldCode] = await soldCodes(orderId);
    const history = (await client.post('/api/kl_api/get_completed_orders', {})).json() as {
      id: number;
      items: { key_id: number }[];
    }[];
    const keyId = history.find((o) => o.id === orderId)?.items[0]?.key_id;
    // The store holds no key of the game: the claim waits for an admin.
    const claim = await client.post('/api/claims', { keyId, reason: 'already_used' });
    expect(claim.statusCode, claim.body).toBe(201);
    expect(claim.json().status).toBe('open');

    const { client: admin } = await loginAdmin(ctx);
    const listed = (await call(ctx.app, admin, 'GET', '/api/admin/claims')).json() as {
      items: { id: number; supplierGame: boolean }[];
    };
    expect(listed.items.find((c) => c.id === claim.json().id)?.supplierGame).toBe(true);
    const before = fake.orders.length;
    const done = await call(ctx.app, admin, 'POST', `/api/admin/claims/${claim.json().id}/resolve`, {
      action: 'supplier_replace',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'replaced',
      outcome: 'supplier_replaced',
      supplierReport: 'listed',
    });
    expect(fake.orders.length).toBe(before + 1);
    expect(fake.orders.at(-1)?.clientOrderId).toBe(`keyland-claim-${claim.json().id}`);
    const codes = await soldCodes(orderId);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatch(/^CW\d{5}-/);
    expect(codes[0]).not.toBe(oldCode);
  });

  it('buys only once when the order request times out and is retried', async () => {
    const before = fake.orders.length;
    fake.fail('POST', '/v3/orders', { delayMs: 800 });
    const { orderId } = await buyWithEmptyStock(1);
    expect(await orderStatus(orderId)).toBe('paid');
    expect(await soldCodes(orderId)).toHaveLength(1);
    expect(fake.orders.length).toBe(before + 1);
    expect(fake.orders.filter((o) => o.clientOrderId.startsWith(`keyland-${orderId}-`))).toHaveLength(1);
  });

  it('keeps the payment and waits for keys while the supplier is down, then delivers and mails them', async () => {
    fake.fail('GET', '/v3/products/', { status: 503 }, { status: 503 }, { status: 503 });
    const { orderId, customer } = await buyWithEmptyStock(2);
    expect(await orderStatus(orderId)).toBe('awaiting_keys');
    expect(await soldCodes(orderId)).toHaveLength(0);
    expect(await keyMails(customer.email)).toHaveLength(0);
    // The customer is told, once and in German, that the keys are on their way.
    const notices = await queryRows<{ subject: string }>(
      ctx.dbHandle,
      sql`select subject from mail_outbox where kind = 'order_awaiting_keys' and to_address = ${customer.email}`,
    );
    expect(notices).toEqual([{ subject: `Bestellung ${orderId}: Ihre Schlüssel sind unterwegs` }]);
    const [record] = await ctx.dbHandle.db
      .select()
      .from(supplierOrders)
      .where(eq(supplierOrders.orderId, orderId));
    expect(record).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: expect.stringMatching(/unavailable/),
    });

    // The admin sees it among the orders.
    const { client: admin } = await loginAdmin(ctx);
    expect(
      (await call(ctx.app, admin, 'GET', '/api/admin/supplier')).json().awaitingOrders,
    ).toBeGreaterThanOrEqual(1);

    // Not due yet: the retry job leaves it alone.
    expect(await purchases().retryDue()).toBe(0);
    await ctx.dbHandle.db
      .update(supplierOrders)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(supplierOrders.orderId, orderId));
    expect(await purchases().retryDue()).toBe(1);
    expect(await orderStatus(orderId)).toBe('paid');
    expect(await soldCodes(orderId)).toHaveLength(1);
    expect(
      await queryRows(
        ctx.dbHandle,
        sql`select id from mail_outbox where kind = 'order_awaiting_keys' and to_address = ${customer.email}`,
      ),
    ).toHaveLength(1);
    const mails = await keyMails(customer.email);
    expect(mails).toHaveLength(1);
    // In the customer's language.
    expect(mails[0]?.subject).toMatch(/Bestellung/);
  });

  it('waits for a pre-ordered key and delivers it when the supplier assigns it', async () => {
    const product = fake.products[3];
    if (product) product.preOrder = true;
    const { orderId } = await buyWithEmptyStock(3);
    expect(await orderStatus(orderId)).toBe('awaiting_keys');
    const [record] = await ctx.dbHandle.db
      .select()
      .from(supplierOrders)
      .where(eq(supplierOrders.orderId, orderId));
    expect(record?.status).toBe('placed');
    fake.releasePreorders(record?.supplierOrderId ?? '');
    await ctx.dbHandle.db
      .update(supplierOrders)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(supplierOrders.orderId, orderId));
    const ordersBefore = fake.orders.length;
    expect(await purchases().retryDue()).toBe(1);
    expect(await orderStatus(orderId)).toBe('paid');
    expect(await soldCodes(orderId)).toHaveLength(1);
    expect(fake.orders.length).toBe(ordersBefore);
  });

  const postback = (body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/supplier/postback',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('takes authenticated postbacks: a pre-ordered key is fetched at once, stock and hidden products apply', async () => {
    const product = fake.products[6];
    if (product) product.preOrder = true;
    const { orderId } = await buyWithEmptyStock(6);
    expect(await orderStatus(orderId)).toBe('awaiting_keys');
    const [record] = await ctx.dbHandle.db
      .select()
      .from(supplierOrders)
      .where(eq(supplierOrders.orderId, orderId));
    fake.releasePreorders(record?.supplierOrderId ?? '');

    const forged = await postback({
      type: 'PREORDER',
      authHash: 'f'.repeat(64),
      orderId: record?.supplierOrderId,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ error: 'FORBIDDEN' });

    const authHash = postbackHash(fake.clientId, POSTBACK_SIGNATURE);
    expect(
      (await postback({ type: 'PREORDER', authHash, orderId: record?.supplierOrderId })).statusCode,
    ).toBe(200);
    for (let i = 0; i < 100 && (await orderStatus(orderId)) !== 'paid'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect(await orderStatus(orderId)).toBe('paid');
    expect(await soldCodes(orderId)).toHaveLength(1);

    const stocked = await gameOf(7);
    const gone = await gameOf(8);
    expect(
      (
        await postback({
          type: 'STOCK',
          authHash,
          products: [{ productId: fake.products[7]?.productId, quantity: 3 }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await postback({ type: 'PRODUCT_HIDDEN', authHash, productId: fake.products[8]?.productId }))
        .statusCode,
    ).toBe(200);
    const detail = async (providerId: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/kl_api/checkGameDetail',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ providerId }),
        })
      ).json();
    expect((await detail(stocked.providerId)).game.stock).toBe(3);
    expect(await detail(gone.providerId)).toEqual({ found: false, game: null });
    expect((await gameOf(8)).hidden).toBe(true);
  });
});
