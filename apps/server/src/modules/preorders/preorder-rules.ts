import { isoToTallinnInput } from '@keyland/core/dates';
import { sql } from 'drizzle-orm';

/** The dashboard warns of a pre-ordered game this many days before its release when keys are missing. */
export const PREORDER_WARNING_DAYS = 3;

/** The calendar day in Tallinn at an instant (YYYY-MM-DD): a release day begins at 00:00 there. */
export const tallinnDay = (at: Date): string => isoToTallinnInput(at.toISOString()).slice(0, 10);

/** The day `days` after `day` (YYYY-MM-DD, calendar arithmetic). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The day a game bought at `at` is delivered when it sells as a pre-order (an admin allowed it and its
 * release date is after Tallinn's day), or null when it sells from stock as usual.
 */
export function preorderReleaseOf(
  game: { preorderAllowed: boolean; releaseDate: string | null },
  at: Date,
): string | null {
  if (!game.preorderAllowed || game.releaseDate === null) return null;
  return game.releaseDate > tallinnDay(at) ? game.releaseDate : null;
}

/**
 * `preorderReleaseOf` in SQL, correlated on `"games"` like the stock's definition (modules/stock): the
 * release date (text, YYYY-MM-DD) while the game sells as a pre-order on `today`, else null.
 */
export const preorderReleaseSql = (today: string) =>
  sql<string | null>`(case when "games"."preorder_allowed" and "games"."release_date" > ${today}::date
    then "games"."release_date"::text end)`;
