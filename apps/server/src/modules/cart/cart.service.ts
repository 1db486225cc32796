import { activatesIn, countryNames } from '@keyland/core/activation';
import { findCountry } from '@keyland/core/countries';
import type { Locale } from '@keyland/core/locales';
import type { Cart } from '@keyland/core/schemas/cart';
import { MAX_LINE_QUANTITY } from '@keyland/core/schemas/cart';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { translate } from '../../lib/i18n.ts';
import type { RateLimiter, RateRule } from '../accounts/index.ts';
import { couponByCode, evaluateCoupon } from '../coupons/index.ts';
import { preorderReleaseOf } from '../preorders/index.ts';
import { couponLinesOf, couponOfCart, toCart } from './cart.answer.ts';
import { type CartLineRow, createCartRepository, type SellableGame } from './cart.repository.ts';

/** Wrong coupon codes a customer, or an address, may type before waiting (guessing codes is not a way in). */
export const COUPON_FAILURES_PER_ACCOUNT: RateRule = {
  name: 'coupon-fail:account',
  limit: 10,
  windowMs: 15 * 60_000,
};
export const COUPON_FAILURES_PER_IP: RateRule = { name: 'coupon-fail:ip', limit: 30, windowMs: 15 * 60_000 };

/** The lines of a customer's cart with their games' prices and stock (empty without a cart). */
export async function cartLinesOf(db: Executor, customerId: number): Promise<CartLineRow[]> {
  return createCartRepository(db).draftLines(customerId);
}

/** Takes bought games, and the coupon their order used, out of the customer's cart, in the caller's transaction. */
export async function removeFromCart(tx: Executor, customerId: number, gameIds: number[]): Promise<void> {
  await createCartRepository(tx).removeBought(customerId, gameIds);
}

export interface CartCustomer {
  customerId: number;
  countryId: number | null;
  /** The language the customer reads (the region warning names countries in it). */
  locale?: Locale;
}

/** Where a key activates, in words of the customer's language. */
function regionInWords(game: SellableGame, locale: Locale): string {
  if (game.activationScope === 'countries') return countryNames(game.activationCountries, locale);
  return translate(locale, `product.activation.${game.activationScope}`);
}

const countryCodeOf = (countryId: number | null) =>
  countryId === null ? undefined : findCountry(countryId)?.code;

export interface LineRef {
  cws_product_id?: string | undefined;
  product_name?: string | undefined;
  /** The customer confirmed buying a key that may not activate in their country. */
  region_confirmed?: boolean | undefined;
}

/** A game sold as a pre-order today: paid now, no keys needed yet (decision 038). */
const isPreorder = (game: SellableGame) => preorderReleaseOf(game, new Date()) !== null;

function isSellable(game: SellableGame): boolean {
  return !game.hidden && game.priceCents > 0 && (game.available > 0 || isPreorder(game));
}

/** A pre-order is paid on its own: never beside another game in the cart. */
function preorderAlone(game: SellableGame, lines: readonly SellableGame[]): void {
  const others = lines.filter((line) => line.id !== game.id);
  const preorder = [game, ...others].find(isPreorder);
  if (preorder && others.length > 0)
    throw new AppError('PREORDER_ALONE', 'A pre-order is bought on its own', {
      values: { title: preorder.title },
    });
}

function limitError(max: number) {
  return new AppError('QUANTITY_LIMIT', `Quantity must stay between 1 and ${max}`, {
    values: { max: String(max) },
  });
}

/**
 * The cart is the customer's draft order. Every call acts for the session's customer; e-mails and prices
 * in requests are ignored, and prices always come from the catalogue.
 */
export function createCartService(db: Database, deps: { limiter?: RateLimiter } = {}) {
  const repository = createCartRepository(db);

  /** The cart answer for the lines as they now stand, its coupon checked again (and dropped if it lapsed). */
  async function answer(executor: Executor, customer: CartCustomer, orderId: number, rows: CartLineRow[]) {
    const coupon = await couponOfCart(executor, orderId, customer.customerId, rows);
    return toCart(orderId, rows, customer.countryId, coupon);
  }

  /** Refuses with 429 while the customer or their address has typed too many wrong codes. */
  async function guessingLimit(customerId: number, ip: string, wrong: boolean) {
    const rules = [
      [COUPON_FAILURES_PER_ACCOUNT, String(customerId)],
      [COUPON_FAILURES_PER_IP, ip],
    ] as const;
    for (const [rule, subject] of rules) {
      const decision = wrong
        ? await deps.limiter?.hit(rule, subject)
        : await deps.limiter?.check(rule, subject);
      if (decision?.limited)
        throw new AppError('RATE_LIMITED', 'Too many wrong coupon codes, try again later', {
          headers: { 'retry-after': String(decision.retryAfterSec) },
        });
    }
  }

  async function lineOf(orderId: number, ref: LineRef): Promise<CartLineRow> {
    const lines = await repository.lines(orderId);
    const line = ref.cws_product_id
      ? lines.find((l) => l.productId === ref.cws_product_id)
      : lines.find((l) => l.title === ref.product_name);
    if (!line) throw new AppError('NOT_FOUND', 'This game is not in your cart');
    return line;
  }

  async function cart(customer: CartCustomer, orderId: number | undefined): Promise<Cart> {
    if (orderId === undefined) return toCart(null, [], customer.countryId);
    return answer(db, customer, orderId, await repository.lines(orderId));
  }

  return {
    async draftOrder(customer: CartCustomer): Promise<number> {
      return repository.ensureDraftId(customer.customerId);
    },

    async get(customer: CartCustomer): Promise<Cart> {
      return cart(customer, await repository.findDraftId(customer.customerId));
    },

    /** Adds one key of a game (or one more to its line), within 1..min(10, available). */
    async add(customer: CartCustomer, ref: LineRef): Promise<Cart> {
      const game = ref.cws_product_id
        ? await repository.gameByProductId(ref.cws_product_id)
        : ref.product_name
          ? await repository.gameByTitle(ref.product_name)
          : undefined;
      if (!game || !isSellable(game)) {
        if (game && game.available === 0 && !game.hidden && game.priceCents > 0)
          throw new AppError('OUT_OF_STOCK', 'Out of stock', { values: { title: game.title } });
        throw new AppError('NOT_FOUND', 'This game is not for sale');
      }
      return db.transaction(async (tx) => {
        const txRepo = createCartRepository(tx);
        const orderId = await txRepo.ensureDraftId(customer.customerId);
        const lines = await txRepo.lines(orderId);
        const existing = lines.find((l) => l.id === game.id);
        preorderAlone(game, lines);
        const quantity = (existing?.quantity ?? 0) + 1;
        const preorder = isPreorder(game);
        const max = preorder ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, game.available);
        if (quantity > max) {
          if (!preorder && quantity > game.available)
            throw new AppError('OUT_OF_STOCK', 'Not enough keys', { values: { title: game.title } });
          throw limitError(max);
        }
        // The store never refuses a buyer by country (geo-blocking rules), but warns one whose account
        // country is outside the key's activation region and keeps the confirmation with the order.
        const country = countryCodeOf(customer.countryId);
        const warned = !activatesIn(game.activationScope, game.activationCountries, country);
        if (warned && !existing && !ref.region_confirmed)
          throw new AppError('REGION_CONFIRMATION_REQUIRED', 'This key may not activate in your country', {
            values: { title: game.title, region: regionInWords(game, customer.locale ?? 'en') },
          });
        const confirmed = warned && country && !existing ? { at: new Date(), country } : undefined;
        const lineId = await txRepo.upsertLine(orderId, game, quantity, confirmed);
        // The cart as it now stands, from the rows just read: the changed line updated or added last
        // (lines are listed by id, and a new line has the highest).
        const updated = existing
          ? lines.map((l) => (l.id === game.id ? { ...l, quantity } : l))
          : [
              ...lines,
              {
                ...game,
                lineId,
                quantity,
                regionConfirmedAt: confirmed?.at ?? null,
                regionConfirmedCountry: confirmed?.country ?? null,
              },
            ];
        return answer(tx, customer, orderId, updated);
      });
    },

    async changeQuantity(customer: CartCustomer, ref: LineRef, delta: 1 | -1): Promise<Cart> {
      const orderId = await repository.findDraftId(customer.customerId);
      if (orderId === undefined) throw new AppError('NOT_FOUND', 'This game is not in your cart');
      const line = await lineOf(orderId, ref);
      const quantity = line.quantity + delta;
      const preorder = isPreorder(line);
      const max = preorder ? MAX_LINE_QUANTITY : Math.min(MAX_LINE_QUANTITY, Math.max(line.available, 1));
      if (quantity < 1) throw limitError(max);
      if (!preorder && quantity > line.available)
        throw new AppError('OUT_OF_STOCK', 'Not enough keys', { values: { title: line.title } });
      if (quantity > max) throw limitError(max);
      await repository.setQuantity(line.lineId, quantity);
      return cart(customer, orderId);
    },

    async remove(customer: CartCustomer, ref: LineRef): Promise<Cart> {
      const orderId = await repository.findDraftId(customer.customerId);
      if (orderId === undefined) throw new AppError('NOT_FOUND', 'This game is not in your cart');
      const line = await lineOf(orderId, ref);
      await repository.deleteLine(line.lineId);
      return cart(customer, orderId);
    },

    /**
     * Applies a coupon code to the cart (one coupon at a time: a new one replaces the old). A code that
     * does not exist counts towards the guessing limit; one that exists but does not apply says why.
     */
    async applyCoupon(customer: CartCustomer, code: string, ip: string): Promise<Cart> {
      await guessingLimit(customer.customerId, ip, false);
      const found = await couponByCode(db, code).catch(async (error: unknown) => {
        await guessingLimit(customer.customerId, ip, true);
        throw error;
      });
      return db.transaction(async (tx) => {
        const txRepo = createCartRepository(tx);
        const orderId = await txRepo.ensureDraftId(customer.customerId);
        const rows = await txRepo.lines(orderId);
        if (rows.length === 0) throw new AppError('CART_EMPTY', 'The cart is empty');
        const outcome = await evaluateCoupon(tx, found, customer.customerId, couponLinesOf(rows), new Date());
        await txRepo.setCoupon(orderId, found.codeId);
        return toCart(orderId, rows, customer.countryId, { outcome });
      });
    },

    async removeCoupon(customer: CartCustomer): Promise<Cart> {
      const orderId = await repository.findDraftId(customer.customerId);
      if (orderId !== undefined) await repository.setCoupon(orderId, null);
      return cart(customer, orderId);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
