import { type Locale, toLocale } from '@keyland/core/locales';
import type { Executor } from '../../db/client.ts';
import { translate } from '../../lib/i18n.ts';
import type { MailOutbox, RenderedMail } from '../mail/index.ts';
import { createOrdersRepository, type OrderRow } from './orders.repository.ts';

export type Deps = { mailOutbox: MailOutbox; publicUrl: string };
export type Texts = (key: string, values?: Record<string, string | number>) => string;

/**
 * Queues a mail to the order's buyer, written in their language, on the caller's transaction; `attach` is
 * a document (the credit note of a cancelled or withdrawn order) that travels with it. Answers the address
 * it went to, or null when the buyer's account is gone (nothing is queued, nothing attached).
 */
export async function queueToBuyer(
  tx: Executor,
  deps: Deps,
  order: Pick<OrderRow, 'customerId'>,
  kind: string,
  write: (t: Texts, name: string, locale: Locale) => RenderedMail,
  attach?: { id: number } | undefined,
): Promise<string | null> {
  const customer = await createOrdersRepository(tx).customer(order.customerId);
  if (!customer) return null;
  if (attach) deps.mailOutbox.attachToNextMail(tx, attach.id);
  const locale = toLocale(customer.lang);
  const t: Texts = (key, values = {}) => translate(locale, key, values);
  await deps.mailOutbox.enqueue(tx, {
    toAddress: customer.email,
    kind,
    ...write(t, customer.fullName, locale),
  });
  return customer.email;
}
