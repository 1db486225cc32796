import type { ActivationScope } from '@keyland/core/activation';
import type { AdminProduct, CreateProductInput } from '#src/features/admin/api/admin-api.ts';

/** What the product form holds: every field as typed. */
export interface ProductFormValues {
  title: string;
  price: string;
  platform: string;
  priceBuy: string;
  region: string;
  /** Where the keys activate. */
  activationScope: ActivationScope;
  /** The ISO codes of `countries`, as typed (commas or spaces between them). */
  activationCountries: string;
  languages: string;
  releaseDate: string;
  /** Customers may pre-order it while the release date is ahead. */
  preorderAllowed: boolean;
  coverUrl: string;
  description: string;
}

export type ProductField = keyof ProductFormValues;

/** The reasons a field is refused (the text: `productFieldErrorKey`). */
export type ProductFieldError =
  | 'titleRequired'
  | 'titleTooLong'
  | 'priceRequired'
  | 'priceNotNumber'
  | 'pricePositive'
  | 'priceDecimals'
  | 'priceTooHigh'
  | 'priceBuyNotNumber'
  | 'priceBuyNegative'
  | 'platformRequired'
  | 'platformTooLong'
  | 'dateInvalid'
  | 'coverInvalid'
  | ActivationFieldError;

/** The activation fields' errors, each an i18n key under admin.form.activationErrors. */
type ActivationFieldError = 'countriesRequired' | 'countriesInvalid' | 'countriesTooMany';
const activationErrors: readonly string[] = ['countriesRequired', 'countriesInvalid', 'countriesTooMany'];
const isActivationError = (error: ProductFieldError): error is ActivationFieldError =>
  activationErrors.includes(error);

/** The i18n key of a field's error. */
export function productFieldErrorKey(
  error: ProductFieldError,
):
  | `admin.form.activationErrors.${ActivationFieldError}`
  | `admin.form.errors.${Exclude<ProductFieldError, ActivationFieldError>}` {
  return isActivationError(error) ? `admin.form.activationErrors.${error}` : `admin.form.errors.${error}`;
}

export const emptyProductForm: ProductFormValues = {
  title: '',
  price: '',
  platform: '',
  priceBuy: '',
  region: '',
  activationScope: 'eu',
  activationCountries: '',
  languages: '',
  releaseDate: '',
  preorderAllowed: false,
  coverUrl: '',
  description: '',
};

export function productToForm(product: AdminProduct): ProductFormValues {
  return {
    title: product.title,
    price: product.price.toFixed(2),
    platform: product.platform,
    priceBuy: product.priceBuy ? product.priceBuy.toFixed(2) : '',
    region: product.region,
    activationScope: product.activationScope,
    activationCountries: product.activationCountries.join(', '),
    languages: product.languages,
    releaseDate: product.releaseDate ?? '',
    preorderAllowed: product.preorderAllowed,
    coverUrl: product.coverUrl ?? '',
    description: product.description ?? '',
  };
}

/** A typed euro amount: digits with a dot or comma and at most two decimals ('19,99' is accepted). */
const AMOUNT = /^\d+(?:[.,]\d+)?$/;

function parseAmount(text: string): number {
  return Number(text.trim().replace(',', '.'));
}

type AmountProblem = 'required' | 'notNumber' | 'negative' | 'decimals' | 'tooHigh' | 'notPositive';

function amountProblem(
  text: string,
  { required, positive }: { required: boolean; positive: boolean },
): AmountProblem | null {
  const value = text.trim();
  if (value === '') return required ? 'required' : null;
  if (value.startsWith('-') && AMOUNT.test(value.slice(1))) return 'negative';
  if (!AMOUNT.test(value)) return 'notNumber';
  const decimals = value.split(/[.,]/)[1] ?? '';
  if (decimals.length > 2) return 'decimals';
  const amount = parseAmount(value);
  if (amount > 100_000) return 'tooHigh';
  if (positive && amount <= 0) return 'notPositive';
  return null;
}

const priceErrors: Record<AmountProblem, ProductFieldError> = {
  required: 'priceRequired',
  notNumber: 'priceNotNumber',
  negative: 'pricePositive',
  notPositive: 'pricePositive',
  decimals: 'priceDecimals',
  tooHigh: 'priceTooHigh',
};

const priceBuyErrors: Record<AmountProblem, ProductFieldError> = {
  required: 'priceBuyNotNumber',
  notNumber: 'priceBuyNotNumber',
  negative: 'priceBuyNegative',
  notPositive: 'priceBuyNegative',
  decimals: 'priceDecimals',
  tooHigh: 'priceTooHigh',
};

/**
 * The spec's admin form rules, checked before sending: title, price and platform are required; the
 * prices are numbers with at most two decimals (the selling price above 0).
 */
export function validateProductForm(
  values: ProductFormValues,
): Partial<Record<ProductField, ProductFieldError>> {
  const errors: Partial<Record<ProductField, ProductFieldError>> = {};
  const title = values.title.trim();
  if (title === '') errors.title = 'titleRequired';
  else if (title.length > 300) errors.title = 'titleTooLong';

  const price = amountProblem(values.price, { required: true, positive: true });
  if (price) errors.price = priceErrors[price];

  const platform = values.platform.trim();
  if (platform === '') errors.platform = 'platformRequired';
  else if (platform.length > 60) errors.platform = 'platformTooLong';

  const priceBuy = amountProblem(values.priceBuy, { required: false, positive: false });
  if (priceBuy) errors.priceBuy = priceBuyErrors[priceBuy];

  if (values.releaseDate.trim() !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(values.releaseDate.trim())) {
    errors.releaseDate = 'dateInvalid';
  }
  const cover = values.coverUrl.trim();
  if (cover !== '' && !/^(\/|https:\/\/)/.test(cover)) errors.coverUrl = 'coverInvalid';

  if (values.activationScope === 'countries') {
    const codes = typedCountries(values.activationCountries);
    if (codes.length === 0) errors.activationCountries = 'countriesRequired';
    else if (codes.some((code) => !ISO_CODE.test(code))) errors.activationCountries = 'countriesInvalid';
    else if (new Set(codes).size > MAX_COUNTRIES) errors.activationCountries = 'countriesTooMany';
  }
  return errors;
}

const ISO_CODE = /^[A-Z]{2}$/;
/** The server's limit of an activation country list. */
const MAX_COUNTRIES = 60;

/** The codes typed in the countries field, upper-cased, in the order typed. */
function typedCountries(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}

/** The valid ISO codes typed, each once (what the form shows and sends). */
export function countryCodesOf(text: string): string[] {
  return [...new Set(typedCountries(text).filter((code) => ISO_CODE.test(code)))];
}

/** The country list sent: the typed codes for `countries`, none for the other scopes. */
const activationCountriesOf = (values: ProductFormValues) =>
  values.activationScope === 'countries' ? countryCodesOf(values.activationCountries) : [];

/** The body of a create call (optional fields left out when empty). */
export function formToCreateInput(values: ProductFormValues): CreateProductInput {
  const input: CreateProductInput = {
    title: values.title.trim(),
    price: parseAmount(values.price),
    platform: values.platform.trim(),
    activationScope: values.activationScope,
    activationCountries: activationCountriesOf(values),
  };
  if (values.priceBuy.trim() !== '') input.priceBuy = parseAmount(values.priceBuy);
  if (values.region.trim() !== '') input.region = values.region.trim();
  if (values.languages.trim() !== '') input.languages = values.languages.trim();
  if (values.releaseDate.trim() !== '') input.releaseDate = values.releaseDate.trim();
  if (values.preorderAllowed) input.preorderAllowed = true;
  if (values.coverUrl.trim() !== '') input.coverUrl = values.coverUrl.trim();
  if (values.description.trim() !== '') input.description = values.description;
  return input;
}

/** The body of an edit call: only the fields that changed (the server wants at least one). */
export function formToUpdateInput(values: ProductFormValues, before: ProductFormValues) {
  const next = formToCreateInput(values);
  const input: Record<string, unknown> = {};
  if (values.title.trim() !== before.title.trim()) input.title = next.title;
  if (parseAmount(values.price) !== parseAmount(before.price)) input.price = next.price;
  if (values.platform.trim() !== before.platform.trim()) input.platform = next.platform;
  if (values.priceBuy.trim() !== before.priceBuy.trim()) input.priceBuy = next.priceBuy ?? 0;
  if (values.region.trim() !== before.region.trim() && next.region) input.region = next.region;
  if (values.activationScope !== before.activationScope) input.activationScope = values.activationScope;
  const countries = activationCountriesOf(values);
  if (countries.join() !== activationCountriesOf(before).join()) input.activationCountries = countries;
  if (values.languages.trim() !== before.languages.trim() && next.languages) input.languages = next.languages;
  if (values.releaseDate.trim() !== before.releaseDate.trim()) input.releaseDate = next.releaseDate ?? null;
  if (values.preorderAllowed !== before.preorderAllowed) input.preorderAllowed = values.preorderAllowed;
  if (values.coverUrl.trim() !== before.coverUrl.trim()) input.coverUrl = next.coverUrl ?? null;
  if (values.description !== before.description) input.description = next.description ?? null;
  return input;
}

/** The form field a server validation error names (`price`, `genres.0` → undefined…). */
export function formFieldOf(serverField: string | undefined): ProductField | undefined {
  const head = serverField?.split('.')[0];
  return head && head in emptyProductForm ? (head as ProductField) : undefined;
}
