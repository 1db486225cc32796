import { describe, expect, it } from 'vitest';
import type { KeyAccessRow } from '../../orders/index.ts';
import { accessActivityLog } from './dispute-evidence.service.ts';

const access = (n: number, overrides: Partial<KeyAccessRow> = {}): KeyAccessRow => ({
  id: n,
  keyId: 7,
  orderId: 1,
  customerId: 3,
  action: n % 2 === 0 ? 'copy' : 'reveal',
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
  at: new Date(Date.UTC(2026, 10, 26, 8, 0, n)),
  ...overrides,
});
const label = (keyId: number) => `key #${keyId} (Lumen Drift, Steam)`;

describe('the access activity log sent with dispute evidence', () => {
  it('lists each access on its own line: time in UTC, what, which key, address and browser', () => {
    const log = accessActivityLog([access(1), access(2, { ip: null, userAgent: null })], label);
    expect(log.split('\n')).toEqual([
      '2026-11-26 08:00:01 UTC — revealed key #7 (Lumen Drift, Steam) — IP 203.0.113.7 — browser: Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      '2026-11-26 08:00:02 UTC — copied key #7 (Lumen Drift, Steam) — IP unknown',
    ]);
  });

  it('says so when nothing was recorded', () => {
    expect(accessActivityLog([], label)).toBe(
      'No reveal, copy or download of the keys was recorded in the customer’s order history.',
    );
  });

  it('stays within the provider’s 20,000 characters, telling how many accesses it leaves out', () => {
    const many = Array.from({ length: 500 }, (_, i) => access(i + 1, { userAgent: 'x'.repeat(250) }));
    const log = accessActivityLog(many, label);
    expect(log.length).toBeLessThanOrEqual(20_000);
    const lines = log.split('\n');
    const listed = lines.length - 1;
    expect(lines.at(-1)).toBe(`… and ${500 - listed} more accesses not listed here.`);
    expect(listed).toBeGreaterThan(10);
  });
});
