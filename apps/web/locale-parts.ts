import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The parts a language file is split into for the browser (see src/lib/i18n.ts). */
export type TextPart = 'first' | 'shop' | 'office';

/** The back office's sections (and the e-mails', which only the server uses). */
const OFFICE_SECTIONS: ReadonlySet<string> = new Set(['admin', 'promotions', 'coupons', 'supplier', 'mail']);

/**
 * The texts the store's shell and its catalogue pages (/, /publicstore, /store) use: loaded with the first
 * page. An entry is a whole section (`nav`) or one branch of it (`auth.verify`). Every other shopper's
 * text (checkout, gifts, the legal pages, the account…) loads with the page or the dialog that needs it.
 * The client build refuses a catalogue chunk that names a text missing here (`textsMissingFromFirst`), so a
 * text can never be missing on the first page.
 */
export const FIRST_SCREEN_TEXTS: readonly string[] = [
  'auth.verify',
  'card',
  'cart.added',
  'cart.adding',
  'cart.dismiss',
  'cart.open',
  'cart.view',
  'catalogue',
  'common',
  'consent',
  'coupon',
  'errors',
  'footer',
  'legalMenu',
  'meta',
  'nav',
  'noscript',
  'pagination',
  'preorders.badge',
  'preorders.button',
  'preorders.line',
  'product.soldOut',
  'routeError',
  'sale',
  'splash',
  'wishlist.added',
  'wishlist.heart',
  'wishlist.heartLabel',
  'wishlist.heartLogin',
  'wishlist.removed',
];

const firstSections = new Set(FIRST_SCREEN_TEXTS.filter((entry) => !entry.includes('.')));
const firstBranches = new Set(FIRST_SCREEN_TEXTS.filter((entry) => entry.includes('.')));

export type Texts = { [key: string]: unknown };

const PLURAL_FORM = /_(zero|one|two|few|many|other)$/;

function isFirst(section: string, key?: string): boolean {
  return firstSections.has(section) || (key !== undefined && firstBranches.has(`${section}.${key}`));
}

/** The texts of a language file that `part` holds. */
export function textsOfPart(texts: Texts, part: TextPart): Texts {
  const chosen: Texts = {};
  for (const [section, value] of Object.entries(texts)) {
    if (OFFICE_SECTIONS.has(section) !== (part === 'office')) continue;
    if (part === 'office' || typeof value !== 'object' || value === null || Array.isArray(value)) {
      chosen[section] = value;
      continue;
    }
    // A plural's forms (`open_one`, `open_other`) go with the key the code names (`cart.open`).
    const branches = Object.entries(value as Texts).filter(
      ([key]) => isFirst(section, key.replace(PLURAL_FORM, '')) === (part === 'first'),
    );
    if (branches.length > 0) chosen[section] = Object.fromEntries(branches);
  }
  return chosen;
}

/** The modules whose chunks, and what they import, make up the catalogue pages' first load. */
const FIRST_SCREEN_MODULES =
  /[\\/]src[\\/](main\.tsx|entry-client\.tsx|app[\\/]routes[\\/](public-store|store)\.tsx)$/;

interface ChunkInfo {
  type: 'chunk';
  code: string;
  imports: string[];
  facadeModuleId: string | null;
}

/**
 * The shopper's texts outside FIRST_SCREEN_TEXTS that the catalogue pages' chunks name (`'gifts.title'`;
 * `` `checkout.${step}` `` counts as the whole section): each would show as a bare key on the first page.
 */
export function textsMissingFromFirst(
  chunks: Record<string, ChunkInfo | { type: 'asset' }>,
  sections: Iterable<string>,
): string[] {
  const shopper = [...sections].filter((section) => !OFFICE_SECTIONS.has(section));
  const key = new RegExp(`["'\`](${shopper.join('|')})\\.(\\$\\{|[A-Za-z_][\\w]*)`, 'g');
  const seen = new Set<string>();
  const visit = (file: string) => {
    const chunk = chunks[file];
    if (seen.has(file) || chunk?.type !== 'chunk') return;
    seen.add(file);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const [file, chunk] of Object.entries(chunks)) {
    if (chunk.type === 'chunk' && chunk.facadeModuleId && FIRST_SCREEN_MODULES.test(chunk.facadeModuleId))
      visit(file);
  }
  const missing = new Set<string>();
  for (const file of seen) {
    for (const [, section = '', branch = ''] of (chunks[file] as ChunkInfo).code.matchAll(key)) {
      const dynamic = branch === '${';
      if (!isFirst(section, dynamic ? undefined : branch))
        missing.add(dynamic ? `${section}.*` : `${section}.${branch}`);
    }
  }
  return [...missing].sort();
}

/**
 * Splits each language file in three for the browser: `?part=first` (FIRST_SCREEN_TEXTS), `?part=shop`
 * (the other shopper's texts) and `?part=office` (the back office's).
 */
export function localeParts(): Plugin {
  let sections: string[] = [];
  let client = true;
  return {
    name: 'keyland-locale-parts',
    enforce: 'pre',
    configResolved(config) {
      client = !config.build.ssr;
      const english = path.resolve(import.meta.dirname, '../../packages/core/src/i18n/locales/en.json');
      sections = Object.keys(JSON.parse(readFileSync(english, 'utf8')) as Texts);
    },
    transform(code, id) {
      const match = /[\\/]i18n[\\/]locales[\\/][\w-]+\.json\?part=(first|shop|office)$/.exec(id);
      if (!match) return null;
      const part = textsOfPart(JSON.parse(code) as Texts, match[1] as TextPart);
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`, map: null };
    },
    generateBundle(_options, bundle) {
      if (!client) return;
      const missing = textsMissingFromFirst(bundle as Record<string, ChunkInfo>, sections);
      if (missing.length > 0) {
        this.error(
          `The catalogue pages use ${missing.join(', ')}, texts that load only later: add them to FIRST_SCREEN_TEXTS in locale-parts.ts.`,
        );
      }
    },
  };
}
