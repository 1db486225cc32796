import { type PlatformGroup, platformGroupOf, platformGroups } from '@keyland/core/platforms';
import { slugify } from '@keyland/core/slug';
import type { GameVideo } from '../schema/catalogue.ts';
import {
  ACCENTED_TITLES,
  CATEGORIES,
  DEVELOPERS,
  EDITION_SUFFIXES,
  FEATURES,
  GENRES,
  HOOKS,
  LANGUAGE_SETS,
  PLATFORM_TEXTS,
  PLATFORM_TITLE_SUFFIXES,
  PLATFORM_WEIGHTS,
  PUBLISHERS,
  REGIONS,
  SETTINGS,
  TAGS,
  TITLE_ADJECTIVES,
  TITLE_NOUNS,
  TITLE_PATTERNS,
  TITLE_PLACES,
  VIDEO_TITLES,
} from './catalogue-words.ts';
import { generateKey, normaliseKey } from './key-format.ts';
import { createRng, type Rng, seededRandom } from './random.ts';

/** One game of the demo catalogue with the plain codes of its available keys. */
export interface GeneratedGame {
  providerId: string;
  productId: string;
  identifier: string;
  title: string;
  slug: string;
  platform: string;
  platformGroup: PlatformGroup;
  region: string;
  languages: string;
  releaseDate: string | null;
  priceCents: number;
  priceBuyCents: number;
  coverUrl: string | null;
  coverBUrl: string | null;
  description: string | null;
  categories: string[];
  genres: string[];
  tags: string[];
  developers: string[];
  publishers: string[];
  photos: string[];
  videos: GameVideo[];
  minimumRequirements: string | null;
  website: string | null;
  rating: number;
  ratingsCount: number;
  hidden: boolean;
  keys: string[];
}

export interface CatalogueOptions {
  /** Number of games (default 360). */
  count?: number;
  /** Seed of the generator; the same seed always yields the same catalogue. */
  seed?: number;
}

export const DEFAULT_CATALOGUE_SIZE = 360;
export const DEFAULT_CATALOGUE_SEED = 20_240_611;
/** Every platform group gets at least this many games. */
export const MIN_GAMES_PER_GROUP = 6;
export const MAX_KEYS_PER_GAME = 25;

/** Whether the catalogue lists the game: not hidden, a positive price and at least one key. */
export function isListed(game: Pick<GeneratedGame, 'hidden' | 'priceCents' | 'keys'>): boolean {
  return !game.hidden && game.priceCents > 0 && game.keys.length > 0;
}

/** Selling prices in cents with their relative weights. */
const PRICE_POINTS: readonly (readonly [number, number])[] = [
  [199, 4],
  [299, 5],
  [399, 5],
  [449, 1],
  [499, 7],
  [599, 5],
  [799, 6],
  [999, 8],
  [1249, 1],
  [1299, 6],
  [1499, 7],
  [1799, 4],
  [1995, 1],
  [1999, 8],
  [2495, 1],
  [2499, 6],
  [2999, 6],
  [3499, 4],
  [3950, 1],
  [3999, 5],
  [4499, 2],
  [4999, 5],
  [5999, 3],
  [6999, 3],
  [7999, 2],
  [8999, 1],
  [9999, 1],
];
const PREMIUM_PRICES = [10_999, 12_999, 14_999] as const;

const IDENTIFIER_CODES: Readonly<Record<PlatformGroup, string>> = {
  Steam: 'steam',
  Epic: 'epic',
  GOG: 'gog',
  Ubisoft: 'ubi',
  EA: 'ea',
  BattleNet: 'bnet',
  Rockstar: 'rsg',
  Xbox: 'xbox',
  PlayStation: 'ps',
  Nintendo: 'nsw',
  Bethesda: 'beth',
  Apple: 'apple',
  GiftLink: 'gift',
  Official: 'web',
  Other: 'other',
};

const PC_REQUIREMENTS = [
  'OS: Windows 10 64-bit\nProcessor: Intel Core i5-4460 or AMD Ryzen 3 1200\nMemory: 8 GB RAM\nGraphics: NVIDIA GeForce GTX 960 or AMD Radeon R9 280\nStorage: 25 GB available space',
  'OS: Windows 10/11 64-bit\nProcessor: Intel Core i7-6700 or AMD Ryzen 5 1600\nMemory: 16 GB RAM\nGraphics: NVIDIA GeForce GTX 1070 or AMD Radeon RX 5700\nDirectX: Version 12\nStorage: 70 GB available space (SSD recommended)',
  'OS: Windows 8.1 or later\nProcessor: Dual core 2.4 GHz\nMemory: 4 GB RAM\nGraphics: Intel HD Graphics 520 or better\nStorage: 2 GB available space',
  'OS: Windows 10 64-bit\nProcessor: Intel Core i5-8400 or AMD Ryzen 5 2600\nMemory: 12 GB RAM\nGraphics: NVIDIA GeForce GTX 1060 6 GB or AMD Radeon RX 580 8 GB\nStorage: 45 GB available space',
] as const;

const CONSOLE_REQUIREMENTS: Partial<Record<PlatformGroup, readonly string[]>> = {
  Xbox: ['Xbox One or Xbox Series X|S console\nXbox network account\nStorage: 30 GB'],
  PlayStation: [
    'PlayStation 5 console (PS4 version included where stated)\nPlayStation Network account\nStorage: 35 GB',
  ],
  Nintendo: ['Nintendo Switch system\nNintendo Account\nStorage: 6.5 GB of free space'],
  Apple: [
    'macOS 12 Monterey or later\nApple M1 or Intel Core i5\nMemory: 8 GB RAM\nStorage: 10 GB available space',
  ],
};

const YOUTUBE_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

const escapeHtml = (text: string) =>
  text.replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch] ?? ch);

function genrePhrase(genre: string): string {
  const noun = genre === 'RPG' ? 'role-playing' : genre.toLowerCase();
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

function baseTitle(rng: Rng, accented: string[], year: number): string {
  if (accented.length > 0 && rng.chance(0.08))
    return accented.splice(rng.int(0, accented.length - 1), 1)[0] as string;
  const noun = rng.pick(TITLE_NOUNS);
  let second = rng.pick(TITLE_NOUNS);
  while (second === noun) second = rng.pick(TITLE_NOUNS);
  return rng
    .pick(TITLE_PATTERNS)
    .replace('{A}', rng.pick(TITLE_ADJECTIVES))
    .replace('{N2}', second)
    .replace('{N}', noun)
    .replace('{P}', rng.pick(TITLE_PLACES))
    .replace('{Y}', String(year));
}

function uuidFrom(rng: Rng): string {
  let hex = '';
  for (let i = 0; i < 32; i++) hex += rng.int(0, 15).toString(16);
  const variant = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

function releaseDate(rng: Rng): string | null {
  if (rng.chance(0.02)) return null;
  const start = Date.UTC(2009, 0, 1);
  const end = Date.UTC(2025, 9, 31);
  return new Date(start + Math.floor(rng.next() * (end - start))).toISOString().slice(0, 10);
}

function price(rng: Rng): number {
  if (rng.chance(0.02)) return rng.pick(PREMIUM_PRICES);
  return rng.weightedPick(PRICE_POINTS);
}

function description(rng: Rng, title: string, genre: string): string | null {
  const roll = rng.next();
  if (roll < 0.03) return null;
  const setting = rng.pick(SETTINGS);
  const [hookA, hookB] = rng.sample(HOOKS, 2);
  if (roll < 0.28) {
    const features = rng
      .sample(FEATURES, rng.int(3, 4))
      .map((feature) => `<li>${escapeHtml(feature)}</li>`)
      .join('');
    return `<p><strong>${escapeHtml(title)}</strong> is ${genrePhrase(genre)} game set in ${setting}.</p><p>${hookA}</p><ul>${features}</ul><p>${hookB}</p>`;
  }
  return `${title} is ${genrePhrase(genre)} game set in ${setting}. ${hookA} ${hookB}`;
}

function videos(rng: Rng): GameVideo[] {
  if (!rng.chance(0.55)) return [];
  return rng.sample(VIDEO_TITLES, rng.int(1, 2)).map((title) => {
    let id = '';
    for (let i = 0; i < 11; i++) id += rng.pick([...YOUTUBE_ID_ALPHABET]);
    return { url: `https://www.youtube.com/watch?v=${id}`, title };
  });
}

function keyCount(rng: Rng): number {
  const roll = rng.next();
  if (roll < 0.15) return rng.int(1, 3);
  if (roll < 0.35) return rng.int(4, 10);
  return rng.int(11, MAX_KEYS_PER_GAME);
}

/** The platform group of each game: every group at least MIN_GAMES_PER_GROUP times, the rest weighted. */
function groupsFor(rng: Rng, count: number): PlatformGroup[] {
  const groups: PlatformGroup[] = [];
  for (const group of platformGroups) for (let i = 0; i < MIN_GAMES_PER_GROUP; i++) groups.push(group);
  while (groups.length < count) groups.push(rng.weighted(PLATFORM_WEIGHTS));
  return rng.shuffle(groups.slice(0, count));
}

/**
 * The demo catalogue: a pure, deterministic function of its options. About 3 % of the games have no
 * price, about 5 % no keys and three are hidden, so the catalogue's visibility rule has work to do.
 */
export function generateCatalogue(options: CatalogueOptions = {}): GeneratedGame[] {
  const count = options.count ?? DEFAULT_CATALOGUE_SIZE;
  const seed = options.seed ?? DEFAULT_CATALOGUE_SEED;
  if (count < platformGroups.length * MIN_GAMES_PER_GROUP) {
    throw new RangeError(`The catalogue needs at least ${platformGroups.length * MIN_GAMES_PER_GROUP} games`);
  }
  const rng = createRng(seededRandom(seed));
  const keyRandom = seededRandom(seed ^ 0x5eed_c0de);

  const groups = groupsFor(rng, count);
  const accented = [...ACCENTED_TITLES];
  const bases: { title: string; group: PlatformGroup }[] = [];
  const seenTitles = new Set<string>();
  const seenIdentifiers = new Set<string>();
  const seenCodes = new Set<string>();
  const result: GeneratedGame[] = [];

  for (const [index, group] of groups.entries()) {
    const platform = rng.pick(PLATFORM_TEXTS[group]);
    const released = releaseDate(rng);
    const year = released ? Number(released.slice(0, 4)) : 2024;
    let title = '';
    let base = '';
    let isNewBase = true;
    for (let attempt = 0; !title || seenTitles.has(`${title}|${platform}`); attempt++) {
      // Some games are sold for several platforms under the same title.
      const reused = attempt === 0 && bases.length > 10 && rng.chance(0.12) ? rng.pick(bases) : undefined;
      isNewBase = !reused || reused.group === group;
      base = isNewBase ? baseTitle(rng, accented, year) : (reused as { title: string }).title;
      if (attempt > 5) base = `${base} ${rng.pick(['Origins', 'Reborn', 'Chronicles', 'Legacy'])}`;
      const suffixes = PLATFORM_TITLE_SUFFIXES[platform];
      title = base;
      if (rng.chance(0.2)) title += rng.pick(EDITION_SUFFIXES);
      if (suffixes && rng.chance(0.2)) title += rng.pick(suffixes);
    }
    if (isNewBase) bases.push({ title: base, group });
    seenTitles.add(`${title}|${platform}`);

    const providerId = `kl-${String(index + 1).padStart(6, '0')}`;
    const slug = slugify(title);
    let identifier = `${IDENTIFIER_CODES[group]}-${slug}`;
    if (seenIdentifiers.has(identifier)) identifier = `${identifier}-${index + 1}`;
    seenIdentifiers.add(identifier);

    const priceCents = price(rng);
    const genres = rng.sample(GENRES, rng.int(1, 3));
    const rated = rng.chance(0.85);
    const photoCount = rng.int(2, 5);

    result.push({
      providerId,
      productId: uuidFrom(rng),
      identifier,
      title,
      slug,
      platform,
      platformGroup: platformGroupOf(platform),
      region: rng.weighted(REGIONS),
      languages: rng.chance(0.03) ? '' : rng.pick(LANGUAGE_SETS),
      releaseDate: released,
      priceCents,
      priceBuyCents: Math.max(1, Math.floor((priceCents * rng.int(55, 85)) / 100)),
      coverUrl: rng.chance(0.05) ? null : `/media/covers/${providerId}.svg`,
      coverBUrl: rng.chance(0.4) ? `/media/covers/${providerId}.svg?variant=b` : null,
      description: description(rng, title, genres[0] as string),
      categories: rng.sample(CATEGORIES, rng.int(1, 4)),
      genres,
      tags: rng.sample(TAGS, rng.int(2, 6)),
      developers: rng.sample(DEVELOPERS, rng.chance(0.15) ? 2 : 1),
      publishers: rng.sample(PUBLISHERS, 1),
      photos: Array.from(
        { length: photoCount },
        (_, i) => `/media/covers/${providerId}.svg?variant=${i % 2 === 0 ? 'b' : 'a'}&shot=${i + 1}`,
      ),
      videos: videos(rng),
      minimumRequirements: rng.chance(0.05) ? null : rng.pick(CONSOLE_REQUIREMENTS[group] ?? PC_REQUIREMENTS),
      website: rng.chance(0.7) ? `https://www.${slug}-game.example` : null,
      rating: rated ? rng.int(25, 49) / 10 : 0,
      ratingsCount: rated ? Math.floor(5 + rng.next() ** 3 * 25_000) : 0,
      hidden: false,
      keys: [],
    });
  }

  // Items the visibility rule must hide, on distinct games.
  const order = rng.shuffle(result.map((_, i) => i));
  const zeroPrice = Math.max(2, Math.round(count * 0.03));
  const zeroKeys = Math.max(2, Math.round(count * 0.05));
  const noKeys = new Set(order.slice(zeroPrice, zeroPrice + zeroKeys));
  for (const i of order.slice(0, zeroPrice))
    Object.assign(result[i] as GeneratedGame, { priceCents: 0, priceBuyCents: 0 });
  for (const i of order.slice(zeroPrice + zeroKeys, zeroPrice + zeroKeys + 3))
    (result[i] as GeneratedGame).hidden = true;

  for (const [i, game] of result.entries()) {
    if (noKeys.has(i)) continue;
    const wanted = keyCount(rng);
    while (game.keys.length < wanted) {
      const code = generateKey(game.platformGroup, keyRandom);
      const normalised = normaliseKey(code);
      if (seenCodes.has(normalised)) continue;
      seenCodes.add(normalised);
      game.keys.push(code);
    }
  }
  return result;
}
