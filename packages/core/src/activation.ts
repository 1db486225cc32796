/**
 * Where a game's keys activate. The store does not refuse a buyer by nationality (the EU's geo-blocking
 * rules); it warns a customer whose account country is outside the game's scope and keeps the confirmation.
 */
export const activationScopes = ['eu', 'worldwide', 'countries'] as const;
export type ActivationScope = (typeof activationScopes)[number];

/** The EU's 27 and the EEA's three: an `eu` key activates in any of them. */
export const EU_EEA_CODES: readonly string[] = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
  'IS',
  'LI',
  'NO',
];

const WORLDWIDE_NAMES = new Set(['GLOBAL', 'WORLDWIDE', 'ROW', 'WORLD']);
const ISO_CODE = /^[A-Z]{2}$/;

/**
 * The scope a supplier's or an older record's region names: worldwide names, a list of two-letter
 * country codes, or (anything else: EU, Europe, EMEA…) the EU/EEA.
 */
export function activationOfRegions(regions: readonly string[]): {
  scope: ActivationScope;
  countries: string[];
} {
  const names = regions.map((r) => r.trim().toUpperCase()).filter(Boolean);
  if (names.some((n) => WORLDWIDE_NAMES.has(n))) return { scope: 'worldwide', countries: [] };
  if (names.length > 0 && names.every((n) => ISO_CODE.test(n) && n !== 'EU'))
    return { scope: 'countries', countries: [...new Set(names)].sort() };
  return { scope: 'eu', countries: [] };
}

/** Whether a key of this scope activates in the country (ISO code); an unknown country is not warned about. */
export function activatesIn(
  scope: ActivationScope,
  countries: readonly string[],
  countryCode: string | null | undefined,
): boolean {
  if (!countryCode || scope === 'worldwide') return true;
  if (scope === 'eu') return EU_EEA_CODES.includes(countryCode);
  return countries.includes(countryCode);
}

/** Country codes named in the language ("Spain, Portugal and France"); an unknown code stays a code. */
export function countryNames(codes: readonly string[], locale: string): string {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = undefined;
  }
  const named = codes.map((code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  });
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(named);
}
