import { centsToEuros } from '@keyland/core/money';
import type { CompletedOrder } from '@keyland/core/schemas/orders';
import { basisPointsToPercent } from '@keyland/core/vat';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { KeyVault } from '../../lib/key-vault.ts';
import { invoicesOfOrders } from '../invoices/index.ts';
import { type SoldKey, stockIn } from '../stock/index.ts';
import { createOrdersRepository, type OrderLineRow, type OrderRow } from './orders.repository.ts';

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
  invoiceId: number | null,
  lines: OrderLineRow[],
  keys: Map<number, string[]>,
  reviewHours: number,
) {
  const pending = lines
    .map((line) => ({ line, missing: line.quantity - (keys.get(line.id)?.length ?? 0) }))
    .filter(({ missing }) => missing > 0)
    .map(({ line, missing }) => ({ title: line.title, platform: line.platform, quantity: missing }));
  const delivered = [...keys.values()].some((codes) => codes.length > 0);
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
}) {
  const { db, keyVault } = deps;
  const reviewHours = deps.reviewHours ?? 24;
  const repository = createOrdersRepository(db);

  return {
    async history(customerId: number): Promise<CompletedOrder[]> {
      const paid = await repository.paidOrdersOf(customerId);
      if (paid.length === 0) return [];
      // Lines, keys and invoices of the whole page: one query each, whatever the number of orders.
      const orderIds = paid.map((order) => order.id);
      const linesOf = await repository.linesOfOrders(orderIds);
      const soldOf = await stockIn(db).soldKeysOfOrders(orderIds);
      const invoiceOf = await invoicesOfOrders(db, orderIds, 'invoice');
      const result: CompletedOrder[] = [];
      for (const order of paid) {
        const lines = linesOf.get(order.id) ?? [];
        const keys = decryptByLine(keyVault, lines, soldOf.get(order.id) ?? []);
        result.push({
          id: order.id,
          date: (order.paidAt ?? order.createdAt).toISOString(),
          items: lines.flatMap((line) =>
            (keys.get(line.id) ?? []).map((code) => ({
              title: line.title,
              price: centsToEuros(line.unitPriceCents),
              wcs_activation_key: code,
              platform: line.platform,
              providerId: line.providerId,
            })),
          ),
          total: centsToEuros(order.amountTotalCents),
          amount_untaxed: centsToEuros(order.amountUntaxedCents),
          amount_tax: centsToEuros(order.amountTaxCents),
          tax_percent: basisPointsToPercent(order.vatBasisPoints ?? 0),
          ...documentsOf(order, invoiceOf.get(order.id)?.id ?? null, lines, keys, reviewHours),
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
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
