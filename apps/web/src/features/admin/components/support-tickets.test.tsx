import type { SupportTicket } from '@keyland/core/schemas/support';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageNotices } from '#src/components/ui/notice.tsx';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { SupportTicketView } from './support-ticket-view.tsx';
import { SupportTicketsView } from './support-tickets-view.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ticket: SupportTicket = {
  id: 7,
  number: 'T-000007',
  status: 'open',
  name: 'Ana García',
  email: 'ana@example.com',
  subject: 'Key already used',
  orderId: 31,
  customerId: 3,
  lang: 'es',
  createdAt: '2026-11-26T07:00:00.000Z',
  updatedAt: '2026-11-26T07:00:00.000Z',
  messages: [{ author: 'customer', body: 'Steam says the key was used.', at: '2026-11-26T07:00:00.000Z' }],
};

const visitorTicket: SupportTicket = {
  ...ticket,
  id: 8,
  number: 'T-000008',
  status: 'closed',
  name: 'Jon Doe',
  email: 'jon@example.com',
  subject: 'Do you sell gift cards?',
  orderId: null,
  customerId: null,
};

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** The tickets API: the list by status, one ticket, the answer and the close. */
function stubServer({ reply = 200 } = {}): Call[] {
  const calls: Call[] = [];
  let current = ticket;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url === '/api/admin/support/tickets?status=open') return json(200, { items: [ticket] });
      if (url === '/api/admin/support/tickets?status=closed') return json(200, { items: [visitorTicket] });
      if (url.startsWith('/api/admin/support/tickets?')) return json(200, { items: [] });
      if (url === '/api/admin/support/tickets/7') return json(200, current);
      if (url === '/api/admin/support/tickets/7/reply') {
        if (reply !== 200) return json(reply, { error: 'INTERNAL_ERROR', message: 'x' });
        current = {
          ...current,
          status: body.close ? 'closed' : 'answered',
          messages: [
            ...current.messages,
            { author: 'staff', body: body.message, at: '2026-11-26T09:00:00.000Z' },
          ],
        };
        return json(200, current);
      }
      if (url === '/api/admin/support/tickets/7/close') {
        current = { ...current, status: 'closed' };
        return json(200, current);
      }
      return json(404, { error: 'NOT_FOUND', message: 'x' });
    }),
  );
  return calls;
}

describe('the support tickets list', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the open tickets with number, subject, sender, order, date and status', async () => {
    stubServer();
    renderWithProviders(<SupportTicketsView />, { route: '/admin/support' });
    const item = await screen.findByTestId('support-ticket');
    expect(within(item).getByText('T-000007')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Key already used' }).getAttribute('href')).toBe(
      '/admin/support/7',
    );
    expect(within(item).getByText('Ana García')).toBeTruthy();
    expect(within(item).getByText('<ana@example.com>')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Order #31' }).getAttribute('href')).toBe(
      '/admin/orders/31',
    );
    expect(within(item).getByText(/2026/)).toBeTruthy();
    expect(within(item).getByTestId('ticket-status').textContent).toBe('Open');
    expect(screen.getByRole('button', { name: 'Open' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('filters by status, and says when none has it', async () => {
    const calls = stubServer();
    renderWithProviders(<SupportTicketsView />, { route: '/admin/support' });
    await screen.findByTestId('support-ticket');

    fireEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(await screen.findByRole('link', { name: 'Do you sell gift cards?' })).toBeTruthy();
    const item = screen.getByTestId('support-ticket');
    expect(within(item).getByTestId('ticket-status').textContent).toBe('Closed');
    expect(within(item).queryByRole('link', { name: /Order #/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Answered' }));
    expect((await screen.findByTestId('support-empty')).textContent).toContain('No ticket has this status.');
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/support/tickets?status=open',
      '/api/admin/support/tickets?status=closed',
      '/api/admin/support/tickets?status=answered',
    ]);
  });
});

describe('a support ticket', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderTicket = () =>
    renderWithProviders(
      <>
        <SupportTicketView id={7} />
        <PageNotices />
      </>,
      { route: '/admin/support/7' },
    );

  it('shows the messages and who wrote, and answers by mail', async () => {
    const calls = stubServer();
    renderTicket();
    expect(await screen.findByRole('heading', { level: 1, name: 'Key already used' })).toBeTruthy();
    expect(screen.getAllByTestId('ticket-message').map((m) => m.textContent)).toEqual([
      expect.stringMatching(/^Ana García wrote.*Steam says the key was used\.$/),
    ]);
    expect(screen.getByText('Customer #3')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(screen.getByText('Write an answer first.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Your answer'), { target: { value: 'We sent you a new key.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Answer to T-000007 sent to ana@example.com.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('ticket-message')).toHaveLength(2));
    expect(screen.getAllByTestId('ticket-message')[1]?.textContent).toMatch(/^Support answered.*new key\.$/);
    expect(screen.getByTestId('ticket-status').textContent).toBe('Answered');
    expect((screen.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/admin/support/tickets/7/reply',
        body: { message: 'We sent you a new key.', close: false },
      },
    ]);
  });

  it('sends and closes, or closes without answering', async () => {
    const calls = stubServer();
    renderTicket();
    fireEvent.change(await screen.findByLabelText('Your answer'), { target: { value: 'Done, thanks.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send and close' }));
    expect(
      await screen.findByText('Answer to T-000007 sent to ana@example.com; the ticket is closed.'),
    ).toBeTruthy();
    expect(screen.getByTestId('ticket-status').textContent).toBe('Closed');
    expect(screen.queryByRole('button', { name: 'Close ticket' })).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      message: 'Done, thanks.',
      close: true,
    });
  });

  it('closes an open ticket with the Close button', async () => {
    const calls = stubServer();
    renderTicket();
    fireEvent.click(await screen.findByRole('button', { name: 'Close ticket' }));
    expect(await screen.findByText('Ticket T-000007 closed.')).toBeTruthy();
    expect(screen.getByTestId('ticket-status').textContent).toBe('Closed');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/admin/support/tickets/7/close',
    ]);
  });

  it('keeps the answer when sending fails', async () => {
    stubServer({ reply: 500 });
    renderTicket();
    fireEvent.change(await screen.findByLabelText('Your answer'), { target: { value: 'We are on it.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reply' }));
    const alert = await screen.findByText('Something went wrong on our side. Try again in a moment.');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect((screen.getByLabelText('Your answer') as HTMLTextAreaElement).value).toBe('We are on it.');
  });
});
