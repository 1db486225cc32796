import { platformGroups } from '@keyland/core/platforms';
import { describe, expect, it } from 'vitest';
import {
  generateKey,
  KEY_FORMATS,
  keyCharacterCount,
  keyPattern,
  matchesKeyFormat,
  normaliseKey,
} from './key-format.ts';
import { seededRandom } from './random.ts';

const alnum = (code: string) => code.replace(/-/g, '');

describe('key formats', () => {
  it('uses the code lengths of the redemption help', () => {
    expect(keyCharacterCount('Xbox')).toBe(25);
    expect(keyCharacterCount('PlayStation')).toBe(12);
    expect(keyCharacterCount('Nintendo')).toBe(16);
  });

  it('writes Xbox codes as five groups of five alphanumerics', () => {
    const code = generateKey('Xbox', seededRandom(1));
    expect(code).toMatch(/^[A-Z0-9]{5}(-[A-Z0-9]{5}){4}$/);
    expect(alnum(code)).toHaveLength(25);
    expect(code).not.toMatch(/[AEIOULS015]/);
  });

  it('writes PlayStation codes with 12 characters', () => {
    const code = generateKey('PlayStation', seededRandom(2));
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(alnum(code)).toHaveLength(12);
  });

  it('writes Nintendo codes with 16 characters', () => {
    const code = generateKey('Nintendo', seededRandom(3));
    expect(alnum(code)).toMatch(/^[A-Z0-9]{16}$/);
  });

  it('writes Steam codes as 5-5-5', () => {
    expect(generateKey('Steam', seededRandom(4))).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}$/);
  });

  it('writes gift links as URLs', () => {
    expect(generateKey('GiftLink', seededRandom(5))).toMatch(
      /^https:\/\/gift\.keyland\.test\/redeem\/[A-Z0-9]{16}$/,
    );
  });

  it.each(platformGroups)('generates %s codes that match their own pattern', (group) => {
    const random = seededRandom(42);
    for (let i = 0; i < 50; i++) expect(matchesKeyFormat(group, generateKey(group, random))).toBe(true);
    expect(keyPattern(group).test('not-a-key')).toBe(false);
    expect(KEY_FORMATS[group].groups.length).toBeGreaterThan(0);
  });

  it('is reproducible with a seeded source and varied without one', () => {
    expect(generateKey('Steam', seededRandom(9))).toBe(generateKey('Steam', seededRandom(9)));
    expect(generateKey('Steam')).not.toBe(generateKey('Steam'));
  });

  it('normalises codes the way the key vault fingerprints them', () => {
    expect(normaliseKey('abcde-fghij 12345')).toBe('ABCDEFGHIJ12345');
  });
});
