import { eurosToCents } from '@keyland/core/money';
import { PRICE_REFERENCE_DAYS } from '@keyland/core/pricing';
import {
  type Unsubscribed,
  WISHLIST_MAX_GAMES,
  type Wishlist,
  type WishlistAlert,
  type WishlistExport,
  type WishlistItem,
} from '@keyland/core/schemas/wishlist';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { hashToken } from '../accounts/index.ts';
import { alertOf, isSold, toWishlistItem } from './wishlist.mapper.ts';
import { createWishlistRepository, type WishlistRow } from './wishlist.repository.ts';

const DAY_MS = 86_400_000;
/** How long an alert mail's unsubscribe link works; the round forgets older mails. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

export interface WishlistDeps {
  db: Database;
  now?: () => Date;
}

/** A customer's wishlist: the games, their alerts, and turning every alert off from a mail's link. */
export function createWishlistService({ db, now = () => new Date() }: WishlistDeps) {
  const repository = createWishlistRepository(db);

  const view = async (rows: WishlistRow[], at: Date): Promise<WishlistItem[]> => {
    const from = new Date(at.getTime() - PRICE_REFERENCE_DAYS * DAY_MS);
    const lowest = await repository.lowestBetween(
      rows.map((row) => row.gameId),
      from,
      at,
    );
    return rows.map((row) => toWishlistItem(row, lowest.get(row.gameId)));
  };

  const entry = async (customerId: number, gameId: number, at: Date): Promise<WishlistItem> => {
    const [item] = await view(await repository.items(customerId, gameId), at);
    if (!item) throw notFound('This game is not on your wishlist');
    return item;
  };

  const gameOf = async (providerId: string) => {
    const game = await repository.game(providerId);
    if (!game) throw notFound('No such game');
    return game;
  };

  return {
    async list(customerId: number): Promise<Wishlist> {
      return { items: await view(await repository.items(customerId), now()), max: WISHLIST_MAX_GAMES };
    },

    /** Adds a game the store sells to the list; adding it again changes nothing. */
    async add(customerId: number, providerId: string): Promise<{ item: WishlistItem; added: boolean }> {
      const at = now();
      const game = await gameOf(providerId);
      if (!isSold(game)) throw notFound('No such game');
      const added = await db.transaction(async (tx) => {
        const repo = createWishlistRepository(tx);
        await repo.lockCustomer(customerId);
        if ((await repo.items(customerId, game.id)).length > 0) return false;
        if ((await repo.count(customerId)) >= WISHLIST_MAX_GAMES)
          throw new AppError('WISHLIST_FULL', `A wishlist holds at most ${WISHLIST_MAX_GAMES} games`, {
            values: { max: String(WISHLIST_MAX_GAMES) },
          });
        return repo.add(customerId, game.id, at);
      });
      return { item: await entry(customerId, game.id, at), added };
    },

    /** Takes a game off the list (a game that was not on it: nothing to do). */
    async remove(customerId: number, providerId: string): Promise<{ removed: boolean }> {
      const game = await gameOf(providerId);
      return { removed: await repository.remove(customerId, game.id) };
    },

    /**
     * Sets a game's alerts. What the customer sees now is what later changes are measured against: the
     * price today, and whether the game is out of stock today.
     */
    async setAlert(customerId: number, providerId: string, alert: WishlistAlert): Promise<WishlistItem> {
      const at = now();
      const game = await gameOf(providerId);
      const set = await repository.setAlert(customerId, game.id, {
        priceAlert: alert.priceDrop,
        priceBelowCents: alert.priceDrop && alert.priceBelow !== null ? eurosToCents(alert.priceBelow) : null,
        stockAlert: alert.backInStock,
        priceSeenCents: game.priceCents,
        priceSeenChangeId: game.latestChangeId,
        outOfStock: game.stock <= 0,
      });
      if (!set) throw notFound('This game is not on your wishlist');
      return entry(customerId, game.id, at);
    },

    /** The one-click unsubscribe of an alert mail's link: every alert of its customer goes off. */
    async unsubscribe(token: string): Promise<Unsubscribed> {
      const since = new Date(now().getTime() - UNSUBSCRIBE_LINK_DAYS * DAY_MS);
      const customerId = await repository.customerOfToken(hashToken(token), since);
      if (customerId === undefined) throw new AppError('TOKEN_INVALID', 'The link has expired or is invalid');
      return { unsubscribed: true, alertsTurnedOff: await repository.alertsOff(customerId) };
    },
  };
}

export type WishlistService = ReturnType<typeof createWishlistService>;

/** The customer's wishlist and alert mails, for the data export. */
export async function wishlistOfCustomer(db: Executor, customerId: number): Promise<WishlistExport> {
  const repository = createWishlistRepository(db);
  const [items, mails] = await Promise.all([repository.items(customerId), repository.mailsOf(customerId)]);
  return {
    items: items.map((row) => ({
      providerId: row.providerId,
      title: row.title,
      addedAt: row.addedAt.toISOString(),
      alert: alertOf(row),
    })),
    alertMails: mails.map((mail) => ({ sentAt: mail.sentAt.toISOString(), games: mail.games })),
  };
}

/** Erasure: the wishlist, its alerts and the record of alert mails go. */
export const eraseWishlistOf = (db: Executor, customerId: number) =>
  createWishlistRepository(db).erase(customerId);
