/**
 * Slug of a product title for /product?title={slug}: lower case, accents folded, edition, platform and
 * bundle words and punctuation removed, the remaining words joined by hyphens.
 */
const EDITION_WORDS = [
  'edition',
  'deluxe',
  'ultimate',
  'standard',
  'premium',
  'complete',
  'definitive',
  'gold',
  'goty',
  'collectors',
  'collector',
  'enhanced',
  'remastered',
  'digital',
  'special',
  'anniversary',
];
const PLATFORM_WORDS = [
  'steam',
  'xbox',
  'one',
  'series',
  'ps4',
  'ps5',
  'playstation',
  'psn',
  'nintendo',
  'switch',
  'pc',
  'epic',
  'gog',
  'origin',
  'uplay',
  'ubisoft',
  'connect',
  'battlenet',
  'rockstar',
  'bethesda',
  'key',
  'cd',
  'cdkey',
  'eu',
  'global',
  'row',
  'mac',
  'ios',
];
const BUNDLE_WORDS = ['bundle', 'pack', 'collection', 'set'];
const DROPPED = new Set([...EDITION_WORDS, ...PLATFORM_WORDS, ...BUNDLE_WORDS]);

/** Multi-word phrases dropped before splitting into words. */
const DROPPED_PHRASES = [/\bgame of the year\b/g, /\bseries [xs]\s*\|?\s*[xs]?\b/g, /\bbattle\.net\b/g];

export function slugify(title: string): string {
  let text = title
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  text = text.replace(/['’]/g, '');
  for (const phrase of DROPPED_PHRASES) text = text.replace(phrase, ' ');
  const words = text.split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0 && !DROPPED.has(word));
  return words.join('-');
}
