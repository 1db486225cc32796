import { z } from 'zod';
import { keyAccessActions } from '../key-access.ts';
import { giftStateSchema } from './gifts.ts';
import { keyClaimSchema } from './support.ts';

/** The customer's order history (`get_completed_orders`) and hiding an order from it (`delete_order`). */

export const completedOrderItemSchema = z.object({
  title: z.string(),
  price: z.number(),
  wcs_activation_key: z.string(),
  platform: z.string(),
  providerId: z.string(),
  /** The delivered key's id, for `record_key_access` (added later; older clients ignore it). */
  key_id: z.number().int().optional(),
});

export const completedOrderSchema = z
  .object({
    id: z.number().int(),
    date: z.string(),
    items: z.array(completedOrderItemSchema),
    total: z.number(),
    amount_untaxed: z.number(),
    amount_tax: z.number(),
    tax_percent: z.number(),
    /**
     * `awaiting_keys`: paid, keys not delivered yet; the order can still be withdrawn from.
     * `held_for_review`: paid, being checked by a person before its keys are shown (`review_hours`).
     * `payment_processing`: paid with a delayed method (bank debit, transfer) that has not settled yet.
     */
    status: z.enum(['paid', 'awaiting_keys', 'held_for_review', 'payment_processing']).optional(),
    /** A held order is checked within this many hours of its payment, else cancelled and refunded. */
    review_hours: z.number().int().positive().optional(),
    /** A reported key that is not replaced at once is checked by a person within this many hours. */
    claim_hours: z.number().int().positive().optional(),
    invoice_id: z.number().int().nullable().optional(),
    /** The invoice is written and gets its number within seconds of the payment; ask again. */
    invoice_pending: z.boolean().optional(),
    /** Lines whose keys are not delivered yet. */
    pending_items: z
      .array(
        z.object({
          title: z.string(),
          platform: z.string(),
          quantity: z.number().int(),
          /** A pre-order: the day its keys are delivered (YYYY-MM-DD). */
          preorder_release: z.string().optional(),
        }),
      )
      .optional(),
    withdrawable: z.boolean().optional(),
    /** The customer's claims on keys of this order ("this key does not work"), oldest first. */
    claims: z.array(keyClaimSchema).optional(),
    /** The order is a gift: its state and recipient; its keys are the recipient's and are not listed. */
    gift: giftStateSchema.optional(),
  })
  .meta({ id: 'CompletedOrder' });

export type CompletedOrder = z.infer<typeof completedOrderSchema>;

export const completedOrdersResponseSchema = z.array(completedOrderSchema);

export const deleteOrderRequestSchema = z.object({ orderId: z.number().int() });

/** What the customer did with a delivered key in their history. */
export { type KeyAccessAction, keyAccessActions } from '../key-access.ts';

/** `record_key_access`: a key of the caller's history was shown or copied (the access log a dispute cites). */
export const recordKeyAccessRequestSchema = z
  .object({ keyId: z.number().int().positive(), action: z.enum(keyAccessActions) })
  .meta({ id: 'RecordKeyAccess' });
