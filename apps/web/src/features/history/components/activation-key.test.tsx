import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '../../../testing/test-utils.tsx';
import { COPIED_MS } from '../hooks/use-copy-to-clipboard.ts';
import { ActivationKey } from './activation-key.tsx';

const CODE = 'GV7FX-RHJJD-F4LRR';

function mockClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

describe('ActivationKey', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is masked with 14 dots until shown, and hides again', () => {
    renderWithProviders(<ActivationKey code={CODE} title="Kühle Tiefen" />);
    const key = screen.getByTestId('activation-key');
    expect(key.textContent).toBe('••••••••••••••');
    expect(screen.getByText('Hidden key')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show the key of Kühle Tiefen' }));
    expect(key.textContent).toBe(CODE);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the key of Kühle Tiefen' }));
    expect(key.textContent).toBe('••••••••••••••');
  });

  it('copies the real key (even while masked) and says "copied" for 2 seconds', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    mockClipboard(writeText);
    renderWithProviders(<ActivationKey code={CODE} title="Kühle Tiefen" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy the key of Kühle Tiefen' }));
    });
    expect(writeText).toHaveBeenCalledWith(CODE);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPIED_MS - 1));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy the key of Kühle Tiefen' })).toBeTruthy();
  });

  it('says so when the browser refuses to copy', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockClipboard(() => Promise.reject(new Error('denied')));
    renderWithProviders(<ActivationKey code={CODE} title="Kühle Tiefen" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy the key of Kühle Tiefen' }));
    });
    expect(screen.getByText(/could not be copied/)).toBeTruthy();
  });

  it('shows the key at once where it is not maskable (right after payment)', () => {
    renderWithProviders(<ActivationKey code={CODE} title="Kühle Tiefen" maskable={false} />);
    expect(screen.getByTestId('activation-key').textContent).toBe(CODE);
    expect(screen.queryByRole('button', { name: /Show the key/ })).toBeNull();
  });
});
