import type { Executor } from '../../db/client.ts';
import { createKeyAccessRepository } from './key-access.repository.ts';
import { createOrdersRepository } from './orders.repository.ts';

export { queueToBuyer } from './order-buyer-mail.ts';
export {
  enqueueLatePaymentRefundedMail,
  enqueueOrderCancelledMail,
  enqueueReviewCancelledMail,
} from './order-cancelled-mail.ts';
export { enqueueOrderKeysMail, type KeyDeliveryDeps } from './order-keys-mail.ts';
export { enqueuePaymentFailedMail, enqueuePaymentProcessingMail } from './order-payment-mail.ts';
export { enqueueOrderHeldMail } from './order-review-mail.ts';
/**
 * The orders module's public face: the order read model (orders, lines, consents, the buyer) that
 * checkout, the back office, invoices, withdrawals and supplier deliveries use, the state machine that
 * moves an order, the keys mail and the customer's history.
 */
export {
  closedStatuses,
  deliveredStatuses,
  heldStatuses,
  moveOrder,
  nextStatus,
  type OrderEvent,
  OrderTransitionRefused,
  processingStatuses,
  refundKeyOf,
} from './order-state.ts';
export type { OrderLineRow, OrderRow } from './orders.repository.ts';
export { ordersRoutes } from './orders.routes.ts';
export { createOrdersService, decryptByLine, type OrdersService } from './orders.service.ts';

/** Orders read and written in the caller's transaction (statuses move only through `moveOrder`). */
export const ordersIn = (db: Executor) => createOrdersRepository(db);
export type Orders = ReturnType<typeof ordersIn>;
/** How many orders the customer has paid and kept, and the largest (the risk score's history signals). */
export const purchaseRecordOf = (db: Executor, customerId: number) =>
  createOrdersRepository(db).purchaseRecord(customerId);
/** `purchaseRecordOf` of several customers at once (a missing customer has no paid order). */
export const purchaseRecordsOf = (db: Executor, customerIds: readonly number[]) =>
  createOrdersRepository(db).purchaseRecords(customerIds);
export type { KeyAccessRow } from './key-access.repository.ts';
/** Every reveal and copy of an order's keys in the customer's history, the oldest first (dispute evidence). */
export const keyAccessLogOf = (db: Executor, orderId: number) =>
  createKeyAccessRepository(db).ofOrder(orderId);
/** Records keys revealed outside the history (a gift opened by its recipient) in the same access log. */
export const recordKeyAccessIn = (
  db: Executor,
  values: Parameters<ReturnType<typeof createKeyAccessRepository>['insert']>[0],
) => createKeyAccessRepository(db).insert(values);
