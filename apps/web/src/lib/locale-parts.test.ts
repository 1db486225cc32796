import en from '@keyland/core/locales/en.json';
import { describe, expect, it } from 'vitest';

describe('language files split for the browser', () => {
  it('gives the shop its texts without the back office, and the back office the rest', async () => {
    const shop = (await import('../../../../packages/core/src/i18n/locales/en.json?part=shop')).default;
    const office = (await import('../../../../packages/core/src/i18n/locales/en.json?part=office')).default;
    expect(Object.keys(shop)).toContain('nav');
    expect(Object.keys(shop)).toContain('catalogue');
    expect(Object.keys(shop)).not.toContain('admin');
    expect(Object.keys(office).sort()).toEqual(['admin', 'mail', 'supplier']);
    // Nothing is lost: together they are the whole file.
    expect({ ...shop, ...office }).toEqual(en);
  });
});
