import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { gameDetailFixture as game } from '#src/features/product/testing/game-detail-fixture.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { ProductFacts } from './product-facts.tsx';

/** The value next to a fact's label. */
const fact = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('where the keys of a game activate', () => {
  afterEach(cleanup);

  it('names the countries in the page language', async () => {
    await setupI18n('en');
    renderWithProviders(<ProductFacts game={game} />);
    expect(fact('Activates in')).toBe('Only in: Germany and Austria');
    // Said once, by this row: the old free-text region is not shown beside it.
    expect(screen.queryByText('Region')).toBeNull();
    cleanup();
    await setupI18n('es');
    renderWithProviders(<ProductFacts game={game} />);
    expect(screen.getByTestId('product-activation').textContent).toMatch(/Alemania y Austria/);
    await setupI18n('en');
  });

  it('says EU/EEA or worldwide, and nothing when the server gives no scope', async () => {
    await setupI18n('en');
    renderWithProviders(<ProductFacts game={{ ...game, activation: { scope: 'eu', countries: [] } }} />);
    expect(fact('Activates in')).toBe('The whole EU and EEA');
    cleanup();
    renderWithProviders(
      <ProductFacts game={{ ...game, activation: { scope: 'worldwide', countries: [] } }} />,
    );
    expect(fact('Activates in')).toBe('Worldwide');
    cleanup();
    const { activation: _a, ...old } = game;
    renderWithProviders(<ProductFacts game={old} />);
    expect(screen.queryByText('Activates in')).toBeNull();
  });
});
