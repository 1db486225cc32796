import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  fieldNameOf,
  findUnsafeText,
  isSafeText,
  refuseUnsafeText,
  safeTextSchema,
  unsafeCharOf,
} from './text-safety.ts';

describe('unsafeCharOf', () => {
  it.each([
    ['plain', 'Grim Fandango'],
    ['tab and newlines', 'line one\tcol\r\nline two\n'],
    ['accents, CJK and emoji (surrogate pairs)', 'Crónica 東京 🎮👩‍👩‍👧 𝕏'],
    ['the replacement character', '\ufffd'],
    ['C1 controls and non-characters', '\u0085\u009f\ufffe'],
    ['empty', ''],
  ])('accepts %s', (_label, text) => {
    expect(unsafeCharOf(text)).toBeUndefined();
    expect(isSafeText(text)).toBe(true);
  });

  it.each([
    ['NUL', 'a\u0000b', 1, 'control'],
    ['bell', '\u0007', 0, 'control'],
    ['vertical tab', 'x\u000b', 1, 'control'],
    ['form feed', 'x\u000c', 1, 'control'],
    ['escape', 'x\u001b[31m', 1, 'control'],
    ['unit separator', '\u001f', 0, 'control'],
    ['DEL', 'ab\u007f', 2, 'control'],
    ['a lone high surrogate', 'ok\ud800', 2, 'surrogate'],
    ['a high surrogate followed by text', '\ud83cx', 0, 'surrogate'],
    ['a lone low surrogate', 'ok\udc00ok', 2, 'surrogate'],
    ['two high surrogates', '\ud83c\ud83c\udfae', 0, 'surrogate'],
  ])('refuses %s', (_label, text, index, reason) => {
    expect(unsafeCharOf(text)).toEqual({ index, reason });
    expect(isSafeText(text)).toBe(false);
  });

  it('starts at the index it is given', () => {
    expect(unsafeCharOf('\u0000a\u0001', 1)).toEqual({ index: 2, reason: 'control' });
  });
});

describe('findUnsafeText', () => {
  it('finds nothing in safe JSON values', () => {
    expect(
      findUnsafeText({ a: [1, true, null, 'x\n', { b: 'é🎮' }], c: 2.5, '': 'empty key' }),
    ).toBeUndefined();
    expect(findUnsafeText(42)).toBeUndefined();
    expect(findUnsafeText(null)).toBeUndefined();
    expect(findUnsafeText(undefined)).toBeUndefined();
  });

  it('names the path of the first unsafe string value', () => {
    expect(findUnsafeText({ filters: { name: 'x', platform: 'pc\u0000' } })).toEqual({
      path: ['filters', 'platform'],
      reason: 'control',
      inKey: false,
    });
    expect(findUnsafeText({ items: [{ title: 'ok' }, { title: '\udfff' }] })?.path).toEqual([
      'items',
      1,
      'title',
    ]);
    expect(findUnsafeText('\u0000')).toEqual({ path: [], reason: 'control', inKey: false });
  });

  it('walks in document order', () => {
    expect(findUnsafeText({ a: { deep: ['\u0001'] }, b: '\u0002' })?.path).toEqual(['a', 'deep', 0]);
    expect(findUnsafeText(['ok', ['\u0003'], '\u0004'])?.path).toEqual([1, 0]);
  });

  it('refuses unsafe object keys, at every depth', () => {
    expect(findUnsafeText({ 'na\u0000me': 'x' })).toEqual({
      path: ['na\u0000me'],
      reason: 'control',
      inKey: true,
    });
    expect(findUnsafeText({ filters: [{ '\ud800': 1 }] })).toEqual({
      path: ['filters', 0, '\ud800'],
      reason: 'surrogate',
      inKey: true,
    });
  });

  it('treats prototype keys as ordinary keys', () => {
    const body = JSON.parse('{"__proto__": {"admin": "\\u0000"}, "constructor": {"prototype": {}}}');
    expect(findUnsafeText(body)?.path).toEqual(['__proto__', 'admin']);
    expect(({} as { admin?: unknown }).admin).toBeUndefined();
  });

  it('walks very deep values without exhausting the stack', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    expect(findUnsafeText(deep)?.path).toHaveLength(depth);
  });

  it('does not look into values that are not plain JSON', () => {
    expect(findUnsafeText({ when: new Date(0), bytes: new Uint8Array([0]) })).toBeUndefined();
  });
});

describe('fieldNameOf', () => {
  it('joins keys and indexes with dots', () => {
    expect(fieldNameOf(['filters', 'priceRange', 0])).toBe('filters.priceRange.0');
    expect(fieldNameOf([])).toBe('');
  });

  it('escapes the characters a key was refused for, and cuts long keys', () => {
    expect(fieldNameOf(['na\u0000me', 'x\ud800'])).toBe('na\\u0000me.x\\ud800');
    expect(fieldNameOf(['🎮'])).toBe('🎮');
    const name = fieldNameOf(['k'.repeat(100_000)]);
    expect(name.length).toBeLessThan(100);
  });
});

describe('zod helpers', () => {
  it('safeTextSchema refuses unsafe strings', () => {
    expect(safeTextSchema.safeParse('Grim Fandango\n').success).toBe(true);
    expect(safeTextSchema.safeParse('a\u0000').success).toBe(false);
  });

  it('refuseUnsafeText reports the first unsafe string at its path', () => {
    const schema = z.object({ filters: z.object({ name: z.string() }) }).superRefine(refuseUnsafeText);
    const result = schema.safeParse({ filters: { name: 'x\u0000' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['filters', 'name']);
    expect(schema.safeParse({ filters: { name: 'x' } }).success).toBe(true);
  });
});
