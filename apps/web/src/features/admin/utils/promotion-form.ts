import { isoToTallinnInput, tallinnInputToIso } from '@keyland/core/dates';
import { MAX_PERCENT_OFF, type PromotionKind, type PromotionScope } from '@keyland/core/pricing';
import {
  PROMOTION_FIXED_PRICE_MAX,
  PROMOTION_MAX_DAYS,
  PROMOTION_MAX_GAMES,
  PROMOTION_NAME_MAX,
  type Promotion,
  type PromotionInput,
} from '#src/features/admin/api/admin-promotions-api.ts';

/** A game chosen for a promotion, with the title the form lists it by. */
export interface ChosenGame {
  id: number;
  title: string;
}

/** What the promotion form holds: the fields as typed; the times as `datetime-local` values in Tallinn time. */
export interface PromotionFormValues {
  name: string;
  kind: PromotionKind;
  percentOff: string;
  fixedPrice: string;
  scope: PromotionScope;
  platform: string;
  games: ChosenGame[];
  startsAt: string;
  endsAt: string;
}

/** The fields a message can sit under, named as the server names them in its validation errors. */
export type PromotionField =
  | 'name'
  | 'kind'
  | 'percentOff'
  | 'fixedPrice'
  | 'scope'
  | 'platform'
  | 'gameIds'
  | 'startsAt'
  | 'endsAt';

/** The order of the fields on screen: the first one in error gets the focus. */
export const PROMOTION_FIELD_ORDER: readonly PromotionField[] = [
  'name',
  'kind',
  'percentOff',
  'fixedPrice',
  'scope',
  'platform',
  'gameIds',
  'startsAt',
  'endsAt',
];

/** The reasons a field is refused, each a text under promotions.form.errors. */
export type PromotionFieldError =
  | 'nameRequired'
  | 'nameTooLong'
  | 'percentRequired'
  | 'percentInvalid'
  | 'priceRequired'
  | 'priceInvalid'
  | 'platformRequired'
  | 'gamesRequired'
  | 'gamesTooMany'
  | 'startRequired'
  | 'endRequired'
  | 'timeInvalid'
  | 'endBeforeStart'
  | 'tooLong';

export type PromotionFormErrors = Partial<Record<PromotionField, PromotionFieldError>>;

export const emptyPromotionForm: PromotionFormValues = {
  name: '',
  kind: 'percent',
  percentOff: '',
  fixedPrice: '',
  scope: 'games',
  platform: '',
  games: [],
  startsAt: '',
  endsAt: '',
};

/** A saved promotion as the form shows it (its times in Tallinn time). */
export function promotionToForm(promotion: Promotion): PromotionFormValues {
  return {
    name: promotion.name,
    kind: promotion.kind,
    percentOff: promotion.percentOff === null ? '' : String(promotion.percentOff),
    fixedPrice: promotion.fixedPrice === null ? '' : promotion.fixedPrice.toFixed(2),
    scope: promotion.scope,
    platform: promotion.platform ?? '',
    games: promotion.gameIds.map((id, index) => ({ id, title: promotion.gameTitles[index] ?? `#${id}` })),
    startsAt: isoToTallinnInput(promotion.startsAt),
    endsAt: isoToTallinnInput(promotion.endsAt),
  };
}

const WHOLE = /^\d+$/;
/** A typed euro amount: digits with a dot or comma and at most two decimals ('9,99' is accepted). */
const AMOUNT = /^\d+(?:[.,]\d{1,2})?$/;
const DAY_MS = 86_400_000;

const parseAmount = (text: string) => Number(text.trim().replace(',', '.'));

function timesErrors(values: PromotionFormValues, errors: PromotionFormErrors): void {
  const start = values.startsAt === '' ? null : tallinnInputToIso(values.startsAt);
  const end = values.endsAt === '' ? null : tallinnInputToIso(values.endsAt);
  if (values.startsAt === '') errors.startsAt = 'startRequired';
  else if (!start) errors.startsAt = 'timeInvalid';
  if (values.endsAt === '') errors.endsAt = 'endRequired';
  else if (!end) errors.endsAt = 'timeInvalid';
  if (!start || !end) return;
  const length = Date.parse(end) - Date.parse(start);
  if (length <= 0) errors.endsAt = 'endBeforeStart';
  else if (length > PROMOTION_MAX_DAYS * DAY_MS) errors.endsAt = 'tooLong';
}

/**
 * The server's rules, checked before sending: a name; the amount its kind needs (a whole percent from 1 to
 * MAX_PERCENT_OFF, or a price with at most two decimals); the platform or at least one game its scope
 * needs; an end after the start, at most PROMOTION_MAX_DAYS later.
 */
export function validatePromotionForm(values: PromotionFormValues): PromotionFormErrors {
  const errors: PromotionFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = 'nameRequired';
  else if (name.length > PROMOTION_NAME_MAX) errors.name = 'nameTooLong';

  if (values.kind === 'percent') {
    const percent = values.percentOff.trim();
    if (percent === '') errors.percentOff = 'percentRequired';
    else if (!WHOLE.test(percent) || Number(percent) < 1 || Number(percent) > MAX_PERCENT_OFF)
      errors.percentOff = 'percentInvalid';
  } else {
    const price = values.fixedPrice.trim();
    if (price === '') errors.fixedPrice = 'priceRequired';
    else if (!AMOUNT.test(price) || parseAmount(price) <= 0 || parseAmount(price) > PROMOTION_FIXED_PRICE_MAX)
      errors.fixedPrice = 'priceInvalid';
  }

  if (values.scope === 'platform' && values.platform.trim() === '') errors.platform = 'platformRequired';
  if (values.scope === 'games') {
    if (values.games.length === 0) errors.gameIds = 'gamesRequired';
    else if (values.games.length > PROMOTION_MAX_GAMES) errors.gameIds = 'gamesTooMany';
  }
  timesErrors(values, errors);
  return errors;
}

/** The body of a create or change call (a valid form: see validatePromotionForm). */
export function formToPromotionInput(values: PromotionFormValues): PromotionInput {
  return {
    name: values.name.trim(),
    kind: values.kind,
    percentOff: values.kind === 'percent' ? Number(values.percentOff.trim()) : null,
    fixedPrice: values.kind === 'fixed_price' ? parseAmount(values.fixedPrice) : null,
    scope: values.scope,
    platform: values.scope === 'platform' ? values.platform.trim() : null,
    gameIds: values.scope === 'games' ? values.games.map((game) => game.id) : [],
    startsAt: tallinnInputToIso(values.startsAt) ?? values.startsAt,
    endsAt: tallinnInputToIso(values.endsAt) ?? values.endsAt,
  };
}

/** The form field a server validation error names (`endsAt`, `gameIds.3` → `gameIds`), if it is one. */
export function promotionFieldOf(serverField: string | undefined): PromotionField | undefined {
  const head = serverField?.split('.')[0];
  return PROMOTION_FIELD_ORDER.find((field) => field === head);
}
