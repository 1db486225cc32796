import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../helpers/http.ts';
import { linkIn, type SmtpInbox } from '../helpers/smtp-inbox.ts';
import { buildStoreWithInbox, type TestContext } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

describe(`logs (${testDbKind})`, () => {
  let ctx: TestContext;
  let inbox: SmtpInbox;
  let logs = '';

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs += chunk.toString();
        done();
      },
    });
    ({ ctx, inbox } = await buildStoreWithInbox({ LOG_LEVEL: 'trace' }, { logStream }));
  });

  afterAll(async () => ctx?.close());

  it('never contain passwords, session tokens or reset tokens', async () => {
    const password = 'a very secret passphrase 42';
    const email = 'logged@example.com';
    const client = createClient(ctx.app);
    const registered = await client.post('/api/kl_api/register', {
      fullName: 'Log Watcher',
      email,
      country: 64,
      password,
      repeatPassword: password,
      acceptTerms: true,
    });
    expect(registered.statusCode).toBe(200);
    const sessionToken = client.cookie;
    await client.get('/api/kl_api/user_online');
    await createClient(ctx.app).post('/api/kl_api/login', { email, password: 'wrong password guess' });
    await createClient(ctx.app).post('/api/kl_api/forgot_password', { email });
    const mail = await inbox.waitFor((m) => m.decoded.includes('/reset-password?token='));
    const { token } = linkIn(mail, '/reset-password');
    await createClient(ctx.app).post('/api/kl_api/reset_password', {
      token,
      newPassword: 'another secret phrase',
    });

    expect(logs.length).toBeGreaterThan(0);
    expect(logs).toContain('/api/kl_api/login');
    for (const secret of [
      password,
      'wrong password guess',
      'another secret phrase',
      sessionToken ?? 'x',
      token,
    ]) {
      expect(logs).not.toContain(secret);
    }
  });
});
