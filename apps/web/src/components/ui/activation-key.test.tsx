import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { COPIED_MS } from '#src/hooks/use-copy-to-clipboard.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { ActivationKey } from './activation-key.tsx';

const CODE = 'GV7FX-RHJJD-F4LRR';
const PNG_CODE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

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

  it('shows an image code as a picture after "show", with a download link instead of copy', () => {
    const onDownload = vi.fn();
    renderWithProviders(<ActivationKey code={PNG_CODE} title="Kühle Tiefen" onDownload={onDownload} />);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('activation-key').textContent).toBe('••••••••••••••');
    expect(screen.queryByRole('button', { name: /Copy/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show the key of Kühle Tiefen' }));
    const image = screen.getByRole('img', { name: 'Activation key of Kühle Tiefen (image)' });
    expect(image.getAttribute('src')).toBe(PNG_CODE);
    expect(screen.queryByTestId('activation-key')).toBeNull();
    const download = screen.getByRole('link', { name: 'Download image: Kühle Tiefen' });
    expect(download.getAttribute('href')).toBe(PNG_CODE);
    expect(download.getAttribute('download')).toBe('kuhle-tiefen-key.png');
    expect(download.textContent).toBe('Download image: Kühle Tiefen');
    // A download is recorded like a reveal or a copy (the access log a dispute cites).
    expect(onDownload).not.toHaveBeenCalled();
    fireEvent.click(download);
    expect(onDownload).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Hide the key of Kühle Tiefen' }));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('shows an image code at once where it is not maskable (stored with the supplier file name in front)', () => {
    renderWithProviders(
      <ActivationKey code={`key-3.png ${PNG_CODE}`} title="Kühle Tiefen" maskable={false} />,
    );
    const image = screen.getByRole('img', { name: 'Activation key of Kühle Tiefen (image)' });
    expect(image.getAttribute('src')).toBe(PNG_CODE);
    expect(screen.queryByRole('button', { name: /Show the key/ })).toBeNull();
  });

  it.each([
    'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    'data:text/html;base64,PGgxPmhpPC9oMT4=',
    'data:image/png,not-base64',
  ])('keeps %s as a text key', (code) => {
    renderWithProviders(<ActivationKey code={code} title="Kühle Tiefen" maskable={false} />);
    expect(screen.getByTestId('activation-key').textContent).toBe(code);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy the key of Kühle Tiefen' })).toBeTruthy();
  });
});
