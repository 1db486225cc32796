import { LANGUAGE_STORAGE_KEY } from '@keyland/core/locales';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n, initialLanguage } from './i18n.ts';

/** The browser's preferred languages, as `navigator.languages` reports them. */
function browserLanguages(languages: string[]): void {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('the language the app starts in', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it("is the first of the browser's languages the store supports, by its primary subtag", () => {
    browserLanguages(['de-AT', 'en-GB']);
    expect(initialLanguage()).toBe('de');
    browserLanguages(['ja-JP', 'zh', 'pt-BR', 'fr']);
    expect(initialLanguage()).toBe('pt');
    browserLanguages(['FR']);
    expect(initialLanguage()).toBe('fr');
  });

  it('is English when the browser names no supported language, or none at all', () => {
    browserLanguages(['ja-JP', 'ko']);
    expect(initialLanguage()).toBe('en');
    browserLanguages([]);
    expect(initialLanguage()).toBe('en');
  });

  it('is the stored choice whatever the browser prefers; an unknown stored value is ignored', () => {
    browserLanguages(['de-AT']);
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'it');
    expect(initialLanguage()).toBe('it');
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(initialLanguage()).toBe('de');
  });

  it('starts i18n and the page in that language, without storing it', async () => {
    browserLanguages(['nl-BE', 'en']);
    await initI18n();
    expect(i18n.language).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
  });

  it("writes the page's lang only when it changes (each write restyles the whole page)", async () => {
    browserLanguages(['nl-BE', 'en']);
    // The server rendered the page in Dutch already.
    document.documentElement.lang = 'nl';
    const writes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => writes.push(...records));
    observer.observe(document.documentElement, { attributeFilter: ['lang'] });
    const seen = () => [...writes, ...observer.takeRecords()].length;
    await initI18n();
    await i18n.changeLanguage('nl');
    expect(seen()).toBe(0);
    await i18n.changeLanguage('de');
    expect(seen()).toBe(1);
    expect(document.documentElement.lang).toBe('de');
    observer.disconnect();
  });
});
