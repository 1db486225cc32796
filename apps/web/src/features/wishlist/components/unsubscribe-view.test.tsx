import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '#src/testing/fetch-stub.ts';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { UnsubscribeView } from './unsubscribe-view.tsx';

const TOKEN = 'EYd2rTabVNGDd4yqnihSxNf6VLxz5UUDHczo4Vu2zO8';

describe('the unsubscribe page of an alert mail', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('turns the alerts off once, without a login, and says so', async () => {
    const calls = stubFetch(() => jsonResponse(200, { unsubscribed: true, alertsTurnedOff: 2 }));
    renderWithProviders(<UnsubscribeView token={TOKEN} />);
    expect(screen.getByText('Turning your alerts off…')).toBeTruthy();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your wishlist alerts are off' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your wishlist' }).getAttribute('href')).toBe('/wishlist');
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      `POST /api/wishlist/unsubscribe?token=${TOKEN}`,
    ]);
  });

  it('says when the link is no longer valid, or has no token', async () => {
    stubFetch(() =>
      jsonResponse(400, { error: 'TOKEN_INVALID', message: 'The link has expired or is invalid' }),
    );
    renderWithProviders(<UnsubscribeView token={TOKEN} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your alerts could not be turned off' }),
    ).toBeTruthy();
    expect(screen.getByText('The link has expired or is invalid.')).toBeTruthy();

    cleanup();
    const calls = stubFetch(() => jsonResponse(200, {}));
    renderWithProviders(<UnsubscribeView token="" />);
    expect(screen.getByText('Invalid or missing token.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
