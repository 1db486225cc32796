import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ONLY_SETTINGS, scanBundle, scanText } from './bundle-scan.ts';

const rules = (text: string) => scanText('app.js', text).map((finding) => finding.rule);
/** Builds a planted value at run time so that this file itself holds no secret-looking literal. */
const join = (...parts: string[]) => parts.join('');

describe('the web bundle scanner', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('passes ordinary minified code', () => {
    const code =
      'const a="handleAndDispatchPointerDownOutsideEvent",b="application/x-www-form-urlencoded";' +
      'fetch("/api/kl_api/get_completed_orders");const c="--radix-dropdown-menu-content-available-height";' +
      'const img="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk";';
    expect(scanText('app.js', code)).toEqual([]);
  });

  it('fails on payment secrets, private keys and tokens', () => {
    expect(rules(`const k="${join('sk_', 'live_', 'abcDEF123456')}"`)).toContain('payment secret key');
    expect(rules(`const k="${join('sk_', 'test_', '51Habc0123')}"`)).toContain('payment secret key');
    expect(rules(`const w="${join('whs', 'ec_', 'abcdef123456')}"`)).toContain('webhook signing secret');
    expect(rules(join('"-----BEGIN ', 'PRIVATE KEY-----\\nMIIE"'))).toContain('private key');
    expect(rules(join('"-----BEGIN RSA ', 'PRIVATE KEY-----"'))).toContain('private key');
  });

  it('fails on random-looking tokens in string literals', () => {
    for (let i = 0; i < 20; i++) {
      const token = randomBytes(24).toString('base64url');
      if (!/[0-9]/.test(token) || !/[a-z]/.test(token) || !/[A-Z]/.test(token)) continue;
      expect(rules(`const t="${token}";`)).toContain('high-entropy token');
    }
    expect(rules(`const t='${randomBytes(32).toString('hex')}';`)).toContain('high-entropy token');
  });

  it('fails on back-office addresses and credentials', () => {
    expect(rules('fetch("https://erp.example.com/jsonrpc")')).toContain('back-office endpoint');
    expect(rules(`const u="${join('ODOO', '_PASSWORD')}"`)).toContain('back-office setting');
    expect(rules(`const db="${join('postgres://keyland:', 'hunter2', '@db.internal/keyland')}"`)).toContain(
      'URL with credentials',
    );
  });

  it('fails on the names of server-only settings', () => {
    expect(SERVER_ONLY_SETTINGS).toEqual(
      expect.arrayContaining(['DATABASE_URL', 'KEY_ENCRYPTION_KEY', 'STRIPE_SECRET_KEY', 'SMTP_URL']),
    );
    expect(SERVER_ONLY_SETTINGS).not.toContain('NODE_ENV');
    for (const name of SERVER_ONLY_SETTINGS)
      expect(rules(`process.env.${name}`)).toContain('server-only setting');
  });

  it('scans every text file of a built folder, nested ones included', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'keyland-bundle-'));
    dirs.push(dir);
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<script type="module" src="/assets/a.js"></script>');
    writeFileSync(path.join(dir, 'assets', 'a.js'), 'console.log("clean")');
    expect(scanBundle(dir)).toEqual([]);
    writeFileSync(path.join(dir, 'assets', 'b.js'), `const s="${join('sk_', 'live_', 'plantedSecret99')}"`);
    expect(scanBundle(dir)).toEqual([expect.objectContaining({ file: path.join('assets', 'b.js') })]);
  });
});
