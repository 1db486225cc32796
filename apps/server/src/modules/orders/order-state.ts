import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { type OrderStatus, orders } from '../../db/schema/orders.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The order state machine: every state an order can be in and every move between them, written once.
 * Code that changes an order's status names the event; `nextStatus` answers where it leads or refuses it.
 * The database holds the same moves (table `order_status_transitions`, filled by migration 0013) and a
 * trigger refuses any other status change, so a code path that skips this module cannot skip the rule.
 * Decision 023 draws the machine.
 */
export const orderEvents = [
  /** The provider reports the session paid and every key was delivered at once. */
  'payment_confirmed',
  /** The provider reports the session paid; some keys are still to come from the key supplier. */
  'payment_confirmed_awaiting_keys',
  /** The last supplier key of an order that was waiting for them arrived. */
  'supplier_keys_delivered',
  /** A pre-order's release day came and its reserved keys were delivered (modules/preorders). */
  'preorder_delivered',
  /** A gift's recipient opened it: its reserved keys were revealed to them (modules/gifts). */
  'gift_opened',
  /** The customer left the payment page or started another checkout before paying. */
  'checkout_abandoned',
  /** The reservation ran out, or the provider expired the session, before any payment. */
  'reservation_lapsed',
  /** An admin cancelled a paid order (fraud) and refunded it in full. */
  'cancelled_by_admin',
  /** The provider reports the whole amount refunded. */
  'refunded_in_full',
  /** The customer withdrew from an order whose keys were not delivered yet. */
  'withdrawn',
  /** The provider reports the session paid, but the order's risk score is not low: a person decides. */
  'payment_confirmed_held',
  /** An admin approved a held order and every key was delivered. */
  'review_approved',
  /** An admin approved a held order; some keys are still to come from the key supplier. */
  'review_approved_awaiting_keys',
  /** An admin cancelled a held order, or nobody reviewed it in time: refunded, keys back on sale. */
  'review_cancelled',
  /** The customer paid with a delayed method (bank debit, transfer): the provider reports the outcome later. */
  'payment_processing',
  /** The provider reports a delayed payment failed (or a payment never came): keys back on sale. */
  'payment_failed',
  /** A payment arrived after the reservation lapsed and the keys ran out meanwhile: refunded in full. */
  'late_payment_refunded',
] as const;
export type OrderEvent = (typeof orderEvents)[number];

export interface OrderTransition {
  from: OrderStatus;
  event: OrderEvent;
  to: OrderStatus;
}

/** Every allowed move. A late payment may still complete an order whose reservation merely lapsed. */
export const orderTransitions: readonly OrderTransition[] = [
  { from: 'pending_payment', event: 'payment_confirmed', to: 'paid' },
  { from: 'expired', event: 'payment_confirmed', to: 'paid' },
  { from: 'pending_payment', event: 'payment_confirmed_awaiting_keys', to: 'awaiting_keys' },
  { from: 'expired', event: 'payment_confirmed_awaiting_keys', to: 'awaiting_keys' },
  { from: 'awaiting_keys', event: 'supplier_keys_delivered', to: 'paid' },
  { from: 'awaiting_keys', event: 'preorder_delivered', to: 'paid' },
  { from: 'awaiting_keys', event: 'gift_opened', to: 'paid' },
  { from: 'pending_payment', event: 'checkout_abandoned', to: 'cancelled' },
  { from: 'pending_payment', event: 'reservation_lapsed', to: 'expired' },
  { from: 'paid', event: 'cancelled_by_admin', to: 'cancelled' },
  { from: 'paid', event: 'refunded_in_full', to: 'refunded' },
  { from: 'awaiting_keys', event: 'refunded_in_full', to: 'refunded' },
  { from: 'awaiting_keys', event: 'withdrawn', to: 'refunded' },
  { from: 'pending_payment', event: 'payment_confirmed_held', to: 'held_for_review' },
  { from: 'expired', event: 'payment_confirmed_held', to: 'held_for_review' },
  { from: 'held_for_review', event: 'review_approved', to: 'paid' },
  { from: 'held_for_review', event: 'review_approved_awaiting_keys', to: 'awaiting_keys' },
  { from: 'held_for_review', event: 'review_cancelled', to: 'cancelled' },
  { from: 'held_for_review', event: 'refunded_in_full', to: 'refunded' },
  { from: 'pending_payment', event: 'payment_processing', to: 'payment_processing' },
  { from: 'payment_processing', event: 'payment_confirmed', to: 'paid' },
  { from: 'payment_processing', event: 'payment_confirmed_awaiting_keys', to: 'awaiting_keys' },
  { from: 'payment_processing', event: 'payment_confirmed_held', to: 'held_for_review' },
  { from: 'payment_processing', event: 'payment_failed', to: 'cancelled' },
  { from: 'pending_payment', event: 'payment_failed', to: 'cancelled' },
  // The longest a delayed payment keeps its keys (PAYMENT_PROCESSING_HOLD_DAYS): then they go back on sale,
  // and a payment that still succeeds is delivered from what is in stock then, as any late payment.
  { from: 'payment_processing', event: 'reservation_lapsed', to: 'expired' },
  { from: 'expired', event: 'late_payment_refunded', to: 'cancelled' },
];

/** The states an order is created in: the cart, or a checkout that reserved its keys. */
export const initialOrderStatuses: readonly OrderStatus[] = ['draft', 'pending_payment'];

/** Orders paid with a delayed method whose outcome is not known yet: keys reserved, nothing delivered. */
export const processingStatuses: readonly OrderStatus[] = ['payment_processing'];

/** Paid orders whose keys wait for a person's review: reserved for the order, neither shown nor mailed. */
export const heldStatuses: readonly OrderStatus[] = ['held_for_review'];

/** Paid orders whose keys are (or are being) delivered: the success page answers their keys again. */
export const deliveredStatuses: readonly OrderStatus[] = ['paid', 'awaiting_keys'];

/**
 * Orders closed for good: nothing brings them back, whatever a provider says about their session. A
 * payment that still arrives for one is refunded (see the checkout's fulfilment).
 */
export const closedStatuses: readonly OrderStatus[] = ['cancelled', 'refunded'];

/** The idempotency key of an order's refund: every path that refunds an order uses it, so none refunds twice. */
export const refundKeyOf = (orderId: number) => `keyland-refund-${orderId}`;

/** Where `event` leads from `from`, or undefined when the machine does not allow it. */
export function nextStatus(from: OrderStatus, event: OrderEvent): OrderStatus | undefined {
  return orderTransitions.find((t) => t.from === from && t.event === event)?.to;
}

/** The (from, to) pairs the database allows: the machine without its event names. */
export function allowedStatusPairs(): [OrderStatus, OrderStatus][] {
  const seen = new Map<string, [OrderStatus, OrderStatus]>();
  for (const t of orderTransitions) seen.set(`${t.from}>${t.to}`, [t.from, t.to]);
  return [...seen.values()].sort((a, b) => `${a[0]}>${a[1]}`.localeCompare(`${b[0]}>${b[1]}`));
}

/** A move the machine refuses: the caller attempted an event its order's state does not allow. */
export class OrderTransitionRefused extends AppError {
  readonly orderId: number;
  readonly from: OrderStatus;
  readonly event: OrderEvent;

  constructor(orderId: number, from: OrderStatus, event: OrderEvent) {
    super('CONFLICT', `Order ${orderId} is ${from}: ${event} is not allowed`);
    this.orderId = orderId;
    this.from = from;
    this.event = event;
  }
}

/** Where `event` leads from the order's state; throws `OrderTransitionRefused` when it is not allowed. */
export function transition(order: { id: number; status: OrderStatus }, event: OrderEvent): OrderStatus {
  const to = nextStatus(order.status, event);
  if (!to) throw new OrderTransitionRefused(order.id, order.status, event);
  return to;
}

type OrderValues = Partial<Omit<typeof orders.$inferInsert, 'id' | 'status'>>;

/**
 * Moves an order along `event`, with other columns in the same statement. The update names the state the
 * caller read (under its row lock), so a move computed from a stale read changes nothing and is refused.
 */
export async function moveOrder(
  db: Executor,
  order: { id: number; status: OrderStatus },
  event: OrderEvent,
  values: OrderValues = {},
): Promise<OrderStatus> {
  const to = transition(order, event);
  const moved = await db
    .update(orders)
    .set({ ...values, status: to })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (moved.length === 0) throw new OrderTransitionRefused(order.id, order.status, event);
  return to;
}
