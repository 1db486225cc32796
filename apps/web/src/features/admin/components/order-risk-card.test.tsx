import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { OrderRiskCard } from './order-risk-card.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answer(body: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, body)),
  );
}

describe("an order's fraud screening", () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows both assessments with their tiers and reasons in words', async () => {
    answer({
      orderId: 5,
      assessments: [
        {
          stage: 'checkout',
          score: 20,
          tier: 'low',
          reasons: [
            { code: 'new_account', points: 10 },
            { code: 'email_unverified', points: 10 },
          ],
          signals: { accountAgeHours: 1, emailVerified: false },
          threeDSecureRequested: false,
          assessedAt: '2026-11-26T07:00:00.000Z',
        },
        {
          stage: 'payment',
          score: 55,
          tier: 'medium',
          reasons: [
            { code: 'card_country_mismatch', points: 20 },
            { code: 'some_new_signal', points: 5 },
          ],
          signals: { cardCountry: 'US', providerRisk: 'elevated' },
          threeDSecureRequested: true,
          assessedAt: '2026-11-26T07:01:00.000Z',
        },
      ],
    });
    renderWithProviders(<OrderRiskCard orderId={5} />);
    const [checkout, payment] = await screen.findAllByTestId('risk-assessment');
    if (!checkout || !payment) throw new Error('two assessments expected');
    expect(within(checkout).getByRole('heading', { name: 'At checkout' })).toBeTruthy();
    expect(within(checkout).getByTestId('risk-badge').textContent).toBe('Low risk · score 20');
    expect(within(checkout).getByText('The e-mail address is not verified')).toBeTruthy();
    expect(within(payment).getByRole('heading', { name: 'At payment' })).toBeTruthy();
    expect(within(payment).getByText(/3-D Secure requested/)).toBeTruthy();
    expect(within(payment).getByText("The card's country differs from the customer's country")).toBeTruthy();
    expect(within(payment).getByText('Other signal (some_new_signal)')).toBeTruthy();
    expect(within(payment).getByText('cardCountry')).toBeTruthy();
  });

  it('says when an order was never scored', async () => {
    answer({ orderId: 6, assessments: [] });
    renderWithProviders(<OrderRiskCard orderId={6} />);
    expect(await screen.findByText('This order was not scored.')).toBeTruthy();
  });
});
