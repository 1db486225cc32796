import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import en from '@keyland/core/locales/en.json';
import { describe, expect, it } from 'vitest';

describe('language files split for the browser', () => {
  it('gives the shop its texts without the back office, and the back office the rest', async () => {
    const shop = (await import('../../../../packages/core/src/i18n/locales/en.json?part=shop')).default;
    const office = (await import('../../../../packages/core/src/i18n/locales/en.json?part=office')).default;
    expect(Object.keys(shop)).toContain('nav');
    expect(Object.keys(shop)).toContain('catalogue');
    expect(Object.keys(shop)).not.toContain('admin');
    expect(Object.keys(office).sort()).toEqual(['admin', 'coupons', 'mail', 'promotions', 'supplier']);
    // Nothing is lost: together they are the whole file.
    expect({ ...shop, ...office }).toEqual(en);
  });

  it('keeps back-office texts out of the pages a shopper can open before the back office loads', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const office = /^(features[\\/](admin|supplier)[\\/]|app[\\/]routes[\\/]admin)/;
    const offenders = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !office.test(file))
      .filter((file) =>
        /\bt\(\s*['"`](admin|promotions|coupons|supplier|mail)\./.test(
          readFileSync(path.join(src, file), 'utf8'),
        ),
      );
    expect(offenders).toEqual([]);
  });
});
