import { describe, expect, it } from 'vitest';
import { lowerCents, upperCents } from './catalogue.service.ts';
import { etagOf, ifNoneMatchHits } from './http-cache.ts';

describe('catalogue HTTP validators', () => {
  it('derives a strong, quoted ETag from the body', () => {
    const tag = etagOf('[1,2]');
    expect(tag).toMatch(/^"[\w-]{43}"$/);
    expect(etagOf('[1,2]')).toBe(tag);
    expect(etagOf('[1,3]')).not.toBe(tag);
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    const tag = etagOf('x');
    expect(ifNoneMatchHits(undefined, tag)).toBe(false);
    expect(ifNoneMatchHits('"a"', tag)).toBe(false);
    expect(ifNoneMatchHits(`"a", ${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits(`W/${tag}`, tag)).toBe(true);
    expect(ifNoneMatchHits('*', tag)).toBe(true);
  });
});

describe('price filter bounds', () => {
  it('turns euro bounds into cents without floating-point loss', () => {
    expect(upperCents(5.1)).toBe(510);
    expect(lowerCents(5.1)).toBe(510);
    expect(lowerCents(0.29)).toBe(29);
    expect(upperCents(0.295)).toBe(29);
    expect(lowerCents(0.295)).toBe(30);
    expect(upperCents(100)).toBe(10_000);
  });
});
