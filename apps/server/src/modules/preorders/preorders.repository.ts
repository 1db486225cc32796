import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { games } from '../../db/schema/index.ts';
import { orderLines, orders } from '../../db/schema/orders.ts';
import { isGiftOrderSql } from '../gifts/index.ts';
import { supplierPurchaseOfLineSql } from '../supplier/index.ts';
import { preorderReleaseSql } from './preorder-rules.ts';

/** A paid pre-order line still waiting for its keys, with how many keys are set aside for it. */
export interface WaitingLine {
  lineId: number;
  orderId: number;
  gameId: number;
  quantity: number;
  /** Keys reserved for (or, at delivery, sold to) the line. */
  held: number;
}

/** A game's pre-orders against its keys (the back office's obligations list). */
export interface ObligationRow {
  gameId: number;
  title: string;
  platform: string;
  /** The game's release date now (an admin may have moved it). */
  releaseDate: string | null;
  /** Whether the game sells as a pre-order today. */
  onPreorder: boolean;
  /** The earliest delivery day promised to a waiting pre-order, null without one. */
  firstDelivery: string | null;
  orders: number;
  ordered: number;
  reserved: number;
  /** Keys of the game on sale now (not set aside for anyone). */
  available: number;
}

/** Keys reserved or sold to the line `l`. */
const heldOf = sql<number>`(select count(*)::int from game_keys k
  where k.order_id = ${orderLines.orderId} and k.order_line_id = ${orderLines.id} and k.status in ('reserved', 'sold'))`;

/** Paid pre-order lines whose order still waits for its keys. */
const waiting = and(eq(orders.status, 'awaiting_keys'), isNotNull(orderLines.preorderRelease));

/**
 * Waiting lines the store's own keys serve: a line the key supplier was asked to fill takes none of them
 * (it would end with more keys than it was paid for).
 */
const servedFromStock = and(waiting, sql`not ${supplierPurchaseOfLineSql(orderLines.id)}`);

/** Such lines still lacking keys. */
const shortFromStock = and(servedFromStock, sql`${heldOf} < ${orderLines.quantity}`);

/** A line `r` of the order is not due on `today` (an ordinary line, or a later release day). */
const lineNotDue = (today: string) => sql`r.preorder_release is null or r.preorder_release > ${today}::date`;

/** A pre-order line that is due and short of keys, which the key supplier may fill. */
export interface ShortLine {
  orderId: number;
  lineId: number;
  gameId: number;
  quantity: number;
}

/** The pre-order lines and their keys: waiting lines, orders due for delivery, the obligations per game. */
export function createPreordersRepository(db: Executor) {
  return {
    /**
     * Serialises the claims of a game's keys until the transaction ends, so that two claims (an import, a
     * payment, the scheduled round) never reserve one line's keys twice.
     */
    async lockClaims(gameId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('keyland:preorder-claims'), ${gameId})`);
    },

    /** The waiting lines of a game, the oldest payment first. */
    async waitingLines(gameId: number): Promise<WaitingLine[]> {
      return db
        .select({
          lineId: orderLines.id,
          orderId: orderLines.orderId,
          gameId: orderLines.gameId,
          quantity: orderLines.quantity,
          held: heldOf,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(servedFromStock, eq(orderLines.gameId, gameId)))
        .orderBy(asc(orders.paidAt), asc(orders.id), asc(orderLines.id));
    },

    /** Games with a waiting line that lacks keys, and keys on sale to give it. */
    async gamesToClaim(): Promise<number[]> {
      const rows = await db
        .selectDistinct({ gameId: orderLines.gameId })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(
          and(
            shortFromStock,
            sql`exists (select 1 from game_keys f where f.game_id = ${orderLines.gameId} and f.status = 'available')`,
          ),
        )
        .orderBy(asc(orderLines.gameId));
      return rows.map((row) => row.gameId);
    },

    /**
     * Orders whose pre-order lines are all due by `today` (Tallinn's day) and have all their keys reserved,
     * the oldest payment first. A pre-ordered gift is not delivered here: its keys stay reserved until its
     * recipient opens it (modules/gifts sends it on the day).
     */
    async dueOrders(today: string, limit: number): Promise<number[]> {
      const notReady = sql`exists (select 1 from order_lines r where r.order_id = ${orders.id} and (
        ${lineNotDue(today)}
        or (select count(*) from game_keys k where k.order_id = r.order_id and k.order_line_id = r.id
            and k.status = 'reserved') < r.quantity))`;
      const rows = await db
        .selectDistinct({ id: orders.id, paidAt: orders.paidAt })
        .from(orders)
        .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
        .where(and(waiting, sql`not ${notReady}`, sql`not ${isGiftOrderSql(orders.id)}`))
        .orderBy(asc(orders.paidAt), asc(orders.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /**
     * Lines of pre-orders due by `today` (every line of the order due, not a gift) that still lack keys
     * after the store's own were set aside, and that the key supplier was not asked to fill yet: the
     * oldest payment first.
     */
    async shortDueLines(today: string): Promise<ShortLine[]> {
      const notDue = sql`exists (select 1 from order_lines r where r.order_id = ${orders.id}
        and (${lineNotDue(today)}))`;
      return db
        .select({
          orderId: orderLines.orderId,
          lineId: orderLines.id,
          gameId: orderLines.gameId,
          quantity: orderLines.quantity,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(shortFromStock, sql`not ${notDue}`, sql`not ${isGiftOrderSql(orders.id)}`))
        .orderBy(asc(orders.paidAt), asc(orders.id), asc(orderLines.id));
    },

    /**
     * Every game on pre-order today or with waiting pre-orders: what is owed and what is set aside, the
     * earliest delivery first.
     */
    async obligations(today: string): Promise<ObligationRow[]> {
      const lines = db
        .select({
          gameId: orderLines.gameId,
          firstDelivery: sql<string>`min(${orderLines.preorderRelease})::text`.as('first_delivery'),
          orders: sql<number>`count(distinct ${orderLines.orderId})::int`.as('orders'),
          ordered: sql<number>`sum(${orderLines.quantity})::int`.as('ordered'),
          reserved: sql<number>`sum(${heldOf})::int`.as('reserved'),
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(waiting)
        .groupBy(orderLines.gameId)
        .as('w');
      const onPreorder = preorderReleaseSql(today);
      return db
        .select({
          gameId: games.id,
          title: games.title,
          platform: games.platform,
          releaseDate: games.releaseDate,
          onPreorder: sql<boolean>`(${onPreorder} is not null)`,
          firstDelivery: lines.firstDelivery,
          orders: sql<number>`coalesce(${lines.orders}, 0)`,
          ordered: sql<number>`coalesce(${lines.ordered}, 0)`,
          reserved: sql<number>`coalesce(${lines.reserved}, 0)`,
          available: sql<number>`(select count(*)::int from game_keys a where a.game_id = "games"."id" and a.status = 'available')`,
        })
        .from(games)
        .leftJoin(lines, eq(lines.gameId, games.id))
        .where(sql`${lines.gameId} is not null or ${onPreorder} is not null`)
        .orderBy(
          sql`coalesce(${lines.firstDelivery}, "games"."release_date"::text) asc nulls last`,
          asc(games.id),
        );
    },
  };
}

export type PreordersRepository = ReturnType<typeof createPreordersRepository>;
