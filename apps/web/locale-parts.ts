import type { Plugin } from 'vite';

/**
 * Splits each language file in two for the browser: `?part=office` holds the back office's sections
 * (admin, promotions, coupons, supplier; and the e-mails', which only the server uses), `?part=shop`
 * everything else, which is all a shopper's pages need. See src/lib/i18n.ts.
 */
export function localeParts(): Plugin {
  const office = new Set(['admin', 'promotions', 'coupons', 'supplier', 'mail']);
  return {
    name: 'keyland-locale-parts',
    enforce: 'pre',
    transform(code, id) {
      const match = /[\\/]i18n[\\/]locales[\\/][\w-]+\.json\?part=(shop|office)$/.exec(id);
      if (!match) return null;
      const wantOffice = match[1] === 'office';
      const texts = JSON.parse(code) as Record<string, unknown>;
      const part = Object.fromEntries(
        Object.entries(texts).filter(([section]) => office.has(section) === wantOffice),
      );
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`, map: null };
    },
  };
}
