import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { RedemptionHelp } from './redemption-help.tsx';

describe('RedemptionHelp', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(cleanup);

  it.each([
    ['XBOX ONE', 'Xbox', '25'],
    ['PS5', 'PlayStation', '12'],
    ['Nintendo Switch', 'Nintendo', '16'],
  ])('gives %s its steps and code length', (platform, group, length) => {
    renderWithProviders(<RedemptionHelp platform={platform} defaultOpen />);
    const help = screen.getByTestId('redemption-help');
    expect(help.getAttribute('data-platform-group')).toBe(group);
    const steps = within(help).getAllByRole('listitem');
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(help.textContent).toContain(`${length}-character code`);
    expect(screen.getByTestId('key-length').textContent).toContain(`${length} characters`);
  });

  it('falls back to Other for an unknown platform, with the support note and order number', () => {
    renderWithProviders(<RedemptionHelp platform="Sega" title="Old Game" orderNumber="S00042" />);
    const help = screen.getByTestId('redemption-help');
    expect(help.getAttribute('data-platform-group')).toBe('Other');
    expect(help.hasAttribute('open')).toBe(false);
    expect(help.textContent).toContain('How to redeem Old Game');
    expect(help.textContent).toContain('order S00042');
    expect(help.textContent).toContain("publisher's official website");
    expect(screen.queryByTestId('key-length')).toBeNull();
  });

  it('speaks Spanish', async () => {
    await setupI18n('es');
    renderWithProviders(<RedemptionHelp platform="Steam" defaultOpen />);
    expect(screen.getByTestId('redemption-help').textContent).toContain('Activar un producto en Steam');
    await setupI18n('en');
  });
});
