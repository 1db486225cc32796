import { randomInt } from 'node:crypto';
import { centsToEuros, eurosToCents } from '@keyland/core/money';
import type { Coupon, couponInputSchema, generateCouponsInputSchema } from '@keyland/core/schemas/coupons';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { AppError, invalid } from '../../lib/app-error.ts';
import type { Actor } from '../admin/index.ts';
import { auditTrail } from '../audit/index.ts';
import {
  discountScope,
  discountStatus,
  discountWindow,
  endDiscount,
  lockScheduled,
  writeScheduledChange,
} from '../pricing/index.ts';
import { type CouponRow, createCouponsRepository, type NewCoupon } from './coupons.repository.ts';

type CouponRule = Omit<z.output<typeof couponInputSchema>, 'code'>;

/** The longest a coupon may run. */
const COUPON_MAX_DAYS = 366;
/** Generated codes: no 0/O, 1/I/L, so a code read aloud or typed from print is not mistaken. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 10;

/** The rules across a coupon's fields, and its columns; a start in the past (or none) means "now". */
function couponValues(input: CouponRule, now: Date): Omit<NewCoupon, 'singleUse'> & { gameIds: number[] } {
  const window = discountWindow(input, now, 'coupon', COUPON_MAX_DAYS);
  if (input.kind === 'percent' && input.percentOff === null)
    throw invalid('percentOff', 'A percentage is required');
  if (input.kind === 'amount' && input.amount === null) throw invalid('amount', 'An amount is required');
  return {
    name: input.name,
    kind: input.kind,
    percentOff: input.kind === 'percent' ? input.percentOff : null,
    amountCents: input.kind === 'amount' && input.amount !== null ? eurosToCents(input.amount) : null,
    minBasketCents: eurosToCents(input.minBasket),
    ...window,
    maxUses: input.maxUses,
    perCustomer: input.perCustomer,
    ...discountScope(input),
  };
}

const generatedCode = (prefix: string) =>
  `${prefix.toUpperCase()}${Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('')}`;

/** The admins' coupons: typed codes and batches of generated single-use codes, their uses and revenue. */
export function createCouponsService({ db, now = () => new Date() }: { db: Database; now?: () => Date }) {
  const view = async (rows: CouponRow[], at: Date): Promise<Coupon[]> => {
    const repo = createCouponsRepository(db);
    const ids = rows.map((r) => r.id);
    const [codes, sales] = await Promise.all([repo.codesOf(ids), repo.salesOf(ids)]);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      code: row.singleUse ? null : (codes.get(row.id)?.first ?? null),
      codes: codes.get(row.id)?.count ?? 0,
      kind: row.kind,
      percentOff: row.percentOff,
      amount: row.amountCents === null ? null : centsToEuros(row.amountCents),
      minBasket: centsToEuros(row.minBasketCents),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      maxUses: row.maxUses,
      perCustomer: row.perCustomer,
      scope: row.scope,
      platform: row.platform,
      gameIds: row.gameIds,
      status: discountStatus(row, at),
      uses: sales.get(row.id)?.uses ?? 0,
      discountGiven: centsToEuros(sales.get(row.id)?.discount ?? 0),
      revenue: centsToEuros(sales.get(row.id)?.revenue ?? 0),
      createdAt: row.createdAt.toISOString(),
    }));
  };

  const one = async (id: number, at: Date): Promise<Coupon> => {
    const row = await createCouponsRepository(db).byId(id);
    const [coupon] = row ? await view([row], at) : [];
    if (!coupon) throw new AppError('NOT_FOUND', 'No such coupon');
    return coupon;
  };

  async function insert(actor: Actor, rule: CouponRule, codes: string[], singleUse: boolean) {
    const at = now();
    const { gameIds, ...values } = couponValues(rule, at);
    const id = await db.transaction(async (tx) => {
      const repo = createCouponsRepository(tx);
      if ((await repo.takenCodes(codes)).length > 0)
        throw new AppError('COUPON_CODE_TAKEN', 'Another coupon has this code', { field: 'code' });
      const created = await repo.insert({ ...values, singleUse, createdBy: actor.adminId }, gameIds, codes);
      await auditTrail(tx).record(actor, {
        action: singleUse ? 'coupon.generate' : 'coupon.create',
        targetType: 'coupon',
        targetId: created,
        after: { ...values, gameIds, codes: singleUse ? codes.length : codes[0] },
      });
      return created;
    });
    return { id, at };
  }

  return {
    async list(): Promise<Coupon[]> {
      return view(await createCouponsRepository(db).list(), now());
    },

    async create(actor: Actor, input: z.output<typeof couponInputSchema>): Promise<Coupon> {
      const { code, ...rule } = input;
      const { id, at } = await insert(actor, rule, [code.toUpperCase()], false);
      return one(id, at);
    },

    /** A batch of single-use codes under one rule; answers them for the CSV export. */
    async generate(
      actor: Actor,
      input: z.output<typeof generateCouponsInputSchema>,
    ): Promise<{ coupon: Coupon; codes: string[] }> {
      const { count, prefix, ...rule } = input;
      const codes = new Set<string>();
      while (codes.size < count) codes.add(generatedCode(prefix));
      const { id, at } = await insert(
        actor,
        { ...rule, maxUses: rule.maxUses ?? count, perCustomer: 1 },
        [...codes],
        true,
      );
      return { coupon: await one(id, at), codes: [...codes] };
    },

    /** Changes a coupon that has not started yet (its codes stay). */
    async update(actor: Actor, id: number, input: CouponRule): Promise<Coupon> {
      const at = now();
      await db.transaction(async (tx) => {
        const repo = createCouponsRepository(tx);
        const row = await lockScheduled('coupon', { rows: repo, id, at });
        const { gameIds, ...values } = couponValues(input, at);
        await writeScheduledChange(tx, actor, 'coupon', { rows: repo, id, before: row }, { values, gameIds });
      });
      return one(id, at);
    },

    /** Ends a coupon now: carts holding it lose it at their next change, checkouts refuse it. */
    async end(actor: Actor, id: number): Promise<Coupon> {
      const at = now();
      await db.transaction(async (tx) => {
        await endDiscount(tx, actor, 'coupon', { rows: createCouponsRepository(tx), id, at });
      });
      return one(id, at);
    },
  };
}

export type CouponsService = ReturnType<typeof createCouponsService>;
