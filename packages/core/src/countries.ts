/** The 27 EU countries of the registration list, with the original store's numeric ids and Spanish names. */
export const countries = [
  { id: 57, code: 'DE', nameEs: 'Alemania' },
  { id: 12, code: 'AT', nameEs: 'Austria' },
  { id: 20, code: 'BE', nameEs: 'Bélgica' },
  { id: 22, code: 'BG', nameEs: 'Bulgaria' },
  { id: 55, code: 'CY', nameEs: 'Chipre' },
  { id: 97, code: 'HR', nameEs: 'Croacia' },
  { id: 59, code: 'DK', nameEs: 'Dinamarca' },
  { id: 201, code: 'SK', nameEs: 'Eslovaquia' },
  { id: 199, code: 'SI', nameEs: 'Eslovenia' },
  { id: 68, code: 'ES', nameEs: 'España' },
  { id: 64, code: 'EE', nameEs: 'Estonia' },
  { id: 70, code: 'FI', nameEs: 'Finlandia' },
  { id: 75, code: 'FR', nameEs: 'Francia' },
  { id: 88, code: 'GR', nameEs: 'Grecia' },
  { id: 99, code: 'HU', nameEs: 'Hungría' },
  { id: 101, code: 'IE', nameEs: 'Irlanda' },
  { id: 109, code: 'IT', nameEs: 'Italia' },
  { id: 134, code: 'LV', nameEs: 'Letonia' },
  { id: 132, code: 'LT', nameEs: 'Lituania' },
  { id: 133, code: 'LU', nameEs: 'Luxemburgo' },
  { id: 152, code: 'MT', nameEs: 'Malta' },
  { id: 165, code: 'NL', nameEs: 'Países Bajos' },
  { id: 178, code: 'PL', nameEs: 'Polonia' },
  { id: 183, code: 'PT', nameEs: 'Portugal' },
  { id: 56, code: 'CZ', nameEs: 'República Checa' },
  { id: 188, code: 'RO', nameEs: 'Rumanía' },
  { id: 196, code: 'SE', nameEs: 'Suecia' },
] as const;

export type Country = (typeof countries)[number];
export type CountryId = Country['id'];
export type CountryCode = Country['code'];

/** The store's home country (Estonia): its VAT applies to visitors without a country. */
export const HOME_COUNTRY_ID = 64 satisfies CountryId;

const byId = new Map<number, Country>(countries.map((c) => [c.id, c]));

export function findCountry(id: number): Country | undefined {
  return byId.get(id);
}

export function isCountryId(id: number): id is CountryId {
  return byId.has(id);
}

/** The flag emoji of a country, built from its ISO code. */
export function countryFlag(code: CountryCode): string {
  return String.fromCodePoint(...[...code].map((ch) => 0x1f1e6 + ch.charCodeAt(0) - 65));
}
