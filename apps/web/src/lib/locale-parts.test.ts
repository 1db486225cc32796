import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import en from '@keyland/core/locales/en.json';
import { describe, expect, it } from 'vitest';
import { FIRST_SCREEN_TEXTS, type Texts, textsMissingFromFirst, textsOfPart } from '../../locale-parts.ts';

/** Every text's key path ('nav.store', 'auth.verify.title', …). */
function keysOf(texts: Texts, prefix = ''): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as Texts, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

/** The key paths with plural forms folded ('results_one', 'results_few' → 'results'), sorted. */
function baseKeys(texts: Texts): string[] {
  return [...new Set(keysOf(texts).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')))].sort();
}

describe('language files split for the browser', () => {
  it("gives the first page the catalogue's texts, the other pages the shopper's rest, the back office its own", async () => {
    const first = (await import('../../../../packages/core/src/i18n/locales/en.json?part=first'))
      .default as Texts;
    const shop = (await import('../../../../packages/core/src/i18n/locales/en.json?part=shop'))
      .default as Texts;
    const office = (await import('../../../../packages/core/src/i18n/locales/en.json?part=office'))
      .default as Texts;
    expect(Object.keys(first)).toEqual(
      expect.arrayContaining(['nav', 'catalogue', 'card', 'splash', 'errors']),
    );
    expect(Object.keys(first)).not.toContain('gifts');
    expect(Object.keys(shop)).toEqual(expect.arrayContaining(['gifts', 'checkout', 'legal', 'history']));
    // A section can be split between parts: the e-mail check's banner comes first, the log-in form later.
    expect(first.auth).toEqual({ verify: en.auth.verify });
    expect(Object.keys(shop.auth as Texts)).toContain('login');
    expect(Object.keys(shop.auth as Texts)).not.toContain('verify');
    expect(Object.keys(office).sort()).toEqual(['admin', 'coupons', 'mail', 'promotions', 'supplier']);
    for (const part of [first, shop])
      for (const section of Object.keys(office)) expect(part).not.toHaveProperty(section);
    // Nothing is lost and nothing is in two parts: together they are the whole file.
    expect(keysOf(first).filter((key) => keysOf(shop).includes(key))).toEqual([]);
    expect([...keysOf(first), ...keysOf(shop), ...keysOf(office)].sort()).toEqual(keysOf(en as Texts).sort());
  });

  it("names only texts the language files have (a branch's plural forms count as the branch)", () => {
    const english = en as Texts;
    const first = textsOfPart(english, 'first');
    for (const entry of FIRST_SCREEN_TEXTS) {
      const [section = '', branch] = entry.split('.');
      if (!branch) {
        expect(first[section], entry).toEqual(english[section]);
        continue;
      }
      const forms = Object.keys(first[section] as Texts).filter(
        (key) => key.replace(/_(one|other)$/, '') === branch,
      );
      expect(forms.length, entry).toBeGreaterThan(0);
    }
    expect(Object.keys(first.cart as Texts)).toEqual(expect.arrayContaining(['open_one', 'open_other']));
  });

  it('is the same split in every language, so a text is never missing only in one', () => {
    const german = JSON.parse(
      readFileSync(
        path.resolve(import.meta.dirname, '../../../../packages/core/src/i18n/locales/de.json'),
        'utf8',
      ),
    ) as Texts;
    for (const part of ['first', 'shop', 'office'] as const) {
      expect(baseKeys(textsOfPart(german, part))).toEqual(baseKeys(textsOfPart(en as Texts, part)));
    }
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

  describe("the build check of the first page's texts", () => {
    const sections = Object.keys(en);
    const chunk = (code: string, imports: string[] = [], facadeModuleId: string | null = null) => ({
      type: 'chunk' as const,
      code,
      imports,
      facadeModuleId,
    });

    it("names every shopper's text a catalogue chunk, or a chunk it imports, uses outside the first part", () => {
      const chunks = {
        'app.js': chunk(
          't("nav.store");t("auth.verify.title");import "./shared.js"',
          ['shared.js'],
          '/w/src/main.tsx',
        ),
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the code of a built chunk, not a template
        'shared.js': chunk('t("gifts.title");t(`checkout.${step}`);t("auth.login.title")'),
        'store.js': chunk('t("catalogue.results")', [], '/w/src/app/routes/store.tsx'),
        'history.js': chunk('t("history.title")', [], '/w/src/app/routes/history.tsx'),
        'admin.js': chunk('t("admin.title")', [], '/w/src/main.tsx'),
        'style.css': { type: 'asset' as const },
      };
      expect(textsMissingFromFirst(chunks, sections)).toEqual(['auth.login', 'checkout.*', 'gifts.title']);
    });

    it("passes the catalogue pages when they use only the first part's texts", () => {
      const chunks = {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the code of a built chunk, not a template
        'app.js': chunk('t("nav.store");t(`errors.${code}`);t("wishlist.heart")', [], '/w/src/main.tsx'),
        'public.js': chunk('t("card.price");t("sale.endsIn")', [], '/w/src/app/routes/public-store.tsx'),
      };
      expect(textsMissingFromFirst(chunks, sections)).toEqual([]);
    });
  });
});
