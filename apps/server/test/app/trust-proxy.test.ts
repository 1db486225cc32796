import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';

/**
 * Per-address limits and the audit trail rely on the client's address, so X-Forwarded-For is believed
 * only from the peers TRUST_PROXY names (by default a proxy on the same machine).
 */
describe('whose X-Forwarded-For is believed', () => {
  const contexts: TestContext[] = [];
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
  });

  async function loggedIpOf(env: Record<string, string>, remoteAddress: string): Promise<unknown> {
    let raw = '';
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        raw += chunk.toString();
        done();
      },
    });
    const ctx = await buildTestApp({ LOG_LEVEL: 'info', ...env }, { logStream });
    contexts.push(ctx);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/kl_api/login',
      remoteAddress,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      payload: { email: 'nobody@keyland.test', password: 'not the password' },
    });
    const failure = raw
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { securityEvent?: string; ip?: unknown })
      .find((line) => line.securityEvent === 'auth.login_failed');
    return failure?.ip;
  }

  it('by default ignores the header from a remote peer, so it cannot dodge the limits', async () => {
    expect(await loggedIpOf({}, '203.0.113.50')).toBe('203.0.113.50');
  });

  it('by default believes a proxy on the same machine', async () => {
    expect(await loggedIpOf({}, '127.0.0.1')).toBe('198.51.100.7');
  });

  it('believes the proxies TRUST_PROXY lists, and nobody with false', async () => {
    expect(await loggedIpOf({ TRUST_PROXY: '203.0.113.0/24' }, '203.0.113.50')).toBe('198.51.100.7');
    expect(await loggedIpOf({ TRUST_PROXY: 'false' }, '127.0.0.1')).toBe('127.0.0.1');
  });
});
