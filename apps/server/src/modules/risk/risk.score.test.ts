import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RISK_THRESHOLDS,
  DEFAULT_RISK_WEIGHTS,
  QUIET_SIGNALS,
  type RiskReasonCode,
  type RiskSignals,
  scoreRisk,
} from './risk.score.ts';

const W = DEFAULT_RISK_WEIGHTS;

/** Each signal alone on a quiet customer: the reason it gives and its points. */
const signalTable: [string, Partial<RiskSignals>, RiskReasonCode | null, number][] = [
  ['a quiet, known customer', {}, null, 0],
  ['an account of 23 hours', { accountAgeHours: 23 }, 'new_account', W.new_account],
  ['an account of exactly 24 hours', { accountAgeHours: 24 }, null, 0],
  ['an unverified e-mail', { emailVerified: false }, 'email_unverified', W.email_unverified],
  ['a disposable e-mail domain', { disposableEmail: true }, 'disposable_email', W.disposable_email],
  ['2 checkouts of the account in the hour', { accountCheckoutsHour: 2 }, null, 0],
  [
    '3 checkouts of the account in the hour',
    { accountCheckoutsHour: 3 },
    'account_velocity',
    W.account_velocity,
  ],
  ['4 checkouts from the address in the hour', { addressCheckoutsHour: 4 }, null, 0],
  [
    '5 checkouts from the address in the hour',
    { addressCheckoutsHour: 5 },
    'address_velocity',
    W.address_velocity,
  ],
  ['an address not counted', { addressCheckoutsHour: null, otherAccountsOnAddressDay: null }, null, 0],
  ['1 failed payment of the account', { accountFailuresDay: 1 }, 'failed_payments', W.failed_payments],
  ['2 failed payments from the address', { addressFailuresDay: 2 }, 'failed_payments', 2 * W.failed_payments],
  [
    '9 failed payments with the card (3 count)',
    { cardFailuresDay: 9 },
    'failed_payments',
    3 * W.failed_payments,
  ],
  ['2 other accounts on the address', { otherAccountsOnAddressDay: 2 }, null, 0],
  ['3 other accounts on the address', { otherAccountsOnAddressDay: 3 }, 'shared_address', W.shared_address],
  ['the card used by another account', { otherAccountsOnCardDay: 1 }, 'shared_card', W.shared_card],
  ['3 cards on the account in a day', { accountCardsDay: 3 }, 'many_cards', W.many_cards],
  ['a basket of 3× the largest paid order', { basketCents: 9_000 }, null, 0],
  ['a basket above 3× the largest paid order', { basketCents: 9_001 }, 'basket_jump', W.basket_jump],
  ['a first order of €150', { paidOrders: 0, largestPaidCents: 0, basketCents: 15_000 }, null, 0],
  [
    'a first order above €150',
    { paidOrders: 0, largestPaidCents: 0, basketCents: 15_001 },
    'basket_jump',
    W.basket_jump,
  ],
  [
    'a first order of only the most-resold games',
    { paidOrders: 0, largestPaidCents: 0, onlyMostResold: true },
    'resold_first_order',
    W.resold_first_order,
  ],
  ['most-resold games for a known customer', { onlyMostResold: true }, null, 0],
  [
    'a card from another country than the account',
    { cardCountry: 'US', accountCountry: 'EE' },
    'card_country_mismatch',
    W.card_country_mismatch,
  ],
  ['a card from the account’s country', { cardCountry: 'ee', accountCountry: 'EE' }, null, 0],
  ['a card of unknown country', { cardCountry: null, accountCountry: 'EE' }, null, 0],
  ['the provider says normal', { providerRisk: 'normal' }, null, 0],
  ['the provider says elevated', { providerRisk: 'elevated' }, 'provider_elevated', W.provider_elevated],
  ['the provider says highest', { providerRisk: 'highest' }, 'provider_highest', W.provider_highest],
  [
    'a gift to another person’s address',
    { giftToThirdParty: true },
    'gift_to_third_party',
    W.gift_to_third_party,
  ],
  ['a gift to the buyer’s own address', { giftToThirdParty: false }, null, 0],
  ['an assessment recorded before gifts existed', { giftToThirdParty: undefined }, null, 0],
];

describe('scoreRisk', () => {
  it.each(signalTable)('%s', (_name, change, code, points) => {
    const result = scoreRisk({ ...QUIET_SIGNALS, ...change });
    expect(result.reasons).toEqual(code ? [{ code, points }] : []);
    expect(result.score).toBe(points);
  });

  it('adds the signals up and places the score in its tier at the thresholds', () => {
    const { medium, high } = DEFAULT_RISK_THRESHOLDS;
    const tierOf = (score: number) =>
      scoreRisk(QUIET_SIGNALS, { ...W, new_account: score }, DEFAULT_RISK_THRESHOLDS).tier;
    const young = { ...QUIET_SIGNALS, accountAgeHours: 1 };
    const at = (score: number) => scoreRisk(young, { ...W, new_account: score }).tier;
    expect(tierOf(100)).toBe('low'); // the signal is not there: no points
    expect(at(medium - 1)).toBe('low');
    expect(at(medium)).toBe('medium');
    expect(at(high - 1)).toBe('medium');
    expect(at(high)).toBe('high');
  });

  it('counts a new account with an unverified, disposable e-mail as medium; with a shared card as high', () => {
    const fresh = { ...QUIET_SIGNALS, accountAgeHours: 1, emailVerified: false, disposableEmail: true };
    expect(scoreRisk(fresh)).toMatchObject({ score: 55, tier: 'medium' });
    expect(scoreRisk({ ...fresh, otherAccountsOnCardDay: 2 })).toMatchObject({ score: 95, tier: 'high' });
  });

  it('a fresh account with an unverified, ordinary e-mail and a small basket stays low', () => {
    const fresh = { ...QUIET_SIGNALS, accountAgeHours: 0, emailVerified: false, paidOrders: 0 };
    expect(scoreRisk(fresh).tier).toBe('low');
  });

  it('3-D Secure passed lowers the score, never below zero', () => {
    const risky = { ...QUIET_SIGNALS, disposableEmail: true, threeDSecurePassed: true };
    expect(scoreRisk(risky)).toMatchObject({ score: 10, tier: 'low' });
    expect(scoreRisk({ ...QUIET_SIGNALS, threeDSecurePassed: true }).score).toBe(0);
  });

  it('follows the weights and thresholds of the settings', () => {
    const signals = { ...QUIET_SIGNALS, disposableEmail: true };
    expect(scoreRisk(signals, { ...W, disposable_email: 0 })).toMatchObject({ score: 0, reasons: [] });
    expect(scoreRisk(signals, W, { ...DEFAULT_RISK_THRESHOLDS, high: 35 }).tier).toBe('high');
  });
});
