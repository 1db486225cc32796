import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCatalogueParams } from '#src/features/catalogue/hooks/use-catalogue-params.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CatalogueToolbar } from './catalogue-toolbar.tsx';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** The toolbar wired to the address as the catalogue screen wires it, with the address shown beside it. */
function ToolbarAtAddress(): ReactNode {
  const { name, platform, onSale, sort, setFilters } = useCatalogueParams();
  const { search } = useLocation();
  return (
    <>
      <CatalogueToolbar name={name} platform={platform} onSale={onSale} sort={sort} onChange={setFilters} />
      <output data-testid="address">{search}</output>
    </>
  );
}

const address = () => screen.getByTestId('address').textContent;

describe('CatalogueToolbar: on sale and order', () => {
  beforeAll(() => setupI18n('en'));
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(['Steam', 'GOG'])),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('writes sale=1 into the address and goes back to page 1, and takes it out again', () => {
    renderWithProviders(<ToolbarAtAddress />, { route: '/publicstore?name=orbit&page=3' });
    const onSale = screen.getByRole<HTMLInputElement>('checkbox', { name: 'On sale' });
    expect(onSale.checked).toBe(false);

    fireEvent.click(onSale);
    expect(address()).toBe('?name=orbit&sale=1');
    expect(onSale.checked).toBe(true);

    fireEvent.click(onSale);
    expect(address()).toBe('?name=orbit');
    expect(onSale.checked).toBe(false);
  });

  it('writes sort=discount_desc into the address and goes back to page 1; relevance is the bare address', () => {
    renderWithProviders(<ToolbarAtAddress />, { route: '/publicstore?sale=1&page=2' });
    const sort = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' });
    expect(sort.value).toBe('relevance');
    expect(screen.getAllByRole('option', { name: /Relevance|Biggest discount/ })).toHaveLength(2);

    fireEvent.change(sort, { target: { value: 'discount_desc' } });
    expect(address()).toBe('?sale=1&sort=discount_desc');
    expect(sort.value).toBe('discount_desc');

    fireEvent.change(sort, { target: { value: 'relevance' } });
    expect(address()).toBe('?sale=1');
  });

  it('reads both from the address', async () => {
    renderWithProviders(<ToolbarAtAddress />, { route: '/publicstore?sale=1&sort=discount_desc' });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'On sale' }).checked).toBe(true);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('discount_desc');
    // The platform list still arrives beside them.
    await waitFor(() => expect(screen.getByRole('option', { name: 'GOG' })).toBeTruthy());
  });
});
