/**
 * Why a checkout scored what it did: each reason the fraud screening gives, put into words by the admin
 * screen. Kept apart from the zod schemas so the web app can read it without loading zod.
 */
export const riskReasonCodes = [
  'new_account',
  'email_unverified',
  'disposable_email',
  'account_velocity',
  'address_velocity',
  'failed_payments',
  'shared_address',
  'shared_card',
  'many_cards',
  'basket_jump',
  'resold_first_order',
  'card_country_mismatch',
  'provider_elevated',
  'provider_highest',
  'three_d_secure_passed',
  'gift_to_third_party',
] as const;
export type RiskReasonCode = (typeof riskReasonCodes)[number];
