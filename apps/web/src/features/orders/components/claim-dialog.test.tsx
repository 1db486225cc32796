import type { CompletedOrder } from '@keyland/core/schemas/orders';
import type { KeyClaim } from '@keyland/core/schemas/support';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { OrderHistoryView } from './order-history-view.tsx';

const paid: CompletedOrder = {
  id: 41,
  date: '2026-11-26T08:00:00.000Z',
  items: [
    {
      title: 'Lumen Drift',
      price: 19.99,
      wcs_activation_key: 'GV7FX-RHJJD-F4LRR',
      platform: 'Steam',
      providerId: 'kl-lumen',
      key_id: 907,
    },
  ],
  total: 19.99,
  amount_untaxed: 16.12,
  amount_tax: 3.87,
  tax_percent: 24,
  status: 'paid',
  invoice_id: null,
  pending_items: [],
  withdrawable: false,
  claims: [],
};

const claimAnswer = (status: KeyClaim['status']): KeyClaim => ({
  id: 5,
  orderId: 41,
  keyId: 907,
  title: 'Lumen Drift',
  platform: 'Steam',
  reason: 'already_used',
  note: null,
  status,
  outcome: status === 'replaced' ? 'auto_replaced' : null,
  rejectReason: null,
  refunded: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  resolvedAt: null,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = { email: 'ana@example.com', country: 68, kl_user_role: 'user', kl_email_verified: true };

/**
 * A logged-in customer's store: the history answers `paid` until a claim is accepted, then `after` (the
 * server's history once the claim is in); the claims route answers `answer`. Every claim and every
 * history read is kept.
 */
function stubStore(answer: () => Response, after: CompletedOrder = paid, initial: CompletedOrder = paid) {
  const claims: unknown[] = [];
  const historyReads: string[] = [];
  let history = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/kl_api/user_online') return json({ user });
      if (url === '/api/claims') {
        claims.push(JSON.parse(String(init?.body)));
        const response = answer();
        if (response.ok) history = after;
        return response;
      }
      if (url === '/api/kl_api/get_completed_orders') {
        historyReads.push(url);
        return json([history]);
      }
      return json({ error: 'NOT_FOUND', message: 'x' }, 404);
    }),
  );
  return { claims, historyReads };
}

async function openDialog() {
  renderWithProviders(<OrderHistoryView />);
  fireEvent.click(
    await screen.findByRole('button', { name: 'Report a problem with the key of Lumen Drift' }),
  );
  return screen.getByRole('dialog', { name: 'Report a problem with Lumen Drift' });
}

const pngFile = (size: number, type = 'image/png', name = 'shot.png') =>
  new File([new Uint8Array(size)], name, { type });

describe('reporting a problem with a delivered key', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for a reason before sending anything', async () => {
    const { claims } = stubStore(() => json(claimAnswer('open'), 201));
    const dialog = await openDialog();
    expect(within(dialog).getByText(/checks it within 72 hours/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose what happens when you redeem the key.')).toBeTruthy();
    expect(document.activeElement).toBe(
      within(dialog).getByRole('radio', { name: 'The key was already used' }),
    );
    expect(claims).toEqual([]);
  });

  it('refuses a screenshot over 1 MB or of another type, with the reason next to the field', async () => {
    stubStore(() => json(claimAnswer('open'), 201));
    const dialog = await openDialog();
    const input = within(dialog).getByLabelText('Screenshot (optional)');
    fireEvent.change(input, { target: { files: [pngFile(1024 * 1024 + 1)] } });
    expect(
      await within(dialog).findByText(/This image is 1\.1 MB\. A screenshot can be at most 1 MB/),
    ).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByRole('img', { name: 'Your screenshot' })).toBeNull();

    fireEvent.change(input, { target: { files: [pngFile(10, 'application/pdf', 'shot.pdf')] } });
    expect(await within(dialog).findByText(/not a PNG, JPEG or WebP image/)).toBeTruthy();
  });

  it('sends reason, note and screenshot; a replaced key says so and reads the history again', async () => {
    const replaced: CompletedOrder = {
      ...paid,
      items: [
        {
          ...(paid.items[0] as CompletedOrder['items'][number]),
          wcs_activation_key: 'NEW00-KEY00-AAAAA',
          key_id: 908,
        },
      ],
      claims: [claimAnswer('replaced')],
    };
    const { claims, historyReads } = stubStore(() => json(claimAnswer('replaced'), 201), replaced);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'The key was already used' }));
    fireEvent.change(within(dialog).getByLabelText('Details (optional)'), {
      target: { value: '  Steam says: already redeemed  ' },
    });
    fireEvent.change(within(dialog).getByLabelText('Screenshot (optional)'), {
      target: { files: [pngFile(16)] },
    });
    const preview = await within(dialog).findByRole('img', { name: 'Your screenshot' });
    expect(preview.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('heading', { name: 'Key replaced' })).toBeTruthy();
    expect(within(dialog).getByText(/We replaced your key/)).toBeTruthy();
    expect(claims).toEqual([
      {
        keyId: 907,
        reason: 'already_used',
        note: 'Steam says: already redeemed',
        screenshot: preview.getAttribute('src'),
      },
    ]);
    // The history is read again behind the answer: the report is listed, the dialog stays open.
    await waitFor(() => expect(historyReads).toHaveLength(2));
    const reports = await screen.findByRole('region', { name: 'Problem reports' });
    expect(within(reports).getByTestId('claim-status').textContent).toBe('Replaced with a new key');
    expect(within(dialog).getByRole('heading', { name: 'Key replaced' })).toBeTruthy();

    // Closed, the focus lands on the reports (the button that opened the dialog went with the old key).
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement?.textContent).toBe('Problem reports');
  });

  it('a claim left for a person says it was received, with the time to expect an answer', async () => {
    const { claims } = stubStore(() => json(claimAnswer('open'), 201));
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'It is not valid in my region' }));
    fireEvent.change(within(dialog).getByLabelText('Screenshot (optional)'), {
      target: { files: [pngFile(16)] },
    });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Remove the screenshot' }));
    expect(within(dialog).queryByRole('img', { name: 'Your screenshot' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByRole('heading', { name: 'Report received' })).toBeTruthy();
    expect(within(dialog).getByText(/A person checks it within 72 hours/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Key replaced' })).toBeNull();
    expect(claims).toEqual([{ keyId: 907, reason: 'wrong_region' }]);
  });

  it('shows a refusal in the dialog and keeps what was entered', async () => {
    const { claims } = stubStore(() => json({ error: 'CLAIM_ALREADY_OPEN', message: 'server words' }, 409));
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    fireEvent.change(within(dialog).getByLabelText('Details (optional)'), { target: { value: 'No luck' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('You already reported a problem with this key. We are checking it.');
    expect(claims).toHaveLength(1);
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect((within(dialog).getByRole('radio', { name: 'Something else' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(dialog).getByLabelText('Details (optional)') as HTMLTextAreaElement).value).toBe(
      'No luck',
    );
    expect(within(dialog).getByRole('button', { name: 'Send report' })).toHaveProperty('disabled', false);
  });

  it('states the reply time the server sets with the order', async () => {
    const slower = { ...paid, claim_hours: 48 };
    stubStore(() => json(claimAnswer('open'), 201), slower, slower);
    const dialog = await openDialog();
    expect(within(dialog).getByText(/checks it within 48 hours/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'The key was already used' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(/A person checks it within 48 hours/)).toBeTruthy();
  });
});
