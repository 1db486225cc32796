import { sql } from 'drizzle-orm';
import { buy, type Client, loginCustomer } from '../admin/admin-helpers.ts';
import { insertGame } from '../factories.ts';
import type { TestContext } from '../helpers/test-app.ts';
import { queryRows } from '../helpers/test-db.ts';

export type HistoryOrder = {
  id: number;
  items: { title: string; wcs_activation_key: string; key_id?: number }[];
  claims?: {
    id: number;
    keyId: number;
    status: string;
    outcome: string | null;
    rejectReason: string | null;
  }[];
};

/** The smallest valid PNG (1×1), as a claim screenshot. */
export const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export async function historyOf(client: Client): Promise<HistoryOrder[]> {
  return (await client.post('/api/kl_api/get_completed_orders', {})).json() as HistoryOrder[];
}

/**
 * A customer with one paid order of `quantity` keys of a new game that keeps `spare` keys on sale; answers
 * the client, the order, its delivered key ids and the game.
 */
export async function buyerOf(
  ctx: TestContext,
  options: { quantity?: number; spare?: number; priceCents?: number; title?: string } = {},
) {
  const quantity = options.quantity ?? 1;
  const { game } = await insertGame(
    ctx.dbHandle.db,
    ctx.keyVault,
    { title: options.title ?? 'Claim Quest', priceCents: options.priceCents ?? 2000 },
    { keys: quantity + (options.spare ?? 0) },
  );
  const shopper = await loginCustomer(ctx);
  const { orderId } = await buy(ctx, shopper.client, [{ productId: game.productId, quantity }]);
  const order = (await historyOf(shopper.client)).find((o) => o.id === orderId);
  const keyIds = (order?.items ?? []).map((item) => item.key_id ?? 0);
  return { ...shopper, orderId, keyIds, game };
}

export const keyStatuses = async (ctx: TestContext, gameId: number) =>
  (
    await queryRows<{ id: number; status: string; order_id: number | null }>(
      ctx.dbHandle,
      sql`select id, status, order_id from game_keys where game_id = ${gameId} order by id`,
    )
  ).map((row) => ({ id: Number(row.id), status: row.status, orderId: row.order_id }));

export const outboxKinds = async (ctx: TestContext, email: string) =>
  (
    await queryRows<{ kind: string }>(
      ctx.dbHandle,
      sql`select kind from mail_outbox where to_address = ${email} order by id`,
    )
  ).map((row) => row.kind);
