import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CheckoutSuccessView } from './checkout-success-view.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = { email: 'ana@example.com', name: 'Ana García', kl_user_role: 'customer' };

/** The server: a logged-in customer, and the success page's answer for the paid session. */
function stubServer(createOrder: unknown): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      if (url === '/api/kl_api/user_online') return json(200, { user });
      if (url === '/api/kl_api/createOrder') return json(200, createOrder);
      return json(404, { error: 'NOT_FOUND', message: 'Not found' });
    }),
  );
  return calls;
}

describe('the checkout success page', () => {
  beforeAll(async () => {
    await setupI18n('en');
    // Arriving on the page scrolls to the top, which jsdom does not do.
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says calmly that a held order is being checked, shows no key and leads to the history', async () => {
    stubServer({ success: true, data: [], order_id: 42, held: true, review_hours: 24 });
    renderWithProviders(<CheckoutSuccessView />, { route: '/checkout/success?session_id=cs_local_1' });

    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Payment received — your order is being checked',
      }),
    ).toBeTruthy();
    expect(screen.getByText('Order #42')).toBeTruthy();
    await waitFor(() =>
      expect(document.title).toBe('Payment received — your order is being checked · Keyland'),
    );
    expect(
      screen.getByText(/we check some orders by hand to protect our customers from card fraud/),
    ).toBeTruthy();
    expect(screen.getByText(/usually done within 24 hours\. We will e-mail you/)).toBeTruthy();
    expect(screen.queryByTestId('delivered-key')).toBeNull();
    expect(screen.queryByText('Your activation keys')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your purchase history' }).getAttribute('href')).toBe(
      '/History',
    );
    expect(screen.getByRole('link', { name: 'Back to the store' })).toBeTruthy();
  });

  it('says "hour" for a one-hour review, in the reader’s language', async () => {
    await setupI18n('de');
    stubServer({ success: true, data: [], order_id: 7, held: true, review_hours: 1 });
    renderWithProviders(<CheckoutSuccessView />, { route: '/checkout/success?session_id=cs_local_2' });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Zahlung erhalten – Ihre Bestellung wird geprüft',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/innerhalb von 1 Stunde abgeschlossen/)).toBeTruthy();
    await setupI18n('en');
  });

  it('says a delayed payment is processing, with how long the keys are kept, and shows no key', async () => {
    stubServer({ success: true, data: [], order_id: 51, processing: true, hold_days: 14 });
    renderWithProviders(<CheckoutSuccessView />, { route: '/checkout/success?session_id=cs_local_4' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment processing' })).toBeTruthy();
    expect(screen.getByText('Order #51')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Payment processing · Keyland'));
    expect(screen.getByText(/such as a bank transfer or a direct debit/)).toBeTruthy();
    expect(screen.getByText(/We keep them for you for up to 14 days/)).toBeTruthy();
    expect(screen.queryByTestId('delivered-key')).toBeNull();
    expect(screen.queryByTestId('checkout-held')).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to your purchase history' })).toBeTruthy();
  });

  it('still shows the keys of an order that is not held', async () => {
    stubServer({
      success: true,
      data: [{ title: 'Lumen Drift', code: 'AAAA-BBBB-CCCC', platform: 'Steam' }],
      order_id: 43,
    });
    renderWithProviders(<CheckoutSuccessView />, { route: '/checkout/success?session_id=cs_local_3' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! Your keys are ready' }),
    ).toBeTruthy();
    expect(screen.getAllByTestId('delivered-key')).toHaveLength(1);
    expect(screen.queryByTestId('checkout-held')).toBeNull();
  });
});
