import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatDay,
  isoToTallinnInput,
  tallinnInputToIso,
  tallinnMonthStart,
} from './dates.ts';

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

// Tallinn is UTC+2 in winter and UTC+3 in summer. In 2026 summer time starts on Sunday 29 March (03:00 →
// 04:00, at 01:00 UTC) and ends on Sunday 25 October (04:00 → 03:00, at 01:00 UTC).
describe('Tallinn wall time', () => {
  it('reads a winter and a summer time with their offsets', () => {
    expect(tallinnInputToIso('2026-01-15T10:00')).toBe('2026-01-15T08:00:00.000Z');
    expect(tallinnInputToIso('2026-07-01T00:00')).toBe('2026-06-30T21:00:00.000Z');
    expect(tallinnInputToIso('2026-12-31T23:59')).toBe('2026-12-31T21:59:00.000Z');
  });

  it('reads the times around the start of summer time, moving the skipped hour forward', () => {
    expect(tallinnInputToIso('2026-03-29T02:59')).toBe('2026-03-29T00:59:00.000Z');
    // 03:00 to 03:59 never shows on Tallinn's clocks that night: 03:30 is taken as 04:30 summer time.
    expect(tallinnInputToIso('2026-03-29T03:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(tallinnInputToIso('2026-03-29T03:30')).toBe('2026-03-29T01:30:00.000Z');
    expect(tallinnInputToIso('2026-03-29T04:00')).toBe('2026-03-29T01:00:00.000Z');
    expect(tallinnInputToIso('2026-03-29T12:00')).toBe('2026-03-29T09:00:00.000Z');
    expect(tallinnInputToIso('2026-03-28T12:00')).toBe('2026-03-28T10:00:00.000Z');
  });

  it('reads the times around the end of summer time, the doubled hour the first time', () => {
    expect(tallinnInputToIso('2026-10-25T02:59')).toBe('2026-10-24T23:59:00.000Z');
    expect(tallinnInputToIso('2026-10-25T03:30')).toBe('2026-10-25T00:30:00.000Z');
    expect(tallinnInputToIso('2026-10-25T04:00')).toBe('2026-10-25T02:00:00.000Z');
    expect(tallinnInputToIso('2026-10-25T12:00')).toBe('2026-10-25T10:00:00.000Z');
    expect(tallinnInputToIso('2026-10-24T12:00')).toBe('2026-10-24T09:00:00.000Z');
  });

  it('accepts seconds and refuses what is not a datetime-local value or no real day', () => {
    expect(tallinnInputToIso('2026-01-15T10:00:30')).toBe('2026-01-15T08:00:30.000Z');
    for (const value of ['', '2026-01-15', '2026-01-15 10:00', '15.01.2026 10:00', '2026-02-30T10:00']) {
      expect(tallinnInputToIso(value), value).toBeNull();
    }
    expect(tallinnInputToIso('2026-01-15T24:00')).toBeNull();
    expect(tallinnInputToIso('2026-13-01T10:00')).toBeNull();
    expect(tallinnInputToIso('2026-01-15T10:60')).toBeNull();
  });

  it('writes instants as Tallinn wall time on both sides of each change', () => {
    expect(isoToTallinnInput('2026-01-15T08:00:00.000Z')).toBe('2026-01-15T10:00');
    expect(isoToTallinnInput('2026-03-29T00:59:00Z')).toBe('2026-03-29T02:59');
    expect(isoToTallinnInput('2026-03-29T01:00:00Z')).toBe('2026-03-29T04:00');
    expect(isoToTallinnInput('2026-10-25T00:30:00Z')).toBe('2026-10-25T03:30');
    expect(isoToTallinnInput('2026-10-25T01:30:00Z')).toBe('2026-10-25T03:30');
    expect(isoToTallinnInput('2026-10-25T02:00:00Z')).toBe('2026-10-25T04:00');
    // An instant given with another offset is the same instant.
    expect(isoToTallinnInput('2026-07-01T12:00:00+02:00')).toBe('2026-07-01T13:00');
    expect(isoToTallinnInput('2026-12-31T22:30:00Z')).toBe('2027-01-01T00:30');
  });

  it('starts a month at midnight on Tallinn clocks, in winter and in summer time', () => {
    expect(tallinnMonthStart(2026, 0).toISOString()).toBe('2025-12-31T22:00:00.000Z');
    expect(tallinnMonthStart(2026, 3).toISOString()).toBe('2026-03-31T21:00:00.000Z');
    expect(tallinnMonthStart(2026, 10).toISOString()).toBe('2026-10-31T22:00:00.000Z');
    // Month 12 is January of the next year.
    expect(tallinnMonthStart(2026, 12).toISOString()).toBe('2026-12-31T22:00:00.000Z');
  });

  it('writes nothing for a missing or unreadable instant', () => {
    expect(isoToTallinnInput('')).toBe('');
    expect(isoToTallinnInput(null)).toBe('');
    expect(isoToTallinnInput('soon')).toBe('');
  });

  it('reads back what it writes, every hour of a year', () => {
    const start = Date.UTC(2026, 0, 1);
    for (let at = start; at < Date.UTC(2027, 0, 1); at += 3_600_000) {
      const iso = new Date(at).toISOString();
      const wall = isoToTallinnInput(iso);
      // The second pass through the doubled October hour reads back as its first pass, an hour earlier.
      const expected = iso === '2026-10-25T01:00:00.000Z' ? '2026-10-25T00:00:00.000Z' : iso;
      expect(tallinnInputToIso(wall), wall).toBe(expected);
    }
  });
});
