import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { ContactForm } from './contact-form.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  method: string;
  url: string;
  body: unknown;
}

const customer = { email: 'ana@example.com', country: 68, kl_user_role: 'user', kl_email_verified: true };

/** The session, the customer's profile and orders, and the ticket endpoint (answering `ticket`). */
function stubServer({
  user = null as typeof customer | null,
  ticket = () => json(201, { id: 42, number: 'T-000042' }),
} = {}): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/kl_api/user_online') return json(200, { user });
      if (url === '/api/kl_api/user_profile')
        return json(200, {
          email: customer.email,
          full_name: 'Ana García',
          country_id: 68,
          lang: 'en',
          bio: '',
        });
      if (url === '/api/kl_api/get_completed_orders')
        return json(200, [
          {
            id: 17,
            date: '2026-03-02T10:00:00.000Z',
            items: [],
            total: 20,
            amount_untaxed: 0,
            amount_tax: 0,
            tax_percent: 0,
          },
          {
            id: 9,
            date: '2026-01-05T10:00:00.000Z',
            items: [],
            total: 10,
            amount_untaxed: 0,
            amount_tax: 0,
            tax_percent: 0,
          },
        ]);
      if (url === '/api/support/tickets') return ticket();
      return json(404, { error: 'NOT_FOUND', message: 'x' });
    }),
  );
  return calls;
}

const posts = (calls: Call[]) => calls.filter((call) => call.url === '/api/support/tickets');
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillVisitorForm() {
  type('Your name', 'Jon Doe');
  type('Your e-mail address', 'jon@example.com');
  type('Subject', 'Key does not work');
  type('Message', 'Steam says the key was already used.');
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree that Keyland processes/ }));
}

let now = 1_000_000;

describe('the contact form', () => {
  beforeAll(() => setupI18n('en'));
  beforeEach(() => {
    now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('checks a visitor’s fields before sending and says what is wrong next to each', async () => {
    const calls = stubServer();
    renderWithProviders(<ContactForm />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send message' }));

    const expected: [string, string][] = [
      ['Your name', 'Enter your name.'],
      ['Your e-mail address', 'Enter a valid e-mail address.'],
      ['Subject', 'Enter a subject of at least 3 characters.'],
      ['Message', 'Write at least 10 characters.'],
    ];
    for (const [label, error] of expected) {
      const field = screen.getByLabelText(label);
      expect(field.getAttribute('aria-invalid'), label).toBe('true');
      const describedBy = field.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.textContent, label).toBe(error);
    }
    const consent = screen.getByRole('checkbox', { name: /I agree that Keyland processes/ });
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(consent.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Agree to the processing of your message to send it.',
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Your name')));

    type('Your e-mail address', 'not-an-address');
    type('Message', 'too short');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Write at least 10 characters.')).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('sends the honeypot and how long the form was open, then shows the ticket number', async () => {
    const calls = stubServer();
    renderWithProviders(<ContactForm />);
    await screen.findByRole('button', { name: 'Send message' });

    const trap = screen.getByLabelText('Leave this field empty');
    expect(trap.getAttribute('tabindex')).toBe('-1');
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(screen.getByTestId('contact-honeypot').getAttribute('aria-hidden')).toBe('true');

    fillVisitorForm();
    now += 8_250;
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    const sent = await screen.findByTestId('contact-sent');
    expect(within(sent).getByRole('heading', { name: 'Message sent' })).toBeTruthy();
    expect(sent.textContent).toContain('Your ticket number is T-000042.');
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        name: 'Jon Doe',
        email: 'jon@example.com',
        subject: 'Key does not work',
        message: 'Steam says the key was already used.',
        consent: true,
        website: '',
        fillMs: 8_250,
        language: 'en',
      },
    ]);

    fireEvent.click(within(sent).getByRole('button', { name: 'Send another message' }));
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Jon Doe');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('contact-sent')).toBeNull();
  });

  it('sends what a script typed into the hidden field, for the server to refuse', async () => {
    const calls = stubServer();
    renderWithProviders(<ContactForm />);
    await screen.findByRole('button', { name: 'Send message' });
    fillVisitorForm();
    type('Leave this field empty', 'https://spam.example');
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]?.body).toMatchObject({ website: 'https://spam.example' });
  });

  it('shows a server error in words and keeps everything that was typed', async () => {
    stubServer({
      ticket: () => json(400, { error: 'MESSAGE_REJECTED', message: 'The message was sent too fast' }),
    });
    renderWithProviders(<ContactForm />);
    await screen.findByRole('button', { name: 'Send message' });
    fillVisitorForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your message could not be sent. Wait a moment and send it again.',
    );
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Jon Doe');
    expect((screen.getByLabelText('Your e-mail address') as HTMLInputElement).value).toBe('jon@example.com');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Key does not work');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(
      'Steam says the key was already used.',
    );
    expect((screen.getByRole('checkbox', { name: /I agree/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByTestId('contact-sent')).toBeNull();
  });

  it('lets a customer write as their account about one of their orders', async () => {
    const calls = stubServer({ user: customer });
    renderWithProviders(<ContactForm />);

    expect((await screen.findByTestId('contact-as-customer')).textContent).toBe(
      'You write as Ana García (ana@example.com).',
    );
    expect(screen.queryByLabelText('Your name')).toBeNull();
    expect(screen.queryByLabelText('Your e-mail address')).toBeNull();
    const order = screen.getByLabelText('About an order (optional)') as HTMLSelectElement;
    await waitFor(() => expect(order.options).toHaveLength(3));
    expect([...order.options].map((option) => option.textContent)).toEqual([
      'No order',
      expect.stringMatching(/^Order 17 of .*2026/),
      expect.stringMatching(/^Order 9 of .*2026/),
    ]);

    fireEvent.change(order, { target: { value: '17' } });
    type('Subject', 'Invoice');
    type('Message', 'Please send the invoice again.');
    fireEvent.click(screen.getByRole('checkbox', { name: /I agree/ }));
    now += 5_000;
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));

    await screen.findByTestId('contact-sent');
    expect(posts(calls).map((call) => call.body)).toEqual([
      {
        subject: 'Invoice',
        message: 'Please send the invoice again.',
        orderId: 17,
        consent: true,
        website: '',
        fillMs: 5_000,
        language: 'en',
      },
    ]);
  });
});
