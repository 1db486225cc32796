import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/db/client.ts';
import { createKeyVault } from '../../src/lib/key-vault.ts';
import { createMailDispatcher } from '../../src/modules/mail/mail.dispatcher.ts';
import { createMailOutbox } from '../../src/modules/mail/mail.outbox.ts';
import type { MailTransport, OutgoingMail } from '../../src/modules/mail/mail.transport.ts';
import { createTestDb, testDbKind } from '../helpers/test-db.ts';

describe(`mail dispatcher under the job lock (${testDbKind})`, () => {
  let handle: DbHandle;
  const keyVault = createKeyVault(randomBytes(32).toString('hex'));

  beforeAll(async () => {
    handle = await createTestDb();
  });
  afterAll(async () => handle?.close());

  it('sends nothing while another holder runs the mail-dispatcher job, and sends once it is free', async () => {
    const repository = createMailOutbox(handle.db, keyVault);
    const sent: OutgoingMail[] = [];
    const transport: MailTransport = {
      kind: 'smtp',
      async send(mail) {
        sent.push(mail);
      },
      close() {},
    };
    const dispatcher = createMailDispatcher({
      repository,
      transport,
      from: 'Keyland <x@keyland.test>',
      log: pino({ level: 'silent' }),
      lock: (name, fn) => handle.withLock(name, fn),
    });
    await handle.db.transaction(async (tx) => {
      await repository.enqueue(tx, {
        toAddress: 'b@example.com',
        subject: 'Hello',
        html: '<p>x</p>',
        text: 'x',
        kind: 'test',
      });
    });

    // Another instance (here: another holder of the same lock) is sending.
    let release = () => {};
    const other = handle.withLock(
      'mail-dispatcher',
      () => new Promise<void>((resolve) => (release = () => resolve())),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await dispatcher.drain()).toBe(0);
    expect(sent).toHaveLength(0);

    release();
    await other;
    expect(await dispatcher.drain()).toBe(1);
    expect(sent.map((m) => m.to)).toEqual(['b@example.com']);
  });
});
