import { z } from 'zod';

/** The back office's pre-orders (`/api/admin/preorders`): what is owed to customers against the keys. */

export const preorderObligationSchema = z
  .object({
    gameId: z.number().int(),
    title: z.string(),
    platform: z.string(),
    /** The game's release date now (YYYY-MM-DD). */
    releaseDate: z.string().nullable(),
    /** The game sells as a pre-order today (allowed, release date ahead). */
    onPreorder: z.boolean(),
    /** The earliest delivery day promised to a waiting pre-order (YYYY-MM-DD), null without one. */
    firstDelivery: z.string().nullable(),
    /** Paid pre-orders waiting for their keys. */
    orders: z.number().int(),
    /** Keys those orders are owed. */
    ordered: z.number().int(),
    /** Keys already set aside for them. */
    reserved: z.number().int(),
    /** Keys still to find: owed minus set aside. */
    missing: z.number().int(),
    /** Keys of the game on sale now (imported keys go to the waiting pre-orders first). */
    available: z.number().int(),
    /**
     * Missing keys the key supplier lists now, which are bought on the delivery day (0 when it does not
     * sell the game).
     */
    fromSupplier: z.number().int(),
    /**
     * Keys are missing, more than the supplier lists, and the delivery day is at most `warningDays` away
     * (or past).
     */
    warning: z.boolean(),
  })
  .meta({ id: 'AdminPreorderObligation' });

export const preorderObligationsSchema = z
  .object({
    items: z.array(preorderObligationSchema),
    /** How many days before the delivery day a shortfall is warned of. */
    warningDays: z.number().int(),
  })
  .meta({ id: 'AdminPreorderObligations' });

export type PreorderObligation = z.infer<typeof preorderObligationSchema>;
export type PreorderObligations = z.infer<typeof preorderObligationsSchema>;
