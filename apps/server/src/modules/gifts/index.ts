/**
 * The gifts module's public face (docs/decisions/039-gifts.md): the rule checked at checkout and the gift
 * recorded with its order, the mail to the buyer when it is paid, the gifts the history and the data
 * export show, erasure, the signal that a gift was paid, and the service with the recipient's page and
 * the delivery round. Everything else in the folder is private.
 */
export { enqueueGiftPaidMail } from './gift.mail.ts';
export {
  eraseGiftsOf,
  giftOfOrder,
  giftStatesOfOrders,
  giftsOfCustomer,
  recordGift,
} from './gift-records.ts';
export { checkedGift } from './gift-rules.ts';
export { type GiftRow, isGiftOrderSql } from './gifts.repository.ts';
export { giftsRoutes } from './gifts.routes.ts';
export { createGiftsService, type GiftsService, giftsPaid } from './gifts.service.ts';
