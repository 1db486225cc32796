import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, loginCustomer } from '../admin/admin-helpers.ts';
import { createClient } from '../helpers/http.ts';
import type { SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStoreWithInbox, type TestContext } from '../helpers/test-app.ts';
import { forgeRows, queryRows, testDbKind } from '../helpers/test-db.ts';
import { buyerOf, historyOf, keyStatuses, outboxKinds, PNG_1PX } from './claims-helpers.ts';

describe(`key claims: automatic replacement and limits (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    ({ ctx, inbox } = await buildStoreWithInbox());
  });
  afterAll(async () => ctx?.close());

  it('replaces a freshly delivered key at once: new key in history and by mail, the claimed key never sold again', async () => {
    const { client, customer, orderId, keyIds, game } = await buyerOf(ctx, {
      spare: 1,
      title: 'Broken Key Saga',
    });
    const [claimedKey] = keyIds;
    const response = await client.post('/api/claims', {
      keyId: claimedKey,
      reason: 'already_used',
      note: 'Steam says the key was already redeemed',
      screenshot: PNG_1PX,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      orderId,
      keyId: claimedKey,
      title: 'Broken Key Saga',
      reason: 'already_used',
      note: 'Steam says the key was already redeemed',
      status: 'replaced',
      outcome: 'auto_replaced',
      rejectReason: null,
      refunded: null,
    });

    // The history shows the replacement in place of the claimed key, and the claim on the order.
    const order = (await historyOf(client)).find((o) => o.id === orderId);
    const newKeyId = order?.items[0]?.key_id;
    expect(order?.items).toHaveLength(1);
    expect(newKeyId).not.toBe(claimedKey);
    expect(order?.claims).toEqual([expect.objectContaining({ keyId: claimedKey, status: 'replaced' })]);
    // The claimed key is defective, the spare one sold to the same order: nothing left on sale.
    expect(await keyStatuses(ctx, game.id)).toEqual([
      { id: claimedKey, status: 'defective', orderId },
      { id: newKeyId, status: 'sold', orderId },
    ]);
    const [shot] = await queryRows<{ screenshot_type: string }>(
      ctx.dbHandle,
      sql`select screenshot_type from key_claims where key_id = ${claimedKey}`,
    );
    expect(shot?.screenshot_type).toBe('image/png');

    // The new key reaches the customer by mail.
    const mail = await inbox.waitFor((m) => m.to.includes(customer.email) && /new key/i.test(m.subject));
    expect(mail.decoded).toContain(order?.items[0]?.wcs_activation_key ?? 'missing');

    // A replaced key can be claimed no more (it is not sold any more); the new one can.
    const again = await client.post('/api/claims', { keyId: claimedKey, reason: 'other' });
    expect(again.statusCode).toBe(404);
  });

  it('takes the last key on sale once when two claims for the same game arrive together', async () => {
    const first = await buyerOf(ctx, { title: 'Race Condition Racer', spare: 0 });
    // Two more keys: a second customer buys one, and one stays on sale for both claims.
    for (const code of ['SPARE-KEY-0001', 'SPARE-KEY-0002'])
      await forgeRows(
        ctx.dbHandle,
        sql`insert into game_keys (game_id, code_ciphertext, code_fingerprint, status)
            values (${first.game.id}, ${ctx.keyVault.encrypt(code)}, ${ctx.keyVault.fingerprint(code)}, 'available')`,
      );
    const second = await loginCustomer(ctx);
    const bought = await buy(ctx, second.client, [{ productId: first.game.productId, quantity: 1 }]);
    const secondKey = (await historyOf(second.client)).find((o) => o.id === bought.orderId)?.items[0]?.key_id;
    expect((await keyStatuses(ctx, first.game.id)).filter((k) => k.status === 'available')).toHaveLength(1);

    const [a, b] = await Promise.all([
      first.client.post('/api/claims', { keyId: first.keyIds[0], reason: 'invalid_format' }),
      second.client.post('/api/claims', { keyId: secondKey, reason: 'invalid_format' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    const outcomes = [a.json().status, b.json().status].sort();
    expect(outcomes).toEqual(['open', 'replaced']);
    const keys = await keyStatuses(ctx, first.game.id);
    expect(keys.filter((k) => k.status === 'available')).toHaveLength(0);
    expect(keys.filter((k) => k.status === 'defective')).toHaveLength(1);
    expect(keys.filter((k) => k.status === 'sold')).toHaveLength(2);
    // The claim that found no key waits for a person, and its customer is told so.
    const waiting = a.json().status === 'open' ? first : second;
    expect(await outboxKinds(ctx, waiting.customer.email)).toContain('claim_received');
  });

  it('one open claim per key, five claims a day per account, and only on the caller’s delivered orders', async () => {
    const { client, keyIds } = await buyerOf(ctx, { quantity: 3, title: 'Limit Legends' });
    // No stock to replace from: each claim stays open.
    const opened = await client.post('/api/claims', { keyId: keyIds[0], reason: 'wrong_region' });
    expect(opened.json().status).toBe('open');
    const twice = await client.post('/api/claims', { keyId: keyIds[0], reason: 'other' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('CLAIM_ALREADY_OPEN');

    const stranger = await loginCustomer(ctx);
    const foreign = await stranger.client.post('/api/claims', { keyId: keyIds[1], reason: 'other' });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await createClient(ctx.app).post('/api/claims', { keyId: keyIds[1], reason: 'other' });
    expect(anonymous.statusCode).toBe(401);
    const badReason = await client.post('/api/claims', { keyId: keyIds[1], reason: 'bored' });
    expect(badReason.statusCode).toBe(400);

    // The rate limit counts every attempt of the account in the day (two so far).
    expect((await client.post('/api/claims', { keyId: keyIds[1], reason: 'other' })).statusCode).toBe(201);
    expect((await client.post('/api/claims', { keyId: keyIds[2], reason: 'other' })).statusCode).toBe(201);
    expect((await client.post('/api/claims', { keyId: keyIds[2], reason: 'other' })).statusCode).toBe(409);
    const limited = await client.post('/api/claims', { keyId: keyIds[2], reason: 'other' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('RATE_LIMITED');
  });

  it('refuses a screenshot that is too large or not an image, storing nothing', async () => {
    const { client, keyIds } = await buyerOf(ctx, { title: 'Screenshot Saga' });
    const svg = `data:image/png;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64')}`;
    const wrong = await client.post('/api/claims', { keyId: keyIds[0], reason: 'other', screenshot: svg });
    expect(wrong.statusCode).toBe(415);
    expect(wrong.json().error).toBe('SCREENSHOT_TYPE_NOT_ALLOWED');
    const big = Buffer.alloc(1024 * 1024 + 10);
    Buffer.from(PNG_1PX.split(',')[1] ?? '', 'base64').copy(big);
    const large = await client.post('/api/claims', {
      keyId: keyIds[0],
      reason: 'other',
      screenshot: `data:image/png;base64,${big.toString('base64')}`,
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().error).toBe('SCREENSHOT_TOO_LARGE');
    const stored = await queryRows(ctx.dbHandle, sql`select id from key_claims where key_id = ${keyIds[0]}`);
    expect(stored).toEqual([]);
  });
});
