import { createHash, timingSafeEqual } from 'node:crypto';
import { errorBodySchema } from '@keyland/core/schemas/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DbHandle } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { catalogueChanged } from '../../lib/catalogue-changed.ts';
import { createSupplierOrdersRepository } from './supplier-orders.repository.ts';
import { createSupplierProductsRepository } from './supplier-products.repository.ts';
import type { SupplierPurchases } from './supplier-purchases.service.ts';

/** A CodesWholesale postback: `type` selects the payload; `authHash` authenticates it. */
export const postbackSchema = z
  .object({
    type: z.string().min(1).max(40),
    authHash: z.string().max(128),
    orderId: z.string().max(100).optional(),
    productId: z.string().max(100).optional(),
    products: z
      .array(z.object({ productId: z.string().max(100), quantity: z.number().int().min(0).max(1_000_000) }))
      .max(10_000)
      .optional(),
  })
  .meta({ id: 'SupplierPostback' });

/** sha256_hex(clientId + clientSignature), as the supplier computes it. */
export const postbackHash = (clientId: string, signature: string) =>
  createHash('sha256')
    .update(clientId + signature)
    .digest('hex');

function sameHash(given: string, expected: string): boolean {
  const a = Buffer.from(given.toLowerCase());
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The supplier's notifications: `PREORDER` (a pre-ordered key is ready: fetch it now), `STOCK` (new
 * quantities) and `PRODUCT_HIDDEN` (no longer sold: the game is hidden). Other types are acknowledged
 * and left to the next sync.
 */
export const supplierPostbackRoutes: FastifyPluginAsyncZod<{
  dbHandle: DbHandle;
  purchases: SupplierPurchases;
  supplier: string;
  clientId: string;
  signature: string;
}> = async (app, deps) => {
  const expected = postbackHash(deps.clientId, deps.signature);
  const { db } = deps.dbHandle;

  app.post(
    '/api/supplier/postback',
    {
      schema: {
        tags: ['supplier'],
        operationId: 'receiveSupplierNotification',
        summary:
          'Notifications from the key supplier, authenticated by authHash = sha256(clientId + signature)',
        body: postbackSchema,
        response: {
          200: z.object({ received: z.literal(true) }),
          400: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (!sameHash(body.authHash, expected)) throw new AppError('FORBIDDEN', 'Unknown postback signature');
      if (body.type === 'PREORDER' && body.orderId) {
        const orderId = await createSupplierOrdersRepository(db).wakeSupplierOrder(body.orderId);
        if (orderId !== undefined)
          deps.purchases
            .deliver(orderId)
            .catch((error: unknown) =>
              request.log.error({ err: error, orderId }, 'pre-order delivery failed'),
            );
      } else if (body.type === 'STOCK' && body.products) {
        await db.transaction((tx) =>
          createSupplierProductsRepository(tx).setQuantities(deps.supplier, body.products ?? []),
        );
        catalogueChanged.notify();
      } else if (body.type === 'PRODUCT_HIDDEN' && body.productId) {
        await db.transaction((tx) =>
          createSupplierProductsRepository(tx).delistProduct(deps.supplier, body.productId ?? ''),
        );
        catalogueChanged.notify();
      }
      return { received: true as const };
    },
  );
};
