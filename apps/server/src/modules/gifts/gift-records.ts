import type { GiftExport, GiftInput, GiftState } from '@keyland/core/schemas/gifts';
import type { Executor } from '../../db/client.ts';
import { ordersIn } from '../orders/index.ts';
import { giftRecordOf, giftStateOf } from './gift-rules.ts';
import { createGiftsRepository, type GiftRow } from './gifts.repository.ts';

/*
 * What other rooms read and write of gifts, in their own transactions: the checkout records a gift with
 * its order and asks whether an order is one, the history shows their state, the data export lists them
 * and erasure empties them.
 */

/** Records the gift of an order at checkout, in the order's transaction (validated by `checkedGift`). */
export async function recordGift(tx: Executor, orderId: number, gift: GiftInput): Promise<void> {
  await createGiftsRepository(tx).insert({ orderId, ...gift, status: 'scheduled' });
}

/** The gift of an order, if it is one (in the caller's transaction). */
export const giftOfOrder = (db: Executor, orderId: number): Promise<GiftRow | undefined> =>
  createGiftsRepository(db).ofOrder(orderId);

/** The gifts among some orders as their buyer sees them, by order (the purchase history's). */
export async function giftStatesOfOrders(
  db: Executor,
  orderIds: number[],
  at: Date = new Date(),
): Promise<Map<number, GiftState>> {
  const rows = await createGiftsRepository(db).ofOrders(orderIds);
  if (rows.length === 0) return new Map();
  const lines = await ordersIn(db).linesOfOrders(rows.map((row) => row.orderId));
  return new Map(
    rows.map((row) => [
      row.orderId,
      {
        ...giftStateOf(row, at),
        games: (lines.get(row.orderId) ?? []).map(({ title, platform, quantity }) => ({
          title,
          platform,
          quantity,
        })),
      },
    ]),
  );
}

/** The gifts a customer bought, for their data export: recipient, message, day and state. */
export async function giftsOfCustomer(db: Executor, customerId: number): Promise<GiftExport> {
  return (await createGiftsRepository(db).ofCustomer(customerId)).map((row) => ({
    orderId: row.orderId,
    ...giftRecordOf(row),
  }));
}

/** Erasure: the recipients' data of the customer's gifts goes; a gift not sent yet is cancelled. */
export const eraseGiftsOf = (tx: Executor, customerId: number, at: Date = new Date()) =>
  createGiftsRepository(tx).eraseOfCustomer(customerId, at);
