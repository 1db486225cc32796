import { centsToEuros } from '@keyland/core/money';
import type { GiftState } from '@keyland/core/schemas/gifts';
import type { CompletedOrder, KeyAccessAction } from '@keyland/core/schemas/orders';
import type { KeyClaim } from '@keyland/core/schemas/support';
import { basisPointsToPercent } from '@keyland/core/vat';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { KeyVault } from '../../lib/key-vault.ts';
import { invoiceStatesOfOrders } from '../invoices/index.ts';
import { type SoldKey, stockIn } from '../stock/index.ts';
import { createKeyAccessRepository } from './key-access.repository.ts';
import { deliveredStatuses } from './order-state.ts';
import { createOrdersRepository, type OrderLineRow, type OrderRow } from './orders.repository.ts';

/**
 * At most this many reveals (and as many copies) of one key are recorded per day: enough to show a
 * dispute that the key was used, while a script calling the route in a loop cannot grow the log.
 */
export const KEY_ACCESS_RECORDS_PER_DAY = 20;
/** The longest browser description kept with an access. */
const USER_AGENT_MAX = 300;

const startOfUtcDay = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** The codes of sold keys by order line, decrypted. */
export function decryptByLine(
  keyVault: KeyVault,
  lines: OrderLineRow[],
  sold: SoldKey[],
): Map<number, string[]> {
  const byLine = new Map<number, string[]>(lines.map((l) => [l.id, []]));
  for (const key of sold) byLine.get(key.orderLineId)?.push(keyVault.decrypt(key.codeCiphertext));
  return byLine;
}

/** What /History shows beyond the keys: status, invoice, undelivered lines and the withdrawal right. */
function documentsOf(
  order: OrderRow,
  /** The numbered invoice's id, null while it waits for its number, undefined without an invoice. */
  invoice: number | null | undefined,
  lines: OrderLineRow[],
  keys: Map<number, string[]>,
  reviewHours: number,
  /** Keys delivered, then claimed as defective (by order line): delivered all the same. */
  defective: Map<number, number>,
) {
  const pending = lines
    .map((line) => ({
      line,
      missing: line.quantity - (keys.get(line.id)?.length ?? 0) - (defective.get(line.id) ?? 0),
    }))
    .filter(({ missing }) => missing > 0)
    .map(({ line, missing }) => ({
      title: line.title,
      platform: line.platform,
      quantity: missing,
      ...(line.preorderRelease === null ? {} : { preorder_release: line.preorderRelease }),
    }));
  const delivered = [...keys.values()].some((codes) => codes.length > 0);
  const invoiceId = invoice ?? null;
  if (order.status === 'payment_processing')
    return {
      status: 'payment_processing' as const,
      invoice_id: invoiceId,
      pending_items: pending,
      withdrawable: false,
    };
  if (order.status === 'held_for_review')
    return {
      status: 'held_for_review' as const,
      review_hours: reviewHours,
      invoice_id: invoiceId,
      pending_items: pending,
      withdrawable: false,
    };
  return {
    status: order.status === 'awaiting_keys' ? ('awaiting_keys' as const) : ('paid' as const),
    invoice_id: invoiceId,
    // Numbered a moment after the payment (decision 033): the history asks again until it is.
    ...(invoice === null ? { invoice_pending: true } : {}),
    pending_items: pending,
    withdrawable: order.status === 'awaiting_keys' && !delivered,
  };
}

/** A customer's purchase history: their paid orders with lines, keys and documents; hiding one. */
export function createOrdersService(deps: {
  db: Database;
  keyVault: KeyVault;
  /** How long a held order may wait for its review (the risk settings' deadline). */
  reviewHours?: number;
  /** The key claims of some orders, by order (the claims module's; none without it). */
  claimsOf?: (orderIds: number[]) => Promise<Map<number, KeyClaim[]>>;
  /** Within how many hours a person resolves a claim (CLAIM_RESOLUTION_HOURS), told to the customer. */
  claimHours?: number;
  /** The gifts among some orders, by order (the gifts module's; none without it). */
  giftsOf?: (orderIds: number[]) => Promise<Map<number, GiftState>>;
  now?: () => Date;
}) {
  const { db, keyVault } = deps;
  const reviewHours = deps.reviewHours ?? 24;
  const now = deps.now ?? (() => new Date());
  const repository = createOrdersRepository(db);

  return {
    async history(customerId: number): Promise<CompletedOrder[]> {
      const paid = await repository.paidOrdersOf(customerId);
      if (paid.length === 0) return [];
      // Lines, keys and invoices of the whole page: one query each, whatever the number of orders.
      const orderIds = paid.map((order) => order.id);
      const linesOf = await repository.linesOfOrders(orderIds);
      const soldOf = await stockIn(db).soldKeysOfOrders(orderIds);
      const invoiceOf = await invoiceStatesOfOrders(db, orderIds);
      const defectiveOf = await stockIn(db).defectiveCountByLine(orderIds);
      const claimsOf = (await deps.claimsOf?.(orderIds)) ?? new Map<number, KeyClaim[]>();
      const giftsOf = (await deps.giftsOf?.(orderIds)) ?? new Map<number, GiftState>();
      const result: CompletedOrder[] = [];
      for (const order of paid) {
        const lines = linesOf.get(order.id) ?? [];
        const sold = soldOf.get(order.id) ?? [];
        const keys = decryptByLine(keyVault, lines, sold);
        // A gift's keys are its recipient's: the buyer sees its state, never the keys (decision 039).
        const gift = giftsOf.get(order.id);
        result.push({
          id: order.id,
          date: (order.paidAt ?? order.createdAt).toISOString(),
          items: lines.flatMap((line) => {
            if (gift) return [];
            // The line's keys in the same (key) order as their codes.
            const keyIds = sold.filter((key) => key.orderLineId === line.id).map((key) => key.keyId);
            return (keys.get(line.id) ?? []).map((code, position) => ({
              title: line.title,
              price: centsToEuros(line.unitPriceCents),
              wcs_activation_key: code,
              platform: line.platform,
              providerId: line.providerId,
              ...(keyIds[position] === undefined ? {} : { key_id: keyIds[position] }),
            }));
          }),
          total: centsToEuros(order.amountTotalCents),
          amount_untaxed: centsToEuros(order.amountUntaxedCents),
          amount_tax: centsToEuros(order.amountTaxCents),
          tax_percent: basisPointsToPercent(order.vatBasisPoints ?? 0),
          ...documentsOf(order, invoiceOf.get(order.id), lines, keys, reviewHours, defectiveOf),
          claims: claimsOf.get(order.id) ?? [],
          ...(deps.claimHours === undefined ? {} : { claim_hours: deps.claimHours }),
          ...(gift ? { gift } : {}),
        });
      }
      return result;
    },

    async hideOrder(customerId: number, orderId: number): Promise<void> {
      const order = await repository.findOrder(orderId);
      if (!order || order.customerId !== customerId || order.status !== 'paid' || order.hiddenByCustomer) {
        throw new AppError('NOT_FOUND', 'Unknown order');
      }
      await repository.updateOrder(orderId, { hiddenByCustomer: true });
    },

    /**
     * Records that the customer showed or copied a key of their history, with the address and browser it
     * came from: the access log the store sends when the payment is disputed. Only a key sold to one of the
     * caller's delivered orders counts (anything else: not found). Past the daily bound the access is
     * accepted but not stored.
     */
    async recordKeyAccess(
      customerId: number,
      access: { keyId: number; action: KeyAccessAction },
      client: { ip: string | null; userAgent: string | null },
    ): Promise<void> {
      const orderId = await stockIn(db).orderOfSoldKey(access.keyId);
      const order = orderId === undefined ? undefined : await repository.findOrder(orderId);
      if (!order || order.customerId !== customerId || !deliveredStatuses.includes(order.status))
        throw new AppError('NOT_FOUND', 'Unknown key');
      const at = now();
      await createKeyAccessRepository(db).insertBounded(
        {
          keyId: access.keyId,
          orderId: order.id,
          customerId,
          action: access.action,
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
          at,
        },
        startOfUtcDay(at),
        KEY_ACCESS_RECORDS_PER_DAY,
      );
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
