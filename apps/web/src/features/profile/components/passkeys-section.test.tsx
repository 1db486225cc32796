import type { Passkey } from '@keyland/core/schemas/passkeys';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FetchCall, jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { PasskeysSection } from './passkeys-section.tsx';

const browser = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => browser);

const phone: Passkey = {
  id: 1,
  name: 'Phone',
  createdAt: '2026-03-02T10:00:00.000Z',
  lastUsedAt: '2026-03-05T18:30:00.000Z',
  backedUp: true,
  removable: true,
};
const laptop: Passkey = { ...phone, id: 2, name: 'Work laptop', lastUsedAt: null, backedUp: false };

/** The store with `passkeys` listed; other calls answer as `routes` says (200 `{ ok: true }` otherwise). */
function stubStore(passkeys: Passkey[], routes: Record<string, (call: FetchCall) => Response> = {}) {
  let list = passkeys;
  const calls = stubFetch((call) => {
    if (call.url === '/api/account/passkeys') return jsonResponse(200, { passkeys: list });
    const route = routes[call.url];
    return route ? route(call) : jsonResponse(200, { ok: true });
  });
  return { calls, setList: (next: Passkey[]) => (list = next) };
}

const named = (name: string) =>
  screen.getAllByTestId('passkey-item').find((item) => item.textContent?.includes(name)) as HTMLElement;

describe('the profile’s passkeys', () => {
  beforeAll(() => setupI18n('en'));
  beforeEach(() => {
    browser.browserSupportsWebAuthn.mockReturnValue(true);
    browser.startRegistration.mockReset();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists each passkey with its name, when it was added and last used, and whether it is synced', async () => {
    stubStore([phone, laptop]);
    renderWithProviders(<PasskeysSection />);
    expect(screen.getByRole('status').textContent).toContain('Loading your passkeys');
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(named('Phone').textContent).toMatch(/Added .*2026.*Last used .*2026.*/);
    expect(named('Phone').textContent).toContain('Synced');
    expect(named('Work laptop').textContent).toContain('Not used yet');
    expect(named('Work laptop').textContent).not.toContain('Synced');
  });

  it('says there are none yet, and that a browser without passkeys cannot add one', async () => {
    browser.browserSupportsWebAuthn.mockReturnValue(false);
    stubStore([]);
    renderWithProviders(<PasskeysSection />);
    expect(await screen.findByText(/No passkeys yet/)).toBeTruthy();
    expect(screen.getByText(/This browser cannot use passkeys/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
  });

  it('adds a passkey made by the device, and says when the person cancelled', async () => {
    const { calls, setList } = stubStore([], {
      '/api/account/passkeys/registration/start': () => jsonResponse(200, { challenge: 'Y2hhbA' }),
      '/api/account/passkeys/registration/finish': () => {
        setList([phone]);
        return jsonResponse(200, phone);
      },
    });
    browser.startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('x'), { name: 'NotAllowedError' }),
    );
    renderWithProviders(<PasskeysSection />);
    const add = await screen.findByRole('button', { name: 'Add a passkey' });
    fireEvent.click(add);
    expect((await screen.findByRole('alert')).textContent).toContain('cancelled or timed out');

    browser.startRegistration.mockResolvedValueOnce({ id: 'new', response: {} });
    fireEvent.click(add);
    expect(await screen.findByText('Passkey added. You can log in with it now.')).toBeTruthy();
    expect(await screen.findByRole('list', { name: 'Your passkeys' })).toBeTruthy();
    expect(browser.startRegistration).toHaveBeenLastCalledWith({ optionsJSON: { challenge: 'Y2hhbA' } });
    expect(calls.find((c) => c.url.endsWith('/finish'))?.body).toEqual({
      response: { id: 'new', response: {} },
    });
  });

  it('renames a passkey in place', async () => {
    const { calls, setList } = stubStore([phone], {
      '/api/account/passkeys/1': (call) => {
        const renamed = { ...phone, name: (call.body as { name: string }).name };
        setList([renamed]);
        return jsonResponse(200, renamed);
      },
    });
    renderWithProviders(<PasskeysSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Phone' }));
    const field = screen.getByRole('textbox', { name: 'Name' });
    fireEvent.change(field, { target: { value: 'Pixel' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Rename Pixel' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ body: { name: 'Pixel' } });
  });

  it('removes a passkey after a confirmation, but never the last way to log in', async () => {
    const { calls, setList } = stubStore([phone, laptop], {
      '/api/account/passkeys/1/remove': () => {
        setList([{ ...laptop, removable: false }]);
        return jsonResponse(200, { ok: true });
      },
    });
    renderWithProviders(<PasskeysSection />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this passkey?' });
    expect(dialog.textContent).toContain('“Phone” will no longer log you in');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByText('Passkey removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.url.endsWith('/remove'))).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('passkey-item')).toHaveLength(1));
    expect(named('Work laptop').textContent).toContain('Your only way to log in');
    expect(screen.queryByRole('button', { name: 'Remove Work laptop' })).toBeNull();
  });

  it('offers to try again when the list cannot be loaded', async () => {
    let fail = true;
    stubFetch(() =>
      fail
        ? jsonResponse(503, { error: 'SERVICE_UNAVAILABLE', message: 'x' })
        : jsonResponse(200, { passkeys: [phone] }),
    );
    renderWithProviders(<PasskeysSection />);
    expect((await screen.findByRole('alert')).textContent).toContain('Your passkeys could not be loaded.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Rename Phone' })).toBeTruthy();
  });
});
