import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { KeysTable } from './keys-table.tsx';

const PNG_CODE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const key = (id: number, masked: string, kind: 'text' | 'image') => ({
  id,
  masked,
  kind,
  status: 'sold',
  orderId: 7,
  createdAt: '2026-11-24T05:00:00.000Z',
  soldAt: '2026-11-24T05:10:00.000Z',
  revokedAt: null,
});

describe('admin keys table', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names an image code while masked and shows it as a picture once revealed', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === 'POST' && url.endsWith('/api/admin/keys/2/reveal'))
          return json(200, { id: 2, gameId: 1, code: `key-2.png ${PNG_CODE}`, status: 'sold' });
        if (init?.method === 'POST' && url.endsWith('/api/admin/keys/1/reveal'))
          return json(200, { id: 1, gameId: 1, code: 'GV7FX-RHJJD-F4LRR', status: 'sold' });
        return json(200, {
          items: [key(1, '••••••••••LRR', 'text'), key(2, 'image code', 'image')],
          total: 2,
        });
      }),
    );
    renderWithProviders(<KeysTable productId={1} />);
    const rows = await screen.findAllByTestId('admin-key-row');
    const [textRow, imageRow] = rows as [HTMLElement, HTMLElement];
    expect(within(imageRow).getByText('Image code')).toBeTruthy();
    expect(imageRow.textContent).not.toContain('base64');
    expect(within(textRow).getByText('••••••••••LRR')).toBeTruthy();

    fireEvent.click(within(imageRow).getByRole('button', { name: 'Reveal the key Image code' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal the key' }));
    const image = await within(imageRow).findByRole('img', { name: 'Revealed image code' });
    expect(image.getAttribute('src')).toBe(PNG_CODE);

    fireEvent.click(within(textRow).getByRole('button', { name: /Reveal the key/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reveal the key' }));
    await waitFor(() => expect(within(textRow).getByText('GV7FX-RHJJD-F4LRR')).toBeTruthy());
    expect(within(textRow).queryByRole('img')).toBeNull();
  });
});
