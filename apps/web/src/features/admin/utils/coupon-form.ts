import { isoToTallinnInput } from '@keyland/core/dates';
import type { CouponKind } from '@keyland/core/pricing';
import {
  BATCH_CODE_PLACEHOLDER,
  COUPON_AMOUNT_MAX,
  COUPON_CODE_PATTERN,
  COUPON_GENERATE_MAX,
  COUPON_MAX_GAMES,
  COUPON_MAX_USES_MAX,
  COUPON_MIN_BASKET_MAX,
  COUPON_NAME_MAX,
  COUPON_PER_CUSTOMER_MAX,
  COUPON_PERCENT_MAX,
  COUPON_PREFIX_PATTERN,
  type Coupon,
  type CouponInput,
  type GenerateCouponsInput,
} from '#src/features/admin/api/admin-coupons-api.ts';
import {
  type ChosenGame,
  checkEuros,
  checkWhole,
  type NameReason,
  nameErrors,
  type PercentReason,
  parseEuros,
  percentErrors,
  reasonFor,
  type ScopeReason,
  type ScopeValues,
  scopeErrors,
  scopeInput,
  tallinnToIso,
  type WindowReason,
  windowErrors,
} from './discount-form.ts';

/**
 * What the coupon form is for: a coupon with a typed code, a batch of generated codes, or a change to a
 * batch already generated (its codes stay as they are, so the form has no code field).
 */
export type CouponFormMode = 'code' | 'generate' | 'batch';

/** What the coupon form holds: the fields as typed; the times as `datetime-local` values in Tallinn time. */
export interface CouponFormValues extends ScopeValues {
  name: string;
  code: string;
  count: string;
  prefix: string;
  kind: CouponKind;
  percentOff: string;
  amount: string;
  minBasket: string;
  maxUses: string;
  perCustomer: string;
  startsAt: string;
  endsAt: string;
}

/** The fields a message can sit under, named as the server names them in its validation errors. */
export type CouponField =
  | 'name'
  | 'code'
  | 'count'
  | 'prefix'
  | 'kind'
  | 'percentOff'
  | 'amount'
  | 'minBasket'
  | 'scope'
  | 'platform'
  | 'gameIds'
  | 'startsAt'
  | 'endsAt'
  | 'maxUses'
  | 'perCustomer';

/** The order of the fields on screen: the first one in error gets the focus. */
export const COUPON_FIELD_ORDER: readonly CouponField[] = [
  'name',
  'code',
  'count',
  'prefix',
  'kind',
  'percentOff',
  'amount',
  'minBasket',
  'scope',
  'platform',
  'gameIds',
  'startsAt',
  'endsAt',
  'maxUses',
  'perCustomer',
];

/** The reasons a field is refused, each a text under coupons.form.errors. */
export type CouponFieldError =
  | NameReason
  | 'codeRequired'
  | 'codeInvalid'
  | 'countRequired'
  | 'countInvalid'
  | 'prefixInvalid'
  | PercentReason
  | 'amountRequired'
  | 'amountInvalid'
  | 'minBasketInvalid'
  | 'maxUsesInvalid'
  | 'perCustomerRequired'
  | 'perCustomerInvalid'
  | ScopeReason
  // The start may be left empty (the coupon starts at once), and a coupon has no longest length here.
  | Exclude<WindowReason, 'startRequired' | 'tooLong'>;

export type CouponFormErrors = Partial<Record<CouponField, CouponFieldError>>;

export const emptyCouponForm: CouponFormValues = {
  name: '',
  code: '',
  count: '',
  prefix: '',
  kind: 'percent',
  percentOff: '',
  amount: '',
  minBasket: '',
  maxUses: '',
  perCustomer: '1',
  scope: 'all',
  platform: '',
  games: [],
  startsAt: '',
  endsAt: '',
};

const euros = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** A saved coupon as the form shows it (its times in Tallinn time), with its games' titles. */
export function couponToForm(coupon: Coupon, games: ChosenGame[]): CouponFormValues {
  return {
    ...emptyCouponForm,
    name: coupon.name,
    code: coupon.code ?? '',
    kind: coupon.kind,
    percentOff: coupon.percentOff === null ? '' : String(coupon.percentOff),
    amount: euros(coupon.amount),
    minBasket: coupon.minBasket > 0 ? euros(coupon.minBasket) : '',
    maxUses: coupon.maxUses === null ? '' : String(coupon.maxUses),
    perCustomer: String(coupon.perCustomer),
    scope: coupon.scope,
    platform: coupon.platform ?? '',
    games,
    startsAt: isoToTallinnInput(coupon.startsAt),
    endsAt: isoToTallinnInput(coupon.endsAt),
  };
}

/** The code of a typed coupon, or the count and prefix of a generated batch. */
function codeErrors(values: CouponFormValues, mode: CouponFormMode): CouponFormErrors {
  if (mode === 'code') {
    const code = values.code.trim();
    if (code === '') return { code: 'codeRequired' };
    return COUPON_CODE_PATTERN.test(code) ? {} : { code: 'codeInvalid' };
  }
  if (mode === 'batch') return {};
  const errors: CouponFormErrors = {};
  const count = checkWhole(values.count, 1, COUPON_GENERATE_MAX);
  if (count) errors.count = reasonFor('count', count);
  if (!COUPON_PREFIX_PATTERN.test(values.prefix.trim())) errors.prefix = 'prefixInvalid';
  return errors;
}

/** What it takes off: a whole percent from 1 to 90, or euros above 0 with at most two decimals. */
function amountErrors(values: CouponFormValues): CouponFormErrors {
  if (values.kind === 'percent') return percentErrors(values.percentOff, COUPON_PERCENT_MAX);
  const amount = checkEuros(values.amount, 0, COUPON_AMOUNT_MAX);
  return amount ? { amount: reasonFor('amount', amount) } : {};
}

/** The minimum basket and the total use limit may be left empty; the limit per customer may not. */
function limitErrors(values: CouponFormValues): CouponFormErrors {
  const errors: CouponFormErrors = {};
  if (checkEuros(values.minBasket, null, COUPON_MIN_BASKET_MAX) === 'invalid')
    errors.minBasket = 'minBasketInvalid';
  if (checkWhole(values.maxUses, 1, COUPON_MAX_USES_MAX) === 'invalid') errors.maxUses = 'maxUsesInvalid';
  const perCustomer = checkWhole(values.perCustomer, 1, COUPON_PER_CUSTOMER_MAX);
  if (perCustomer) errors.perCustomer = reasonFor('perCustomer', perCustomer);
  return errors;
}

/**
 * The server's rules, checked before sending: a name; the code (or the count and prefix of a batch); the
 * amount its kind needs; the optional minimum basket and use limit, and the limit per customer; the
 * platform or games its scope needs; an end, after the start when one is typed.
 */
export function validateCouponForm(values: CouponFormValues, mode: CouponFormMode): CouponFormErrors {
  return {
    ...nameErrors(values.name, COUPON_NAME_MAX),
    ...codeErrors(values, mode),
    ...amountErrors(values),
    ...limitErrors(values),
    ...scopeErrors(values, COUPON_MAX_GAMES),
    ...windowErrors(values.startsAt, values.endsAt, { startOptional: true }),
  };
}

/** The rule every code of a coupon shares, as the API takes it (a valid form: see validateCouponForm). */
function formToRule(values: CouponFormValues) {
  const optional = (text: string) => (text.trim() === '' ? null : text.trim());
  const minBasket = optional(values.minBasket);
  const maxUses = optional(values.maxUses);
  return {
    name: values.name.trim(),
    kind: values.kind,
    percentOff: values.kind === 'percent' ? Number(values.percentOff.trim()) : null,
    amount: values.kind === 'amount' ? parseEuros(values.amount) : null,
    minBasket: minBasket === null ? 0 : parseEuros(minBasket),
    ...(values.startsAt === '' ? {} : { startsAt: tallinnToIso(values.startsAt) }),
    endsAt: tallinnToIso(values.endsAt),
    maxUses: maxUses === null ? null : Number(maxUses),
    perCustomer: Number(values.perCustomer.trim()),
    ...scopeInput(values),
  };
}

/** The body of a create call, or of a change (a batch's codes stay: its code is a placeholder). */
export function formToCouponInput(values: CouponFormValues, mode: 'code' | 'batch'): CouponInput {
  const code = mode === 'batch' ? BATCH_CODE_PLACEHOLDER : values.code.trim().toUpperCase();
  return { ...formToRule(values), code };
}

/** The body of a generate call. */
export function formToGenerateInput(values: CouponFormValues): GenerateCouponsInput {
  return {
    ...formToRule(values),
    count: Number(values.count.trim()),
    prefix: values.prefix.trim().toUpperCase(),
  };
}
