import { describe, expect, it } from 'vitest';
import { hashesInFlight, hashPassword, MAX_CONCURRENT_HASHES, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('uses argon2id with at least OWASP parameters and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(hash, 'wrong horse battery')).toBe(false);
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
  });

  it('never runs more than the bound at once, however many logins arrive', async () => {
    let highest = 0;
    const sampler = setInterval(() => {
      highest = Math.max(highest, hashesInFlight());
    }, 1);
    const burst = Array.from({ length: 12 }, (_, i) => hashPassword(`burst password ${i}`));
    await Promise.all(burst);
    clearInterval(sampler);
    expect(highest).toBeGreaterThan(0);
    expect(highest).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    expect(hashesInFlight()).toBe(0);
  });
});
