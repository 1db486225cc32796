import { type ActivationScope, countryNames } from '@keyland/core/activation';

import type { TFunction } from 'i18next';

export interface Activation {
  scope: ActivationScope;
  countries: readonly string[];
}

/** Just the region a key activates in, in words: the countries, else "the whole EU and EEA" or "worldwide". */
export function activationRegion(activation: Activation | undefined, locale: string, t: TFunction): string {
  if (activation?.scope === 'countries' && activation.countries.length > 0)
    return countryNames(activation.countries, locale);
  return activation?.scope === 'worldwide' ? t('product.activation.worldwide') : t('product.activation.eu');
}

/** Where a key activates, as the product page states it ("Only in: Spain and Portugal"). */
export function activationInWords(activation: Activation, locale: string, t: TFunction): string {
  if (activation.scope === 'countries' && activation.countries.length > 0)
    return t('product.activation.countries', { countries: countryNames(activation.countries, locale) });
  return activation.scope === 'worldwide' ? t('product.activation.worldwide') : t('product.activation.eu');
}
