import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderProductForm } from '#src/features/admin/testing/render-product-form.tsx';
import {
  emptyProductForm,
  formToCreateInput,
  formToUpdateInput,
  type ProductFormValues,
} from '#src/features/admin/utils/product-form.ts';
import { setupI18n } from '#src/testing/test-utils.tsx';
import { isFutureRelease } from './preorder-checkbox.tsx';

const filled: ProductFormValues = {
  ...emptyProductForm,
  title: 'Starfall Tactics',
  price: '59.99',
  platform: 'Steam',
  releaseDate: '2099-03-05',
};

const renderForm = renderProductForm;

describe('the "Allow pre-orders" box of the game form', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it('says what pre-orders do and that they need a future release date, and sends the choice', () => {
    const onSubmit = renderForm(filled);
    const box = screen.getByRole('checkbox', { name: 'Allow pre-orders' }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toContain('-hint');
    expect(screen.getByText(/Only works while the release date is in the future/)).toBeTruthy();
    fireEvent.click(box);
    expect(screen.queryByTestId('preorder-idle')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ preorderAllowed: true }));
  });

  it('warns that a ticked box does nothing without a release date in the future', () => {
    renderForm({ ...filled, releaseDate: '', preorderAllowed: true });
    expect(screen.getByTestId('preorder-idle').textContent).toBe(
      'Set a release date in the future, or pre-orders stay closed.',
    );
    fireEvent.change(screen.getByLabelText('Release date'), { target: { value: '2099-01-01' } });
    expect(screen.queryByTestId('preorder-idle')).toBeNull();
    fireEvent.change(screen.getByLabelText('Release date'), { target: { value: '2020-01-01' } });
    expect(screen.getByTestId('preorder-idle')).toBeTruthy();
  });

  it('sends the flag when it changed, and only then', () => {
    expect(formToCreateInput({ ...filled, preorderAllowed: true })).toMatchObject({ preorderAllowed: true });
    expect(formToCreateInput(filled)).not.toHaveProperty('preorderAllowed');
    expect(formToUpdateInput({ ...filled, preorderAllowed: true }, filled)).toEqual({
      preorderAllowed: true,
    });
    expect(
      formToUpdateInput({ ...filled, preorderAllowed: false }, { ...filled, preorderAllowed: true }),
    ).toEqual({ preorderAllowed: false });
    expect(formToUpdateInput(filled, filled)).toEqual({});
  });

  it('reads "future" as after today in Tallinn', () => {
    // 23:30 UTC on 31 Dec is already 1 January in Tallinn.
    const now = new Date('2026-12-31T23:30:00Z');
    expect(isFutureRelease('2027-01-01', now)).toBe(false);
    expect(isFutureRelease('2027-01-02', now)).toBe(true);
    expect(isFutureRelease('', now)).toBe(false);
  });
});
