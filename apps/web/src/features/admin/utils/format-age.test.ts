import { describe, expect, it } from 'vitest';
import { formatAge } from './format-age.ts';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('formatAge', () => {
  it('says minutes under an hour, hours under two days, days after', () => {
    expect(formatAge(ago(5 * 60_000), 'en', now)).toBe('5 minutes ago');
    expect(formatAge(ago(3 * 3_600_000), 'en', now)).toBe('3 hours ago');
    expect(formatAge(ago(30 * 3_600_000), 'en', now)).toBe('30 hours ago');
    expect(formatAge(ago(12 * 86_400_000), 'en', now)).toBe('12 days ago');
  });

  it('speaks the interface language and never says "in" for a clock a little ahead', () => {
    expect(formatAge(ago(3 * 86_400_000), 'de', now)).toBe('vor 3 Tagen');
    expect(formatAge(ago(-60_000), 'en', now)).toBe('this minute');
  });
});
