import { toLocale } from '@keyland/core/locales';
import { formatEuros } from '@keyland/core/money';
import { basisPointsToPercent } from '@keyland/core/vat';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { KeyVault } from '../../lib/key-vault.ts';
import { type MailDispatcher, type MailOutbox, orderKeysMail } from '../mail/index.ts';
import { createOrdersRepository, type OrderLineRow, type OrderRow } from './orders.repository.ts';

/**
 * What delivering an order's keys needs besides the database (the checkout's fulfilment, the supplier's
 * purchases): the key vault (codes are stored encrypted and decrypted for the mail), the mail outbox and
 * its dispatcher (the keys mail), the store's address for the mail's links, the log, and a clock tests
 * can set.
 */
export interface KeyDeliveryDeps {
  keyVault: KeyVault;
  mailOutbox: MailOutbox;
  mailDispatcher: MailDispatcher;
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * Queues the order e-mail with the keys, in the customer's language, on the transaction that delivers
 * them: the lines, VAT, totals and the consent to immediate delivery with the time it was recorded (the
 * confirmation on a durable medium). `fallbackAt` stands in for a missing consent time.
 */
export async function enqueueOrderKeysMail(
  tx: Executor,
  deps: Pick<KeyDeliveryDeps, 'mailOutbox' | 'publicUrl'>,
  order: OrderRow,
  lines: OrderLineRow[],
  keys: Map<number, string[]>,
  fallbackAt: Date,
  /** What the caller has just read (the addressee from the invoice's snapshot, the consent); read otherwise. */
  known: {
    customer?: { email: string; fullName: string; lang: string } | undefined;
    consent?: { text: string; recordedAt: Date } | undefined;
  } = {},
): Promise<void> {
  const repo = createOrdersRepository(tx);
  const customer = known.customer ?? (await repo.customer(order.customerId));
  if (!customer) return;
  const consent = known.consent ?? (await repo.consentOf(order.id));
  const locale = toLocale(customer.lang);
  const euros = (cents: number) => formatEuros(cents, locale);
  await deps.mailOutbox.enqueue(tx, {
    toAddress: customer.email,
    kind: 'order_keys',
    ...orderKeysMail(locale, {
      id: order.id,
      name: customer.fullName,
      lines: lines.map((line) => ({
        title: line.title,
        platform: line.platform,
        quantity: line.quantity,
        unitPrice: euros(line.unitPriceCents),
        total: euros(line.totalCents),
        codes: keys.get(line.id) ?? [],
      })),
      untaxed: euros(order.amountUntaxedCents),
      tax: euros(order.amountTaxCents),
      total: euros(order.amountTotalCents),
      taxPercent: String(basisPointsToPercent(order.vatBasisPoints ?? 0)),
      consentText: consent?.text ?? '',
      consentAt: (consent?.recordedAt ?? fallbackAt).toISOString(),
      historyUrl: `${deps.publicUrl}/History`,
    }),
  });
}
