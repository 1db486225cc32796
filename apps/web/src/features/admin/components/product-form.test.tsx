import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderProductForm } from '#src/features/admin/testing/render-product-form.tsx';
import { emptyProductForm, type ProductFormValues } from '#src/features/admin/utils/product-form.ts';
import { setupI18n } from '#src/testing/test-utils.tsx';

const filled: ProductFormValues = {
  ...emptyProductForm,
  title: 'Lumen Drift',
  price: '19.99',
  platform: 'Steam',
};

const renderForm = renderProductForm;

describe('the activation fields of the game form', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it('shows the scope and, for "only some countries", the codes with their names', () => {
    renderForm({ ...filled, activationScope: 'countries', activationCountries: 'ES, PT' });
    const scope = screen.getByLabelText('Activates in') as HTMLSelectElement;
    expect(scope.value).toBe('countries');
    expect([...scope.options].map((option) => option.textContent)).toEqual([
      'The whole EU and EEA',
      'Worldwide',
      'Only some countries',
    ]);
    const countries = screen.getByLabelText('Countries *') as HTMLInputElement;
    expect(countries.value).toBe('ES, PT');
    expect(screen.getByText('Only in: Spain and Portugal')).toBeTruthy();
  });

  it('hides the countries for another scope and sends the scope chosen', () => {
    const onSubmit = renderForm({ ...filled, activationScope: 'countries', activationCountries: 'ES' });
    fireEvent.change(screen.getByLabelText('Activates in'), { target: { value: 'worldwide' } });
    expect(screen.queryByLabelText('Countries *')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ activationScope: 'worldwide' }));
  });

  it('asks for the countries before sending "only some countries"', () => {
    const onSubmit = renderForm(filled);
    expect(screen.queryByLabelText('Countries *')).toBeNull();
    fireEvent.change(screen.getByLabelText('Activates in'), { target: { value: 'countries' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Write at least one country code.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Countries *'), { target: { value: 'es, 123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      screen.getByText('Use two-letter ISO codes separated by commas, for example ES, PT, FR.'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Countries *'), { target: { value: 'es, fr' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ activationScope: 'countries', activationCountries: 'es, fr' }),
    );
  });
});
