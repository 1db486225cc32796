import type { PlatformGroup } from '@keyland/core/platforms';
import { cryptoRandom, type RandomSource } from './random.ts';

/** Upper-case letters and digits without the look-alikes 0/O and 1/I. */
const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** Xbox codes use 24 characters: no vowels and none of L, S, 0, 1, 5. */
const XBOX_ALPHABET = 'BCDFGHJKMPQRTVWXY2346789';

interface KeyFormat {
  /** Lengths of the hyphen-separated groups. */
  groups: readonly number[];
  alphabet: string;
  /** Text put before the code (gift links are URLs). */
  prefix?: string;
}

/** The activation-key layout of each platform group. */
export const KEY_FORMATS: Readonly<Record<PlatformGroup, KeyFormat>> = {
  Steam: { groups: [5, 5, 5], alphabet: ALPHANUMERIC },
  Epic: { groups: [5, 5, 5, 5], alphabet: ALPHANUMERIC },
  GOG: { groups: [6, 6, 6], alphabet: ALPHANUMERIC },
  Ubisoft: { groups: [4, 4, 4, 4], alphabet: ALPHANUMERIC },
  EA: { groups: [4, 4, 4, 4, 4], alphabet: ALPHANUMERIC },
  BattleNet: { groups: [6, 4, 6, 4], alphabet: ALPHANUMERIC },
  Rockstar: { groups: [4, 4, 4, 4], alphabet: ALPHANUMERIC },
  Xbox: { groups: [5, 5, 5, 5, 5], alphabet: XBOX_ALPHABET },
  PlayStation: { groups: [4, 4, 4], alphabet: ALPHANUMERIC },
  Nintendo: { groups: [4, 4, 4, 4], alphabet: ALPHANUMERIC },
  Bethesda: { groups: [5, 5, 5, 5], alphabet: ALPHANUMERIC },
  Apple: { groups: [12], alphabet: ALPHANUMERIC },
  Official: { groups: [4, 4, 4, 4, 4], alphabet: ALPHANUMERIC },
  GiftLink: { groups: [16], alphabet: ALPHANUMERIC, prefix: 'https://gift.keyland.test/redeem/' },
  Other: { groups: [5, 5, 5, 5], alphabet: ALPHANUMERIC },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A regular expression matching exactly the codes of a platform group. */
export function keyPattern(group: PlatformGroup): RegExp {
  const format = KEY_FORMATS[group];
  const body = format.groups.map((length) => `[${format.alphabet}]{${length}}`).join('-');
  return new RegExp(`^${escapeRegExp(format.prefix ?? '')}${body}$`);
}

export function matchesKeyFormat(group: PlatformGroup, code: string): boolean {
  return keyPattern(group).test(code);
}

/** Number of code characters, separators and prefix left out (Xbox 25, PlayStation 12, Nintendo 16). */
export function keyCharacterCount(group: PlatformGroup): number {
  return KEY_FORMATS[group].groups.reduce((sum, length) => sum + length, 0);
}

/** A new code in the platform group's format; pass a seeded source for reproducible codes. */
export function generateKey(group: PlatformGroup, random: RandomSource = cryptoRandom): string {
  const format = KEY_FORMATS[group];
  const parts = format.groups.map((length) => {
    let part = '';
    for (let i = 0; i < length; i++) part += format.alphabet[Math.floor(random() * format.alphabet.length)];
    return part;
  });
  return `${format.prefix ?? ''}${parts.join('-')}`;
}

/** The form the key vault fingerprints (separators dropped, upper case), for uniqueness checks. */
export function normaliseKey(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}
