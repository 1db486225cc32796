import { type RiskReasonCode, riskReasonCodes } from '@keyland/core/risk-reasons';

/**
 * The fraud score of a checkout: a pure function of the signals the store recorded, with weights and
 * thresholds from the settings (RISK_* in config/env.ts, documented in the README). Each signal that counts
 * gives a reason `{ code, points }` shown to the admin in words.
 */

export type RiskTier = 'low' | 'medium' | 'high';

/** The provider's own assessment of the payment (Stripe Radar's `outcome.risk_level`). */
export type ProviderRisk = 'normal' | 'elevated' | 'highest';

export interface RiskSignals {
  /** Hours since the account was created. */
  accountAgeHours: number;
  emailVerified: boolean;
  /** The e-mail's domain is on the maintained list of disposable domains. */
  disposableEmail: boolean;
  /** Checkouts the account started before this one, in the last hour and the last day. */
  accountCheckoutsHour: number;
  accountCheckoutsDay: number;
  /** Checkouts started from this address before this one (null when the address is not counted). */
  addressCheckoutsHour: number | null;
  addressCheckoutsDay: number | null;
  /** Failed payments in the last day, by the account, from the address, with the card. */
  accountFailuresDay: number;
  addressFailuresDay: number | null;
  cardFailuresDay: number | null;
  /** Other accounts that started a checkout from this address in the last day. */
  otherAccountsOnAddressDay: number | null;
  /** Other accounts that paid with this card in the last day; distinct cards of this account that day. */
  otherAccountsOnCardDay: number | null;
  accountCardsDay: number | null;
  /** This basket, the customer's paid orders and the largest of them (integer cents). */
  basketCents: number;
  paidOrders: number;
  largestPaidCents: number;
  /** Every line is one of the most-resold games of the last 30 days. */
  onlyMostResold: boolean;
  /** ISO countries: the card's (as the provider reports it), the account's and the order's address. */
  cardCountry: string | null;
  accountCountry: string | null;
  /** The provider's risk level, when it sends one. */
  providerRisk: ProviderRisk | null;
  /** The card holder passed 3-D Secure (the bank, not the store, vouched for the payment). */
  threeDSecurePassed: boolean;
  /**
   * The order is a gift mailed to an address other than the buyer's: keys bought with a stolen card are
   * often sent to a third party this way. Missing in assessments recorded before gifts existed.
   */
  giftToThirdParty?: boolean;
}

export { type RiskReasonCode, riskReasonCodes };

/** Points per reason; `three_d_secure_passed` is subtracted. */
export type RiskWeights = Record<RiskReasonCode, number>;

export const DEFAULT_RISK_WEIGHTS: RiskWeights = {
  new_account: 10,
  email_unverified: 10,
  disposable_email: 35,
  account_velocity: 15,
  address_velocity: 15,
  failed_payments: 15,
  shared_address: 20,
  shared_card: 40,
  many_cards: 25,
  basket_jump: 15,
  resold_first_order: 15,
  card_country_mismatch: 20,
  provider_elevated: 30,
  provider_highest: 70,
  three_d_secure_passed: 25,
  gift_to_third_party: 15,
};

export interface RiskThresholds {
  /** From this score the checkout asks for 3-D Secure and a paid order waits for review. */
  medium: number;
  /** From this score the checkout is refused before any charge. */
  high: number;
  /** An account younger than this counts as new. */
  newAccountHours: number;
  /** Checkouts in the last hour before this one from which velocity counts (account; address). */
  accountCheckoutsPerHour: number;
  addressCheckoutsPerHour: number;
  /** Other accounts on one address from which it counts. */
  accountsPerAddress: number;
  /** Distinct cards of one account in a day from which they count. */
  cardsPerAccount: number;
  /** A first order above this (cents), or a later one above this many times the largest paid one. */
  firstOrderCents: number;
  basketMultiple: number;
}

export const DEFAULT_RISK_THRESHOLDS: RiskThresholds = {
  medium: 30,
  high: 70,
  newAccountHours: 24,
  accountCheckoutsPerHour: 3,
  addressCheckoutsPerHour: 5,
  accountsPerAddress: 3,
  cardsPerAccount: 3,
  firstOrderCents: 15_000,
  basketMultiple: 3,
};

export interface RiskReason {
  code: RiskReasonCode;
  points: number;
}

export interface RiskScore {
  score: number;
  tier: RiskTier;
  reasons: RiskReason[];
}

/** At most this many failed payments count (each worth `failed_payments`). */
const MAX_COUNTED_FAILURES = 3;

export function scoreRisk(
  signals: RiskSignals,
  weights: RiskWeights = DEFAULT_RISK_WEIGHTS,
  thresholds: RiskThresholds = DEFAULT_RISK_THRESHOLDS,
): RiskScore {
  const reasons: RiskReason[] = [];
  const add = (code: RiskReasonCode, times = 1) => {
    const points = weights[code] * times;
    if (points !== 0) reasons.push({ code, points });
  };
  const s = signals;
  if (s.accountAgeHours < thresholds.newAccountHours) add('new_account');
  if (!s.emailVerified) add('email_unverified');
  if (s.disposableEmail) add('disposable_email');
  if (s.accountCheckoutsHour >= thresholds.accountCheckoutsPerHour) add('account_velocity');
  if ((s.addressCheckoutsHour ?? 0) >= thresholds.addressCheckoutsPerHour) add('address_velocity');
  const failures = Math.max(s.accountFailuresDay, s.addressFailuresDay ?? 0, s.cardFailuresDay ?? 0);
  if (failures > 0) add('failed_payments', Math.min(failures, MAX_COUNTED_FAILURES));
  if ((s.otherAccountsOnAddressDay ?? 0) >= thresholds.accountsPerAddress) add('shared_address');
  if ((s.otherAccountsOnCardDay ?? 0) > 0) add('shared_card');
  if ((s.accountCardsDay ?? 0) >= thresholds.cardsPerAccount) add('many_cards');
  const jump =
    s.paidOrders === 0
      ? s.basketCents > thresholds.firstOrderCents
      : s.basketCents > s.largestPaidCents * thresholds.basketMultiple;
  if (jump) add('basket_jump');
  if (s.paidOrders === 0 && s.onlyMostResold) add('resold_first_order');
  if (s.cardCountry && s.accountCountry && s.cardCountry.toUpperCase() !== s.accountCountry.toUpperCase())
    add('card_country_mismatch');
  if (s.providerRisk === 'elevated') add('provider_elevated');
  if (s.providerRisk === 'highest') add('provider_highest');
  if (s.giftToThirdParty) add('gift_to_third_party');
  if (s.threeDSecurePassed) add('three_d_secure_passed', -1);
  const score = Math.max(
    0,
    reasons.reduce((sum, reason) => sum + reason.points, 0),
  );
  const tier: RiskTier = score >= thresholds.high ? 'high' : score >= thresholds.medium ? 'medium' : 'low';
  return { score, tier, reasons };
}

/** Signals of a trusted, quiet, long-standing customer: the base the tests and the checkout start from. */
export const QUIET_SIGNALS: RiskSignals = {
  accountAgeHours: 24 * 365,
  emailVerified: true,
  disposableEmail: false,
  accountCheckoutsHour: 0,
  accountCheckoutsDay: 0,
  addressCheckoutsHour: 0,
  addressCheckoutsDay: 0,
  accountFailuresDay: 0,
  addressFailuresDay: 0,
  cardFailuresDay: null,
  otherAccountsOnAddressDay: 0,
  otherAccountsOnCardDay: null,
  accountCardsDay: null,
  basketCents: 2_000,
  paidOrders: 2,
  largestPaidCents: 3_000,
  onlyMostResold: false,
  cardCountry: null,
  accountCountry: null,
  providerRisk: null,
  threeDSecurePassed: false,
  giftToThirdParty: false,
};
