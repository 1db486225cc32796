import type { GiftRequest } from '@keyland/core/gift-rules';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setupI18n } from '#src/testing/test-utils.tsx';
import { useGiftForm } from '../hooks/use-gift-form.ts';
import { GiftFields } from './gift-fields.tsx';

/** The gift's fields and a stand-in for the checkout's button, wired as the cart panel wires them. */
function GiftAndPay({ onPay }: { onPay: (gift: GiftRequest | null) => void }): ReactNode {
  const gift = useGiftForm();
  return (
    <>
      <GiftFields form={gift} />
      <button type="button" onClick={() => (gift.invalid ? gift.showProblems() : onPay(gift.request))}>
        Pay
      </button>
    </>
  );
}

const dayAfter = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Tallinn' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

describe('"This is a gift" at the checkout', () => {
  beforeAll(() => setupI18n('en'));
  afterEach(() => cleanup());

  it('sends no gift while unticked', () => {
    const onPay = vi.fn();
    renderWithProviders(<GiftAndPay onPay={onPay} />);
    expect(screen.queryByLabelText("Recipient's name")).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onPay).toHaveBeenCalledWith(null);
  });

  it('waits for the fields, says what is wrong and focuses the first, then sends the gift trimmed', async () => {
    const onPay = vi.fn();
    renderWithProviders(<GiftAndPay onPay={onPay} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'This is a gift' }));
    const name = screen.getByLabelText("Recipient's name");
    const email = screen.getByLabelText("Recipient's e-mail");
    const day = screen.getByLabelText('Delivery date (optional)');
    expect(day.getAttribute('min')).toBe(dayAfter(0));
    expect(day.getAttribute('max')).toBe(dayAfter(365));

    fireEvent.change(email, { target: { value: 'mia@example' } });
    fireEvent.change(day, { target: { value: dayAfter(366) } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onPay).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Fill this in.')).toBeTruthy();
    expect(screen.getByText('Write a valid e-mail address, such as name@example.com.')).toBeTruthy();
    expect(screen.getByText(/^Choose a day from today to /)).toBeTruthy();

    fireEvent.change(name, { target: { value: '  Mia Tamm ' } });
    fireEvent.change(email, { target: { value: 'mia@example.com' } });
    fireEvent.change(day, { target: { value: dayAfter(365) } });
    fireEvent.change(screen.getByLabelText('Message (optional)'), { target: { value: 'Happy birthday!' } });
    expect(screen.getByText('15 of 500 characters')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail language'), { target: { value: 'et' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay' }));
    expect(onPay).toHaveBeenCalledWith({
      recipientName: 'Mia Tamm',
      recipientEmail: 'mia@example.com',
      message: 'Happy birthday!',
      deliverOn: dayAfter(365),
      lang: 'et',
    });
  });
});
