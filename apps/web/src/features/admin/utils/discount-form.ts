import { tallinnInputToIso } from '@keyland/core/dates';
import type { PromotionScope } from '@keyland/core/pricing';

/**
 * The rules the discount forms share (promotions and coupons): typed numbers and euro amounts, the
 * games a discount applies to, and its window typed in Tallinn time. Each form names its own reasons.
 */

/** A game chosen for a discount, with the title the form lists it by. */
export interface ChosenGame {
  id: number;
  title: string;
}

/** Why a typed value is refused: nothing typed, or not a value in the allowed range. */
export type Refusal = 'missing' | 'invalid';

/** Reasons the checks below give (and ScopeReason, WindowReason), each form wording them in its own texts. */
export type NameReason = 'nameRequired' | 'nameTooLong';
export type PercentReason = 'percentRequired' | 'percentInvalid';

const WHOLE = /^\d+$/;
/** A typed euro amount: digits with a dot or comma and at most two decimals ('9,99' is accepted). */
const EUROS = /^\d+(?:[.,]\d{1,2})?$/;
const DAY_MS = 86_400_000;

/** A refusal as the reason a form gives for its value `name`: `price` → `priceRequired` or `priceInvalid`. */
export const reasonFor = <Name extends string>(name: Name, refusal: Refusal) =>
  refusal === 'missing' ? (`${name}Required` as const) : (`${name}Invalid` as const);

/** A typed euro amount as a number (a valid one: see checkEuros). */
export const parseEuros = (text: string): number => Number(text.trim().replace(',', '.'));

/** A whole number from `min` to `max`. */
export function checkWhole(text: string, min: number, max: number): Refusal | undefined {
  const value = text.trim();
  if (value === '') return 'missing';
  return WHOLE.test(value) && Number(value) >= min && Number(value) <= max ? undefined : 'invalid';
}

/** Euros with at most two decimals, above `above` (or from 0 when `above` is null) and at most `max`. */
export function checkEuros(text: string, above: number | null, max: number): Refusal | undefined {
  const value = text.trim();
  if (value === '') return 'missing';
  if (!EUROS.test(value)) return 'invalid';
  const euros = parseEuros(value);
  return (above === null || euros > above) && euros <= max ? undefined : 'invalid';
}

/** A name: trimmed, not empty, at most `max` characters. */
export function nameErrors(text: string, max: number): { name?: NameReason } {
  const name = text.trim();
  if (name === '') return { name: 'nameRequired' };
  return name.length > max ? { name: 'nameTooLong' } : {};
}

/** A whole percent off, from 1 to `max`. */
export function percentErrors(text: string, max: number): { percentOff?: PercentReason } {
  const refusal = checkWhole(text, 1, max);
  return refusal ? { percentOff: reasonFor('percent', refusal) } : {};
}

/** Which games a discount applies to, as the forms hold it. */
export interface ScopeValues {
  scope: PromotionScope;
  platform: string;
  games: ChosenGame[];
}

export interface ScopeErrors {
  platform?: 'platformRequired';
  gameIds?: 'gamesRequired' | 'gamesTooMany';
}
export type ScopeReason = NonNullable<ScopeErrors[keyof ScopeErrors]>;

/** The platform or the games (at least one, at most `maxGames`) that the scope needs. */
export function scopeErrors(values: ScopeValues, maxGames: number): ScopeErrors {
  if (values.scope === 'platform' && values.platform.trim() === '') return { platform: 'platformRequired' };
  if (values.scope !== 'games') return {};
  if (values.games.length === 0) return { gameIds: 'gamesRequired' };
  return values.games.length > maxGames ? { gameIds: 'gamesTooMany' } : {};
}

/** The scope as the API takes it: the platform and games only where the scope uses them. */
export function scopeInput(values: ScopeValues): {
  scope: PromotionScope;
  platform: string | null;
  gameIds: number[];
} {
  return {
    scope: values.scope,
    platform: values.scope === 'platform' ? values.platform.trim() : null,
    gameIds: values.scope === 'games' ? values.games.map((game) => game.id) : [],
  };
}

export interface WindowErrors {
  startsAt?: 'startRequired' | 'timeInvalid';
  endsAt?: 'endRequired' | 'timeInvalid' | 'endBeforeStart' | 'tooLong';
}
export type WindowReason = NonNullable<WindowErrors[keyof WindowErrors]>;

/**
 * A window typed as `datetime-local` values in Tallinn time: an end, a start unless `startOptional` (the
 * server then starts it now), the end after the start and, with `maxDays`, at most that many days later.
 */
export function windowErrors(
  startsAt: string,
  endsAt: string,
  options: { startOptional: true },
): { startsAt?: 'timeInvalid'; endsAt?: 'endRequired' | 'timeInvalid' | 'endBeforeStart' };
export function windowErrors(startsAt: string, endsAt: string, options: { maxDays: number }): WindowErrors;
export function windowErrors(
  startsAt: string,
  endsAt: string,
  { startOptional = false, maxDays }: { startOptional?: boolean; maxDays?: number },
): WindowErrors {
  const errors: WindowErrors = {};
  const start = startsAt === '' ? null : tallinnInputToIso(startsAt);
  const end = endsAt === '' ? null : tallinnInputToIso(endsAt);
  if (startsAt !== '' && !start) errors.startsAt = 'timeInvalid';
  else if (startsAt === '' && !startOptional) errors.startsAt = 'startRequired';
  if (endsAt === '') errors.endsAt = 'endRequired';
  else if (!end) errors.endsAt = 'timeInvalid';
  if (!start || !end) return errors;
  const length = Date.parse(end) - Date.parse(start);
  if (length <= 0) errors.endsAt = 'endBeforeStart';
  else if (maxDays !== undefined && length > maxDays * DAY_MS) errors.endsAt = 'tooLong';
  return errors;
}

/** A typed Tallinn time as the instant the API takes (a valid one: see windowErrors). */
export const tallinnToIso = (value: string): string => tallinnInputToIso(value) ?? value;

/** The form field a server validation error names (`endsAt`, `gameIds.3` → `gameIds`), if it is one. */
export function formFieldOf<Field extends string>(
  fields: readonly Field[],
  serverField: string | undefined,
): Field | undefined {
  const head = serverField?.split('.')[0];
  return fields.find((field) => field === head);
}
