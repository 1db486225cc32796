import { z } from 'zod';

/** The customer's order history (`get_completed_orders`) and hiding an order from it (`delete_order`). */

export const completedOrderItemSchema = z.object({
  title: z.string(),
  price: z.number(),
  wcs_activation_key: z.string(),
  platform: z.string(),
  providerId: z.string(),
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
     */
    status: z.enum(['paid', 'awaiting_keys', 'held_for_review']).optional(),
    /** A held order is checked within this many hours of its payment, else cancelled and refunded. */
    review_hours: z.number().int().positive().optional(),
    invoice_id: z.number().int().nullable().optional(),
    /** Lines whose keys are not delivered yet. */
    pending_items: z
      .array(z.object({ title: z.string(), platform: z.string(), quantity: z.number().int() }))
      .optional(),
    withdrawable: z.boolean().optional(),
  })
  .meta({ id: 'CompletedOrder' });

export type CompletedOrder = z.infer<typeof completedOrderSchema>;

export const completedOrdersResponseSchema = z.array(completedOrderSchema);

export const deleteOrderRequestSchema = z.object({ orderId: z.number().int() });
