import type { PromotionScope } from '@keyland/core/pricing';
import type { Transaction } from '../../db/client.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import type { Actor } from '../admin/index.ts';
import { auditTrail } from '../audit/index.ts';

/**
 * What sales (promotions) and coupons share (docs/decisions/032-price-ledger-and-promotions.md): the window
 * they run in, its status and checks, the games they apply to, and their changes while they are planned
 * or running.
 */

/** Which discount: its audit trail's target type, and the noun its errors use. */
export type Discount = 'promotion' | 'coupon';
export type DiscountStatus = 'scheduled' | 'active' | 'ended';

/** The window a discount runs in; ending it early sets `endedEarlyAt`. */
export interface DiscountWindow {
  startsAt: Date;
  endsAt: Date;
  endedEarlyAt: Date | null;
}

const DAY_MS = 86_400_000;

/** Where a discount stands at `now`: not started yet, running, or over (its end passed or it ended early). */
export function discountStatus(window: DiscountWindow, now: Date): DiscountStatus {
  if (window.endedEarlyAt || window.endsAt <= now) return 'ended';
  return window.startsAt > now ? 'scheduled' : 'active';
}

/**
 * The window an admin asks for, checked: a start in the past (or none) means `now`; the end comes after
 * the start, at most `maxDays` later.
 */
export function discountWindow(
  input: { startsAt?: string | undefined; endsAt: string },
  now: Date,
  discount: Discount,
  maxDays: number,
): { startsAt: Date; endsAt: Date } {
  const startsAt = new Date(Math.max(input.startsAt ? new Date(input.startsAt).getTime() : 0, now.getTime()));
  const endsAt = new Date(input.endsAt);
  if (endsAt <= startsAt) throw invalid('endsAt', 'The end must come after the start (and after now)');
  if (endsAt.getTime() - startsAt.getTime() > maxDays * DAY_MS)
    throw invalid('endsAt', `A ${discount} runs at most ${maxDays} days`);
  return { startsAt, endsAt };
}

/** The games a discount applies to, checked (the platform or a game its scope needs), as its columns. */
export function discountScope(input: { scope: PromotionScope; platform: string | null; gameIds: number[] }) {
  if (input.scope === 'platform' && !input.platform) throw invalid('platform', 'Choose a platform');
  if (input.scope === 'games' && input.gameIds.length === 0)
    throw invalid('gameIds', 'Choose at least one game');
  return {
    scope: input.scope,
    platform: input.scope === 'platform' ? input.platform : null,
    gameIds: input.scope === 'games' ? [...new Set(input.gameIds)] : [],
  };
}

/** What a discount's repository offers for a change of one discount. */
interface DiscountRows<Row extends DiscountWindow> {
  byId(id: number, lock: boolean): Promise<Row | undefined>;
  update(id: number, values: { endedEarlyAt: Date }): Promise<void>;
}

async function locked<Row extends DiscountWindow>(rows: DiscountRows<Row>, id: number, discount: Discount) {
  const row = await rows.byId(id, true);
  if (!row) throw new AppError('NOT_FOUND', `No such ${discount}`);
  return row;
}

/** A discount's row, locked for a change that only one not started yet takes (PROMOTION_NOT_EDITABLE). */
export async function lockScheduled<Row extends DiscountWindow>(
  discount: Discount,
  { rows, id, at }: { rows: DiscountRows<Row>; id: number; at: Date },
): Promise<Row> {
  const row = await locked(rows, id, discount);
  if (discountStatus(row, at) !== 'scheduled')
    throw new AppError('PROMOTION_NOT_EDITABLE', `This ${discount} has already started`);
  return row;
}

/** Ends a discount at `at` (one not started yet never runs) and records it; PROMOTION_ENDED once over. */
export async function endDiscount<Row extends DiscountWindow>(
  tx: Transaction,
  actor: Actor,
  discount: Discount,
  { rows, id, at }: { rows: DiscountRows<Row>; id: number; at: Date },
): Promise<void> {
  const row = await locked(rows, id, discount);
  if (discountStatus(row, at) === 'ended') throw new AppError('PROMOTION_ENDED', `This ${discount} is over`);
  await rows.update(id, { endedEarlyAt: at });
  await auditTrail(tx).record(actor, {
    action: `${discount}.end`,
    targetType: discount,
    targetId: id,
    before: { endsAt: row.endsAt.toISOString() },
    after: { endedEarlyAt: at.toISOString() },
  });
}

/** What a discount's repository offers for a new rule of a discount not started yet. */
interface ChangeRows<Values> {
  update(id: number, values: Values): Promise<void>;
  setGames(id: number, gameIds: readonly number[]): Promise<void>;
}

/**
 * Writes the new rule of a discount not started yet (its row locked by `lockScheduled`): its columns, with
 * `reset` (columns the change clears, left out of the audit row), its chosen games, and the audit row.
 */
export async function writeScheduledChange<Values extends object>(
  tx: Transaction,
  actor: Actor,
  discount: Discount,
  { rows, id, before }: { rows: ChangeRows<Values>; id: number; before: object },
  { values, gameIds, reset }: { values: Values; gameIds: number[]; reset?: object },
): Promise<void> {
  await rows.update(id, { ...values, ...reset });
  await rows.setGames(id, gameIds);
  await auditTrail(tx).record(actor, {
    action: `${discount}.update`,
    targetType: discount,
    targetId: id,
    before: { ...before },
    after: { ...values, gameIds },
  });
}
