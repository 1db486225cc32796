import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { CheckoutSuccessView } from './checkout-success-view.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = { email: 'ana@example.com', name: 'Ana García', kl_user_role: 'customer' };

function stubServer(createOrder: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/kl_api/user_online') return json(200, { user });
      if (url === '/api/kl_api/createOrder') return json(200, createOrder);
      return json(404, { error: 'NOT_FOUND', message: 'Not found' });
    }),
  );
}

describe('the checkout success page of a pre-order', () => {
  beforeAll(async () => {
    await setupI18n('en');
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('confirms the pre-order with its delivery day and the right to withdraw, and shows no key', async () => {
    stubServer({ success: true, data: [], order_id: 52, preorder_release: '2027-03-05' });
    renderWithProviders(<CheckoutSuccessView />, { route: '/checkout/success?session_id=cs_1' });
    const page = await screen.findByTestId('checkout-preorder');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Pre-order confirmed');
    expect(page.textContent).toContain('Order #52');
    expect(page.textContent).toContain('in your order history and your inbox on Mar 5, 2027');
    expect(
      screen.getByText('Until then you may withdraw from the order in your order history.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('delivered-key')).toBeNull();
  });

  it('shows the keys of a pre-order already delivered', async () => {
    stubServer({
      success: true,
      data: [{ title: 'Starfall Tactics', code: 'AAAAA-BBBBB-CCCCC', platform: 'Steam' }],
      order_id: 52,
      preorder_release: '2027-03-05',
    });
    renderWithProviders(<CheckoutSuccessView />, { route: '/checkout/success?session_id=cs_1' });
    expect(await screen.findAllByTestId('delivered-key')).toHaveLength(1);
    expect(screen.queryByTestId('checkout-preorder')).toBeNull();
  });
});
