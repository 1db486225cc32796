import type { AdminProduct } from '@keyland/core/schemas/admin';
import { describe, expect, it } from 'vitest';
import {
  emptyProductForm,
  formToCreateInput,
  formToUpdateInput,
  productFieldErrorKey,
  productToForm,
  validateProductForm,
} from './product-form.ts';

const product: AdminProduct = {
  id: 4,
  providerId: 'kl-4',
  productId: 'p-4',
  title: 'Lumen Drift',
  platform: 'Steam',
  platformGroup: 'steam',
  price: 19.99,
  priceBuy: 0,
  hidden: false,
  region: 'EU',
  activationScope: 'countries',
  activationCountries: ['ES', 'PT'],
  languages: 'Multilanguage',
  releaseDate: null,
  preorderAllowed: false,
  description: null,
  coverUrl: null,
  genres: [],
  developers: [],
  publishers: [],
  keys: { available: 3, reserved: 0, sold: 1, revoked: 0 },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('the activation fields of the product form', () => {
  it('start as EU/EEA with no countries', () => {
    expect(emptyProductForm.activationScope).toBe('eu');
    expect(emptyProductForm.activationCountries).toBe('');
    const input = formToCreateInput({ ...emptyProductForm, title: 'X', price: '5', platform: 'Steam' });
    expect(input.activationScope).toBe('eu');
    expect(input.activationCountries).toEqual([]);
  });

  it('read a game and give back the same scope and countries, sending nothing when unchanged', () => {
    const form = productToForm(product);
    expect(form.activationScope).toBe('countries');
    expect(form.activationCountries).toBe('ES, PT');
    expect(formToUpdateInput(form, form)).toEqual({});
    const created = formToCreateInput(form);
    expect(created.activationScope).toBe('countries');
    expect(created.activationCountries).toEqual(['ES', 'PT']);
  });

  it('send the changed scope and the countries as upper-case codes, each once', () => {
    const before = productToForm({ ...product, activationScope: 'eu', activationCountries: [] });
    expect(
      formToUpdateInput(
        { ...before, activationScope: 'countries', activationCountries: 'de, at;DE  ch' },
        before,
      ),
    ).toEqual({ activationScope: 'countries', activationCountries: ['DE', 'AT', 'CH'] });

    const countries = productToForm(product);
    expect(formToUpdateInput({ ...countries, activationScope: 'worldwide' }, countries)).toEqual({
      activationScope: 'worldwide',
      activationCountries: [],
    });
    expect(formToUpdateInput({ ...countries, activationCountries: 'ES, PT, FR' }, countries)).toEqual({
      activationCountries: ['ES', 'PT', 'FR'],
    });
  });

  it('want at least one valid two-letter code for "only some countries"', () => {
    const base = { ...emptyProductForm, title: 'X', price: '5', platform: 'Steam' };
    expect(validateProductForm({ ...base, activationScope: 'countries' }).activationCountries).toBe(
      'countriesRequired',
    );
    expect(
      validateProductForm({ ...base, activationScope: 'countries', activationCountries: 'ES, Spain' })
        .activationCountries,
    ).toBe('countriesInvalid');
    expect(
      validateProductForm({ ...base, activationScope: 'countries', activationCountries: 'es,pt' })
        .activationCountries,
    ).toBeUndefined();
    expect(
      validateProductForm({ ...base, activationScope: 'worldwide', activationCountries: 'xyz' }),
    ).toEqual({});
    expect(productFieldErrorKey('countriesInvalid')).toBe('admin.form.activationErrors.countriesInvalid');
    expect(productFieldErrorKey('titleRequired')).toBe('admin.form.errors.titleRequired');
  });
});
