import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { createKeyVault } from '../../src/lib/key-vault.ts';
import { createMailDispatcher } from '../../src/modules/mail/mail.dispatcher.ts';
import { createMailOutbox } from '../../src/modules/mail/mail.outbox.ts';
import type { MailTransport, OutgoingMail } from '../../src/modules/mail/mail.transport.ts';
import { createTestDb, queryRows, testDbKind } from '../helpers/test-db.ts';

describe(`mail outbox (${testDbKind})`, () => {
  let handle: DbHandle;
  const keyVault = createKeyVault(randomBytes(32).toString('hex'));

  beforeAll(async () => {
    handle = await createTestDb();
  });

  afterAll(async () => handle?.close());

  const dispatcherOf = (repository: ReturnType<typeof createMailOutbox>, transport: MailTransport) =>
    createMailDispatcher({
      repository,
      transport,
      from: 'Keyland <x@keyland.test>',
      log: pino({ level: 'silent' }),
    });

  it('keeps bodies encrypted, retries a failed send later and delivers it once the server is back', async () => {
    const repository = createMailOutbox(handle.db, keyVault);
    const sent: OutgoingMail[] = [];
    let down = true;
    const transport: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        if (down) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        sent.push(mail);
      },
      close() {},
    };
    const dispatcher = dispatcherOf(repository, transport);

    await handle.db.transaction(async (tx) => {
      await repository.enqueue(tx, {
        toAddress: 'a@example.com',
        subject: 'Hi',
        html: '<p>secret link</p>',
        text: 'secret link',
        kind: 'test',
      });
    });
    const [stored] = await queryRows<{ html: string; text: string }>(
      handle,
      sql`select html, text from mail_outbox`,
    );
    expect(stored?.html).not.toContain('secret');
    expect(stored?.text).not.toContain('secret');

    expect(await dispatcher.drain()).toBe(0);
    const [failed] = await queryRows<{
      attempts: number;
      last_error: string;
      sent_at: unknown;
      due: boolean;
    }>(handle, sql`select attempts, last_error, sent_at, next_attempt_at > now() as due from mail_outbox`);
    expect(failed).toMatchObject({ attempts: 1, sent_at: null, due: true });
    expect(failed?.last_error).toContain('ECONNREFUSED');

    down = false;
    expect(await dispatcher.drain()).toBe(0); // not due yet: the back-off holds
    await handle.db.execute(sql`update mail_outbox set next_attempt_at = now() - interval '1 second'`);
    expect(await dispatcher.drain()).toBe(1);
    expect(sent).toEqual([
      expect.objectContaining({ to: 'a@example.com', html: '<p>secret link</p>', text: 'secret link' }),
    ]);
    expect(await dispatcher.drain()).toBe(0);
    expect(sent).toHaveLength(1);
  });

  it("sends several addressees at a time, each addressee's mails in the order they were queued", async () => {
    await handle.db.execute(sql`delete from mail_outbox`);
    const repository = createMailOutbox(handle.db, keyVault);
    const order: string[] = [];
    let inFlight = 0;
    let most = 0;
    const transport: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        // A mail server that takes a moment to answer.
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(`${mail.to} ${mail.subject}`);
        inFlight -= 1;
      },
      close() {},
    };
    const dispatcher = dispatcherOf(repository, transport);
    await handle.db.transaction(async (tx) => {
      for (const [to, subject] of [
        ['a@example.com', '1'],
        ['b@example.com', '1'],
        ['a@example.com', '2'],
        ['c@example.com', '1'],
        ['d@example.com', '1'],
        ['a@example.com', '3'],
        ['e@example.com', '1'],
      ])
        await repository.enqueue(tx, {
          toAddress: to ?? '',
          subject: subject ?? '',
          html: 'x',
          text: 'x',
          kind: 'test',
        });
    });
    expect(await dispatcher.drain()).toBe(7);
    expect(most).toBe(4);
    expect(order.filter((line) => line.startsWith('a@'))).toEqual([
      'a@example.com 1',
      'a@example.com 2',
      'a@example.com 3',
    ]);
    expect(order).toHaveLength(7);
    await handle.db.execute(sql`delete from mail_outbox`);
  });

  it('a mail written in a transaction that rolls back is never sent', async () => {
    const repository = createMailOutbox(handle.db, keyVault);
    await handle.db
      .transaction(async (tx) => {
        await repository.enqueue(tx, {
          toAddress: 'b@example.com',
          subject: 'x',
          html: 'x',
          text: 'x',
          kind: 'test',
        });
        throw new Error('the change failed');
      })
      .catch(() => {});
    const rows = await queryRows(handle, sql`select id from mail_outbox where to_address = 'b@example.com'`);
    expect(rows).toEqual([]);
  });
});
