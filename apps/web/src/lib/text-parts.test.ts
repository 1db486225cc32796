import { describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, loadOfficeTexts, loadShopPart } from './i18n.ts';

const has = (language: string, key: string) => i18n.getResource(language, 'translation', key) !== undefined;

describe('the texts the browser loads', () => {
  it("starts with the catalogue pages' texts; another page or a dialog adds the shopper's rest, in every language", async () => {
    await initI18n('de');
    // The first page's texts, in German and in English (the fallback).
    for (const language of ['de', 'en']) {
      expect(has(language, 'nav.store')).toBe(true);
      expect(has(language, 'auth.verify.title')).toBe(true);
      expect(i18n.getFixedT(language)('cart.open', { count: 2 })).toBe(
        language === 'en' ? 'Open the cart, 2 lines' : 'Warenkorb öffnen, 2 Positionen',
      );
      expect(has(language, 'auth.login.title')).toBe(false);
      expect(has(language, 'checkout.cancelledTitle')).toBe(false);
    }
    await i18n.changeLanguage('it');
    expect(has('it', 'nav.store')).toBe(true);
    expect(has('it', 'auth.login.title')).toBe(false);

    await loadShopPart();
    for (const language of ['it', 'en']) {
      expect(has(language, 'auth.login.title')).toBe(true);
      expect(has(language, 'auth.verify.title')).toBe(true);
      expect(has(language, 'checkout.cancelledTitle')).toBe(true);
    }
    expect(has('de', 'auth.login.title')).toBe(false);
    expect(has('it', 'admin.nav.dashboard')).toBe(false);

    // A language read for the first time comes with every part asked for so far…
    await i18n.changeLanguage('fr');
    expect(has('fr', 'auth.login.title')).toBe(true);
    // …and one read before gets the missing part when it is switched back to.
    await i18n.changeLanguage('de');
    await vi.waitFor(() => expect(has('de', 'auth.login.title')).toBe(true));

    await loadOfficeTexts();
    expect(has('de', 'admin.nav.dashboard')).toBe(true);
    expect(has('de', 'nav.store')).toBe(true);
  });
});
