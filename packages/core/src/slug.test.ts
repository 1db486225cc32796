import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Cyber Odyssey 2077', 'cyber-odyssey-2077'],
    ['Crónica de Ébano: Deluxe Edition', 'cronica-de-ebano'],
    ['Shadow Tactics - Game of the Year Edition (Steam Key)', 'shadow-tactics'],
    ['Forza Racer 5 Premium Edition Xbox Series X|S', 'forza-racer-5'],
    ['Star Voyage PS5', 'star-voyage'],
    ['Mario-like Party Nintendo Switch EU', 'mario-like-party'],
    ["Assassin's Path: Ultimate Bundle", 'assassins-path'],
    ['Tom Clancy’s Ghost Unit (Ubisoft Connect)', 'tom-clancys-ghost-unit'],
    ['  Ñandú & Friends!!  ', 'nandu-friends'],
    ['Über Quest: Collector’s Edition GOG', 'uber-quest'],
    ['Battle Arena Battle.net Key GLOBAL', 'battle-arena'],
  ])('%s → %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('keeps only lower-case letters, digits and single hyphens', () => {
    for (const title of ['A -- B', '!!!', 'Ωmega Ζeta', '1/2 Life']) {
      expect(slugify(title)).toMatch(/^([\p{Ll}\p{N}]+(-[\p{Ll}\p{N}]+)*)?$/u);
    }
  });
});
