import { describe, expect, it } from 'vitest';
import { parseJsonList, parseNameList, rawgDataSchema, safeUrlSchema } from './game-detail.ts';

describe('parseJsonList', () => {
  it('keeps real arrays and parses JSON text of an array', () => {
    expect(parseJsonList(['a', 1])).toEqual(['a', 1]);
    expect(parseJsonList('["Action", "RPG"]')).toEqual(['Action', 'RPG']);
    expect(parseJsonList('  [{"name":"PC"}]  ')).toEqual([{ name: 'PC' }]);
  });

  it('answers an empty list for text that does not parse or is not an array, never throwing', () => {
    for (const value of ['{not json', '[1, 2', '', '   ', 'null', '42', '"text"', '{"a":1}', 'Action, RPG']) {
      expect(parseJsonList(value), value).toEqual([]);
    }
    for (const value of [undefined, null, 42, true, { a: 1 }]) expect(parseJsonList(value)).toEqual([]);
  });
});

describe('parseNameList', () => {
  it('reads strings, {name}, {title} and RAWG nested {platform|store|genre|tag: {name}}', () => {
    expect(
      parseNameList(
        '[" Action ", {"name":"RPG"}, {"title":"exceptional"}, {"platform":{"name":"PC"}}, {"store":{"name":"Steam"}}]',
      ),
    ).toEqual(['Action', 'RPG', 'exceptional', 'PC', 'Steam']);
  });

  it('drops elements it cannot read', () => {
    expect(parseNameList([1, null, '', {}, { name: 3 }, ['x'], 'Kept'])).toEqual(['Kept']);
    expect(parseNameList('oops')).toEqual([]);
  });
});

describe('rawgDataSchema', () => {
  it('parses list fields given as JSON text and bounds them', () => {
    const parsed = rawgDataSchema.parse({
      genres: '["Action"]',
      tags: 'broken[',
      short_screenshots: '[{"image":"https://x.example/1.jpg"}, 7]',
      movies: '[{"name":"Trailer","data":{"max":"https://x.example/t.mp4"}}]',
      ratings: '[{"title":"meh","count":2,"percent":10}, "junk"]',
    });
    expect(parsed).toMatchObject({
      genres: ['Action'],
      tags: [],
      short_screenshots: ['https://x.example/1.jpg'],
      movies: [{ url: 'https://x.example/t.mp4', title: 'Trailer' }],
      ratings: [{ title: 'meh', count: 2, percent: 10 }],
    });
    expect(rawgDataSchema.safeParse({ tags: Array.from({ length: 61 }, (_, i) => `t${i}`) }).success).toBe(
      false,
    );
    expect(rawgDataSchema.safeParse({ genres: ['x'.repeat(101)] }).success).toBe(false);
  });
});

describe('safeUrlSchema', () => {
  it('accepts http(s) URLs and store paths only', () => {
    for (const ok of ['https://a.example/x.jpg', 'http://a.example', '/media/covers/a.svg?variant=b']) {
      expect(safeUrlSchema.safeParse(ok).success, ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/x',
      'data:image/png;base64,xx',
      'ftp://x',
      'x.jpg',
      '',
    ]) {
      expect(safeUrlSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
