import { eq, sql } from 'drizzle-orm';
import { games } from '../../src/db/schema/index.ts';
import {
  createPromotionsService,
  declarePriceChange,
  refreshSalePrices,
} from '../../src/modules/pricing/index.ts';
import { loginAdmin } from '../admin/admin-helpers.ts';
import { insertCustomer, insertGame } from '../factories.ts';
import { buildTestApp, type TestContext } from '../helpers/test-app.ts';
import { queryRows } from '../helpers/test-db.ts';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;

/** The whole store, paid through the local provider, with an admin logged in to its back office. */
export async function storeWithAdmin() {
  const ctx = await buildTestApp({ LOCAL_PAYMENT_WEBHOOK_SECRET: 'test-local-webhook-secret-0123456789' });
  return { ctx, admin: (await loginAdmin(ctx)).client };
}

let platforms = 0;
/** A game with `keys` keys on a platform of its own, so that a platform's sale or coupon touches it alone. */
export async function gameOnOwnPlatform(ctx: TestContext, priceCents: number, keys: number) {
  const platform = `Pricing ${++platforms}`;
  return (await insertGame(ctx.dbHandle.db, ctx.keyVault, { priceCents, platform }, { keys })).game;
}

/** What a game's row says of its price and sale. */
export async function priceOf(ctx: TestContext, gameId: number) {
  const [row] = await queryRows<{
    price_cents: number;
    list_price_cents: number;
    sale_promotion_id: number | null;
    sale_reference_cents: number | null;
    discount_percent: number | null;
    sale_ends_at: string | Date | null;
  }>(
    ctx.dbHandle,
    sql`select price_cents, list_price_cents, sale_promotion_id, sale_reference_cents, discount_percent, sale_ends_at
        from games where id = ${gameId}`,
  );
  if (!row) throw new Error(`no game ${gameId}`);
  return row;
}

/** The price ledger of a game, oldest first. */
export const ledgerOf = (ctx: TestContext, gameId: number) =>
  queryRows<{
    price_cents: number;
    list_price_cents: number;
    promotion_id: number | null;
    cause: string;
    actor: string | null;
    changed_at: string | Date;
  }>(
    ctx.dbHandle,
    sql`select price_cents, list_price_cents, promotion_id, cause, actor, changed_at
        from game_price_changes where game_id = ${gameId} order by changed_at, id`,
  );

/** A promotions service on a clock the test moves. */
export function promotionsAt(ctx: TestContext, start: Date) {
  let clock = start;
  const service = createPromotionsService({ db: ctx.dbHandle.db, now: () => clock });
  return {
    service,
    set(at: Date) {
      clock = at;
    },
    get now() {
      return clock;
    },
  };
}

/** Sets a game's regular price as an admin would, at `at` (the ledger records that time). */
export async function setRegularPrice(ctx: TestContext, gameId: number, cents: number, at: Date) {
  await ctx.dbHandle.db.transaction(async (tx) => {
    await declarePriceChange(tx, 'admin', 'admin:test', at);
    await tx.update(games).set({ listPriceCents: cents }).where(eq(games.id, gameId));
    await refreshSalePrices(tx, [gameId], at, 'admin', 'admin:test');
  });
}

/** An admin to act as when calling the service directly. */
export async function adminActor(ctx: TestContext) {
  const { customer } = await insertCustomer(ctx.dbHandle.db, { role: 'admin' });
  return { adminId: customer.id, ip: '127.0.0.1' };
}
