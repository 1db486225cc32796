import { isoToTallinnInput } from '@keyland/core/dates';
import { MAX_PERCENT_OFF, type PromotionKind } from '@keyland/core/pricing';
import {
  PROMOTION_FIXED_PRICE_MAX,
  PROMOTION_MAX_DAYS,
  PROMOTION_MAX_GAMES,
  PROMOTION_NAME_MAX,
  type Promotion,
  type PromotionInput,
} from '#src/features/admin/api/admin-promotions-api.ts';
import * as discount from './discount-form.ts';

/** What the promotion form holds: the fields as typed; the times as `datetime-local` values in Tallinn time. */
export interface PromotionFormValues extends discount.ScopeValues {
  name: string;
  kind: PromotionKind;
  percentOff: string;
  fixedPrice: string;
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
  | discount.NameReason
  | discount.PercentReason
  | 'priceRequired'
  | 'priceInvalid'
  | discount.ScopeReason
  | discount.WindowReason;

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

/**
 * The server's rules, checked before sending: a name; the amount its kind needs (a whole percent from 1 to
 * MAX_PERCENT_OFF, or a price with at most two decimals); the platform or at least one game its scope
 * needs; an end after the start, at most PROMOTION_MAX_DAYS later.
 */
export function validatePromotionForm(values: PromotionFormValues): PromotionFormErrors {
  const price =
    values.kind === 'percent'
      ? undefined
      : discount.checkEuros(values.fixedPrice, 0, PROMOTION_FIXED_PRICE_MAX);
  return {
    ...discount.nameErrors(values.name, PROMOTION_NAME_MAX),
    ...(values.kind === 'percent' ? discount.percentErrors(values.percentOff, MAX_PERCENT_OFF) : {}),
    ...(price ? { fixedPrice: discount.reasonFor('price', price) } : {}),
    ...discount.scopeErrors(values, PROMOTION_MAX_GAMES),
    ...discount.windowErrors(values.startsAt, values.endsAt, { maxDays: PROMOTION_MAX_DAYS }),
  };
}

/** The body of a create or change call (a valid form: see validatePromotionForm). */
export function formToPromotionInput(values: PromotionFormValues): PromotionInput {
  return {
    name: values.name.trim(),
    kind: values.kind,
    percentOff: values.kind === 'percent' ? Number(values.percentOff.trim()) : null,
    fixedPrice: values.kind === 'fixed_price' ? discount.parseEuros(values.fixedPrice) : null,
    ...discount.scopeInput(values),
    startsAt: discount.tallinnToIso(values.startsAt),
    endsAt: discount.tallinnToIso(values.endsAt),
  };
}

/** The form field a server validation error names (`endsAt`, `gameIds.3` → `gameIds`), if it is one. */
export const promotionFieldOf = (serverField: string | undefined): PromotionField | undefined =>
  discount.formFieldOf(PROMOTION_FIELD_ORDER, serverField);
