import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin, loginCustomer } from '../admin/admin-helpers.ts';
import { DEFAULT_PASSWORD } from '../factories.ts';
import { createClient } from '../helpers/http.ts';
import type { SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStoreWithInbox, type TestContext } from '../helpers/test-app.ts';
import { queryRows, testDbKind } from '../helpers/test-db.ts';
import { buyerOf } from './claims-helpers.ts';

const SUPPORT = 'support@keyland.test';

/** A message as the contact form sends it, after the form was open for 5 seconds. */
const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Visitor Vera',
  email: 'vera@example.org',
  subject: 'Which platform?',
  message: 'Hello, does the Steam key work in Norway as well?',
  consent: true,
  website: '',
  fillMs: 5000,
  ...overrides,
});

describe(`support tickets from the contact form (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;
  let address = 0;

  beforeAll(async () => {
    ({ ctx, inbox } = await buildStoreWithInbox({ SUPPORT_EMAIL: SUPPORT, CLAIM_RESOLUTION_HOURS: '48' }));
  });
  afterAll(async () => ctx?.close());

  /** A visitor from an address of their own (the per-address limit is tested on its own). */
  const send = (body: Record<string, unknown>, ip = `203.0.113.${++address}`) =>
    createClient(ctx.app).post('/api/support/tickets', body, { 'x-forwarded-for': ip });
  const tickets = () =>
    queryRows<{ id: number; email: string; customer_id: number | null; order_id: number | null }>(
      ctx.dbHandle,
      sql`select id, email, customer_id, order_id from support_tickets order by id`,
    );

  it('shows the support address configured on the server', async () => {
    const contact = await createClient(ctx.app).get('/api/support/contact');
    expect(contact.statusCode).toBe(200);
    expect(contact.json()).toEqual({ email: SUPPORT });
  });

  it('a visitor’s message becomes a ticket: acknowledged with its number, forwarded to the support address', async () => {
    const response = await send(message());
    expect(response.statusCode, response.body).toBe(201);
    const { id, number } = response.json() as { id: number; number: string };
    expect(number).toBe(`T-${String(id).padStart(6, '0')}`);
    const ack = await inbox.waitFor((m) => m.to.includes('vera@example.org'));
    expect(ack.subject).toContain(number);
    expect(ack.decoded).toContain('Monday to Friday from 10:00 to 18:00 Estonian time');
    const forwarded = await inbox.waitFor((m) => m.to.includes(SUPPORT) && m.subject.includes(number));
    expect(forwarded.decoded).toContain('does the Steam key work in Norway');
  });

  it('refuses the honeypot, a form sent too fast and a bad address, storing nothing', async () => {
    const before = (await tickets()).length;
    const trap = await send(message({ website: 'http://spam.example' }));
    expect(trap.statusCode).toBe(400);
    expect(trap.json().error).toBe('MESSAGE_REJECTED');
    const fast = await send(message({ fillMs: 400 }));
    expect(fast.statusCode).toBe(400);
    expect(fast.json().error).toBe('MESSAGE_REJECTED');
    const bad = await send(message({ email: 'not-an-address' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'VALIDATION_FAILED', field: 'email' });
    const noConsent = await send(message({ consent: false }));
    expect(noConsent.statusCode).toBe(400);
    expect((await tickets()).length).toBe(before);
  });

  it('limits messages per address', async () => {
    const ip = '198.51.100.77';
    for (let i = 0; i < 5; i++) expect((await send(message(), ip)).statusCode).toBe(201);
    const limited = await send(message(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('RATE_LIMITED');
  });

  it('a customer writes about one of their orders, never about someone else’s', async () => {
    const buyer = await buyerOf(ctx, { title: 'Ticket Tale' });
    const sent = await buyer.client.post(
      '/api/support/tickets',
      message({ name: undefined, email: undefined, orderId: buyer.orderId }),
      { 'x-forwarded-for': '192.0.2.10' },
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const row = (await tickets()).find((t) => t.id === sent.json().id);
    expect(row).toMatchObject({
      email: buyer.customer.email,
      customer_id: buyer.customer.id,
      order_id: buyer.orderId,
    });
    const stranger = await loginCustomer(ctx);
    const foreign = await stranger.client.post('/api/support/tickets', message({ orderId: buyer.orderId }), {
      'x-forwarded-for': '192.0.2.11',
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('an admin lists, answers by mail and closes a ticket; customers cannot', async () => {
    const { id, number } = (
      await send(message({ email: 'reply.me@example.org', subject: 'Refund?' }))
    ).json();
    const { client: admin } = await loginAdmin(ctx);
    const open = (await call(ctx.app, admin, 'GET', '/api/admin/support/tickets?status=open')).json();
    expect(open.items.map((t: { id: number }) => t.id)).toContain(id);

    const replied = await call(ctx.app, admin, 'POST', `/api/admin/support/tickets/${id}/reply`, {
      message: 'Hello Vera,\n\nYes, refunds go to the original payment method.',
    });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json()).toMatchObject({ status: 'answered', number });
    expect(replied.json().messages.map((m: { author: string }) => m.author)).toEqual(['customer', 'staff']);
    const answer = await inbox.waitFor(
      (m) => m.to.includes('reply.me@example.org') && m.subject.startsWith('Re:'),
    );
    expect(answer.decoded).toContain('refunds go to the original payment method');

    const closed = await call(ctx.app, admin, 'POST', `/api/admin/support/tickets/${id}/close`);
    expect(closed.json().status).toBe('closed');
    const audit = await queryRows<{ action: string }>(
      ctx.dbHandle,
      sql`select action from admin_audit where target_type = 'support_ticket' and target_id = ${String(id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['ticket.reply', 'ticket.close']);

    const customer = await loginCustomer(ctx);
    expect((await call(ctx.app, customer.client, 'GET', '/api/admin/support/tickets')).statusCode).toBe(403);
  });

  it('the data export carries the customer’s tickets and claims; erasure removes what they wrote', async () => {
    const buyer = await buyerOf(ctx, { title: 'Private Pursuit' });
    const claim = await buyer.client.post('/api/claims', {
      keyId: buyer.keyIds[0],
      reason: 'other',
      note: 'My name is Ana and my Steam ID is ana_1990',
    });
    expect(claim.statusCode).toBe(201);
    const ticket = await buyer.client.post(
      '/api/support/tickets',
      message({
        name: undefined,
        email: undefined,
        message: 'Please call me on +372 5555 1234 about my key.',
      }),
      { 'x-forwarded-for': '192.0.2.20' },
    );
    expect(ticket.statusCode).toBe(201);

    // The history tells the customer within how long a person answers a report (the server's setting).
    const history = (await buyer.client.post('/api/kl_api/get_completed_orders', {})).json();
    expect(history[0].claim_hours).toBe(48);
    const exported = (await buyer.client.get('/api/account/export')).json();
    expect(exported.keyClaims).toEqual([
      expect.objectContaining({ note: 'My name is Ana and my Steam ID is ana_1990' }),
    ]);
    expect(exported.supportTickets).toEqual([
      expect.objectContaining({
        email: buyer.customer.email,
        messages: [expect.objectContaining({ body: 'Please call me on +372 5555 1234 about my key.' })],
      }),
    ]);

    const erased = await buyer.client.post('/api/account/delete', { password: DEFAULT_PASSWORD });
    expect(erased.statusCode, erased.body).toBe(200);
    const [row] = await queryRows<{
      email: string;
      name: string;
      customer_id: number | null;
      messages: number;
    }>(
      ctx.dbHandle,
      sql`select email, name, customer_id, (select count(*)::int from support_messages m where m.ticket_id = t.id) as messages
          from support_tickets t where id = ${ticket.json().id}`,
    );
    expect(row).toEqual({
      email: `erased-${buyer.customer.id}@erased.invalid`,
      name: 'Erased customer',
      customer_id: null,
      messages: 0,
    });
    const [kept] = await queryRows<{ note: string | null; status: string }>(
      ctx.dbHandle,
      sql`select note, status from key_claims where id = ${claim.json().id}`,
    );
    expect(kept).toEqual({ note: null, status: claim.json().status });
  });
});
