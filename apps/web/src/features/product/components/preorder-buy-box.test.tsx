import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameDetailFixture } from '#src/features/product/testing/game-detail-fixture.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { BuyBox, type RenderAddToCart } from './buy-box.tsx';

const user = { email: 'ana@example.com', name: 'Ana García', kl_user_role: 'customer' };
const game = { ...gameDetailFixture, stock: 0, preorderRelease: '2027-03-05' };

describe('the buy box of a game sold as a pre-order', () => {
  beforeAll(() => setupI18n('en'));
  beforeEach(() => {
    // The session check: a logged-in customer.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ user }), { status: 200 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('says "Pre-order" instead of sold out, and when and how the key comes', () => {
    renderWithProviders(<BuyBox game={game} renderAddToCart={() => null} />);
    const offer = screen.getByTestId('offer-banner');
    expect(within(offer).getByTestId('preorder-badge').textContent).toBe('Pre-order');
    expect(offer.textContent).not.toContain('Sold out');
    expect(offer.textContent).not.toContain('Instant delivery');
    expect(within(offer).getByTestId('preorder-delivery').textContent).toBe(
      'Delivered on Mar 5, 2027: your key appears in your order history and comes by e-mail from 00:00 (Tallinn time) that day.',
    );
    expect(offer.textContent).toContain(
      "Paid now at today's price. You may withdraw until the key is delivered.",
    );
  });

  it('offers the cart button, not sold out, with the delivery day', async () => {
    const renderAddToCart = vi.fn<RenderAddToCart>(() => null);
    renderWithProviders(<BuyBox game={game} renderAddToCart={renderAddToCart} />);
    await waitFor(() => expect(renderAddToCart).toHaveBeenCalled());
    expect(renderAddToCart).toHaveBeenLastCalledWith({
      productId: game.productId,
      title: game.name,
      soldOut: false,
      preorderRelease: '2027-03-05',
    });
  });

  it('still says sold out for a game without keys that is not on pre-order', () => {
    const { preorderRelease: _, ...plain } = game;
    renderWithProviders(<BuyBox game={plain} renderAddToCart={() => null} />);
    const offer = screen.getByTestId('offer-banner');
    expect(offer.textContent).toContain('Sold out');
    expect(within(offer).queryByTestId('preorder-badge')).toBeNull();
  });
});
