import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDay } from './dates.ts';

describe('dates', () => {
  it('formats a bare release day without shifting it', () => {
    expect(formatDay('2024-03-01', 'en')).toBe('Mar 1, 2024');
    expect(formatDay(null, 'en')).toBeNull();
    expect(formatDay('not a date', 'en')).toBeNull();
  });

  it('formats a day of a chart short, in the reader language', () => {
    expect(formatDay('2025-03-12', 'en', 'short')).toBe('Mar 12');
    expect(formatDay('2025-03-12', 'es', 'short')).toBe('12 mar');
  });

  it('formats instants in three lengths, a dash when missing and the value when unreadable', () => {
    const at = '2025-03-12T10:05:09Z';
    const shown = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(at),
    );
    expect(formatDateTime(at, 'en')).toBe(shown);
    expect(formatDateTime(at, 'en', 'long')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(at)),
    );
    expect(formatDateTime(at, 'en', 'precise')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'long' }).format(new Date(at)),
    );
    expect(formatDateTime(null, 'en')).toBe('—');
    expect(formatDateTime('soon', 'en')).toBe('soon');
  });
});
