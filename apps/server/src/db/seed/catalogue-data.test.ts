import { platformGroupOf, platformGroups } from '@keyland/core/platforms';
import { slugify } from '@keyland/core/slug';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CATALOGUE_SIZE,
  type GeneratedGame,
  generateCatalogue,
  isListed,
  MAX_KEYS_PER_GAME,
} from './catalogue-data.ts';
import { matchesKeyFormat, normaliseKey } from './key-format.ts';

const catalogue = generateCatalogue();
const share = (predicate: (game: GeneratedGame) => boolean) =>
  catalogue.filter(predicate).length / catalogue.length;
const alnum = (code: string) => code.replace(/-/g, '');

describe('generateCatalogue', () => {
  it('produces at least 320 games, the same ones on every call', () => {
    expect(catalogue.length).toBe(DEFAULT_CATALOGUE_SIZE);
    expect(catalogue.length).toBeGreaterThanOrEqual(320);
    expect(generateCatalogue()).toEqual(catalogue);
    expect(generateCatalogue({ seed: 1 })[0]).not.toEqual(catalogue[0]);
  });

  it('covers every platform group with several listed games', () => {
    for (const group of platformGroups) {
      const games = catalogue.filter((game) => game.platformGroup === group);
      expect(games.length, group).toBeGreaterThanOrEqual(6);
      expect(games.filter(isListed).length, group).toBeGreaterThanOrEqual(3);
    }
  });

  it('maps each platform text to its group', () => {
    for (const game of catalogue) expect(platformGroupOf(game.platform)).toBe(game.platformGroup);
    for (const text of [
      'Steam',
      'Epic Games',
      'GOG',
      'Ubisoft Connect',
      'EA App',
      'Battle.net',
      'Xbox Series X|S',
      'PSN',
      'Nintendo Switch',
      'Bethesda.net',
      'Gift Link',
      'Official website',
      'Sega',
    ]) {
      expect(
        catalogue.some((game) => game.platform === text),
        text,
      ).toBe(true);
    }
  });

  it('gives unique provider, product ids and identifiers', () => {
    expect(new Set(catalogue.map((g) => g.providerId)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((g) => g.productId)).size).toBe(catalogue.length);
    expect(new Set(catalogue.map((g) => g.identifier)).size).toBe(catalogue.length);
    for (const game of catalogue) {
      expect(game.providerId).toMatch(/^kl-\d{6}$/);
      expect(game.productId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(game.slug).toBe(slugify(game.title));
      expect(game.slug).not.toBe('');
    }
  });

  it('has invented titles with accents and edition or platform words', () => {
    expect(catalogue.some((g) => /[áéíóúñüöäçœ]/i.test(g.title))).toBe(true);
    expect(catalogue.some((g) => /Edition/.test(g.title))).toBe(true);
    expect(catalogue.some((g) => /\b(PS5|PS4|Xbox|Switch|Steam Key)\b/.test(g.title))).toBe(true);
    expect(new Set(catalogue.map((g) => `${g.title}|${g.platform}`)).size).toBe(catalogue.length);
  });

  it('prices in cents, mostly ending in 99, with a buying price below the selling price', () => {
    for (const game of catalogue) {
      expect(Number.isInteger(game.priceCents)).toBe(true);
      if (game.priceCents === 0) {
        expect(game.priceBuyCents).toBe(0);
        continue;
      }
      expect(game.priceCents).toBeGreaterThanOrEqual(199);
      expect(game.priceCents).toBeLessThanOrEqual(14_999);
      expect(game.priceBuyCents).toBeGreaterThan(0);
      expect(game.priceBuyCents).toBeLessThan(game.priceCents);
    }
    expect(share((g) => g.priceCents % 100 === 99)).toBeGreaterThan(0.8);
    expect(catalogue.filter((g) => g.priceCents > 10_000).length).toBeGreaterThan(0);
  });

  it('contains the items the catalogue must hide', () => {
    const zeroPrice = catalogue.filter((g) => g.priceCents === 0);
    const noKeys = catalogue.filter((g) => g.keys.length === 0);
    const hidden = catalogue.filter((g) => g.hidden);
    expect(zeroPrice.length).toBeGreaterThanOrEqual(Math.floor(catalogue.length * 0.02));
    expect(noKeys.length).toBeGreaterThanOrEqual(Math.floor(catalogue.length * 0.04));
    expect(hidden.length).toBeGreaterThanOrEqual(2);
    for (const game of [...zeroPrice, ...noKeys, ...hidden]) expect(isListed(game)).toBe(false);
    expect(catalogue.filter(isListed).length).toBeGreaterThanOrEqual(300);
  });

  it('gives 0 to 25 keys in the platform format, every code unique', () => {
    const codes = catalogue.flatMap((g) => g.keys);
    expect(new Set(codes.map(normaliseKey)).size).toBe(codes.length);
    for (const game of catalogue) {
      expect(game.keys.length).toBeLessThanOrEqual(MAX_KEYS_PER_GAME);
      for (const code of game.keys) expect(matchesKeyFormat(game.platformGroup, code), code).toBe(true);
    }
    const sample = (group: GeneratedGame['platformGroup']) =>
      catalogue.find((g) => g.platformGroup === group && g.keys.length > 0)?.keys[0] ?? '';
    expect(sample('Xbox')).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/);
    expect(alnum(sample('Xbox'))).toHaveLength(25);
    expect(alnum(sample('PlayStation'))).toMatch(/^[A-Z0-9]{12}$/);
    expect(alnum(sample('Nintendo'))).toMatch(/^[A-Z0-9]{16}$/);
    expect(sample('Steam')).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  });

  it('uses only the generated cover routes, with some games left without a cover', () => {
    const noCover = share((g) => g.coverUrl === null);
    expect(noCover).toBeGreaterThan(0.02);
    expect(noCover).toBeLessThan(0.09);
    expect(catalogue.some((g) => g.coverBUrl !== null)).toBe(true);
    for (const game of catalogue) {
      const prefix = `/media/covers/${game.providerId}.svg`;
      if (game.coverUrl) expect(game.coverUrl).toBe(prefix);
      if (game.coverBUrl) expect(game.coverBUrl).toBe(`${prefix}?variant=b`);
      expect(game.photos.length).toBeGreaterThanOrEqual(2);
      expect(game.photos.length).toBeLessThanOrEqual(5);
      for (const photo of game.photos) expect(photo.startsWith(`${prefix}?variant=`)).toBe(true);
    }
  });

  it('mixes plain, HTML and missing descriptions', () => {
    const html = share((g) => g.description?.startsWith('<p>') ?? false);
    expect(html).toBeGreaterThan(0.15);
    expect(html).toBeLessThan(0.35);
    expect(catalogue.some((g) => g.description === null)).toBe(true);
    expect(catalogue.some((g) => g.description && !g.description.includes('<'))).toBe(true);
    expect(catalogue.some((g) => /<ul>.*<strong>|<strong>.*<ul>/.test(g.description ?? ''))).toBe(true);
  });

  it('fills the detail fields', () => {
    expect(catalogue.some((g) => g.languages === '')).toBe(true);
    expect(catalogue.some((g) => g.languages === 'Multilanguage')).toBe(true);
    expect(new Set(catalogue.map((g) => g.region))).toEqual(
      new Set(['EU', 'GLOBAL', 'EMEA', 'Europe', 'EU & UK']),
    );
    const videos = catalogue.flatMap((g) => g.videos);
    expect(videos.length).toBeGreaterThan(0);
    expect(catalogue.some((g) => g.videos.length === 0)).toBe(true);
    for (const video of videos)
      expect(video.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/);
    for (const game of catalogue) {
      expect(game.rating).toBeGreaterThanOrEqual(0);
      expect(game.rating).toBeLessThanOrEqual(5);
      if (game.releaseDate) expect(game.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(game.genres.length).toBeGreaterThan(0);
      expect(game.developers.length).toBeGreaterThan(0);
      expect(game.publishers.length).toBeGreaterThan(0);
    }
  });

  it('refuses a catalogue too small to cover every group', () => {
    expect(() => generateCatalogue({ count: 10 })).toThrow(RangeError);
  });
});
