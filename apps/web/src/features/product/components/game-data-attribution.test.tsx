import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '#src/lib/i18n.ts';
import { setupI18n } from '#src/testing/test-utils.tsx';
import { GameDataAttribution } from './game-data-attribution.tsx';

const renderIt = (source: string | null | undefined) =>
  render(
    <I18nextProvider i18n={i18n}>
      <GameDataAttribution source={source} />
    </I18nextProvider>,
  );

describe('GameDataAttribution', () => {
  beforeAll(() => setupI18n('de'));
  afterEach(cleanup);

  it('credits RAWG with an active link, in the reader’s language', () => {
    renderIt('rawg');
    const link = screen.getByRole('link', { name: 'RAWG' });
    expect(link.getAttribute('href')).toBe('https://rawg.io/');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByTestId('game-data-attribution').textContent).toBe(
      'Spieldaten bereitgestellt von RAWG',
    );
  });

  it('shows nothing for the store’s own details', () => {
    const { container } = renderIt(null);
    expect(container.textContent).toBe('');
    renderIt('something-else');
    expect(screen.queryByTestId('game-data-attribution')).toBeNull();
  });
});
