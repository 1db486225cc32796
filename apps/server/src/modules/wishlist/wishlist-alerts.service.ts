import { toLocale } from '@keyland/core/locales';
import { pagePaths } from '@keyland/core/pages';
import type { Database } from '../../db/client.ts';
import { hashToken, newToken } from '../accounts/index.ts';
import type { MailDispatcher, MailOutbox } from '../mail/index.ts';
import { isSold } from './wishlist.mapper.ts';
import {
  type AlertCandidate,
  type AlertState,
  createWishlistRepository,
  type WishlistRepository,
} from './wishlist.repository.ts';
import { UNSUBSCRIBE_LINK_DAYS } from './wishlist.service.ts';
import { type AlertLine, wishlistAlertMail } from './wishlist-alert.mail.ts';

const DAY_MS = 86_400_000;
/** The API call an alert mail's List-Unsubscribe header names (RFC 8058 one-click). */
export const ONE_CLICK_UNSUBSCRIBE_PATH = '/api/wishlist/unsubscribe';

/** What the round makes of one entry: news to tell, and what it remembers without telling. */
export interface Assessment {
  price?: { fromCents: number; toCents: number; changeId: number };
  backInStock: boolean;
  quietly: Partial<AlertState>;
}

/**
 * Compares an entry with its game now. A price drop is news when the ledger has a row the entry was not
 * compared with yet and the price is below the one the customer knows (and at or below their limit, when
 * they set one); any other new price becomes the one they know, so a rise followed by a drop is told
 * again. Stock is news when a game the round saw without stock has keys again. A game no longer sold
 * tells nothing and keeps its state.
 */
export function assess(entry: AlertCandidate): Assessment {
  const result: Assessment = { backInStock: false, quietly: {} };
  if (!isSold(entry)) return result;
  const latest = entry.latestChangeId ?? 0;
  if (entry.priceAlert && latest > (entry.priceSeenChangeId ?? 0)) {
    const seen = entry.priceSeenCents ?? entry.priceCents;
    const low = entry.priceBelowCents === null || entry.priceCents <= entry.priceBelowCents;
    if (entry.priceCents < seen && low)
      result.price = { fromCents: seen, toCents: entry.priceCents, changeId: latest };
    else result.quietly = { priceSeenCents: entry.priceCents, priceSeenChangeId: latest };
  }
  if (entry.stockAlert) {
    if (entry.stock <= 0 && !entry.outOfStock) result.quietly.outOfStock = true;
    if (entry.stock > 0 && entry.outOfStock) result.backInStock = true;
  }
  return result;
}

const hasNews = (a: Assessment) => a.price !== undefined || a.backInStock;

/** Whether an entry's alert state is still the one the round read (nobody changed it meanwhile). */
const unchanged = (read: AlertCandidate, now: AlertState | undefined): boolean =>
  now !== undefined &&
  now.priceAlert === read.priceAlert &&
  now.priceBelowCents === read.priceBelowCents &&
  now.stockAlert === read.stockAlert &&
  now.priceSeenCents === read.priceSeenCents &&
  now.priceSeenChangeId === read.priceSeenChangeId &&
  now.outOfStock === read.outOfStock;

type Assessed = { entry: AlertCandidate; assessment: Assessment };

/** Locks the entries and keeps those nobody changed since the round read them. */
async function stillAsRead(repo: WishlistRepository, assessed: Assessed[]): Promise<Assessed[]> {
  const states = await repo.lockStates(assessed.map((a) => a.entry.itemId));
  return assessed.filter((a) => unchanged(a.entry, states.get(a.entry.itemId)));
}

export interface WishlistAlertsDeps {
  db: Database;
  mailOutbox: MailOutbox;
  mailDispatcher: MailDispatcher;
  publicUrl: string;
  now?: () => Date;
}

/**
 * The alerts round (docs/decisions/035-wishlist-and-alerts.md): price drops from the price ledger and
 * games back in stock, told by e-mail at most once a day per customer (every game with news in one mail),
 * each change once.
 */
export function createWishlistAlerts(deps: WishlistAlertsDeps) {
  const { db, mailOutbox, publicUrl, now = () => new Date() } = deps;

  /** Queues one customer's mail and remembers what it told, in one transaction; false when nothing is left to tell. */
  const tell = (news: Assessed[], at: Date): Promise<boolean> =>
    db.transaction(async (tx) => {
      const repo = createWishlistRepository(tx);
      const current = await stillAsRead(repo, news);
      const [first] = current;
      if (!first) return false;
      const token = newToken();
      await repo.recordMail(first.entry.customerId, at, current.length, hashToken(token));
      const lines: AlertLine[] = current.map(({ entry, assessment }) => ({
        title: entry.title,
        platform: entry.platform,
        ...(assessment.price ? { price: assessment.price } : {}),
        backInStock: assessment.backInStock,
      }));
      const query = `?token=${encodeURIComponent(token)}`;
      const mail = wishlistAlertMail(toLocale(first.entry.lang), {
        name: first.entry.fullName,
        lines,
        wishlistUrl: `${publicUrl}${pagePaths.wishlist}`,
        unsubscribeUrl: `${publicUrl}${pagePaths.wishlistUnsubscribe}${query}`,
      });
      await mailOutbox.enqueue(tx, {
        toAddress: first.entry.email,
        kind: 'wishlist_alert',
        ...mail,
        headers: {
          'List-Unsubscribe': `<${publicUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}${query}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      for (const { entry, assessment } of current)
        await repo.updateState(entry.itemId, {
          ...assessment.quietly,
          ...(assessment.price
            ? { priceSeenCents: assessment.price.toCents, priceSeenChangeId: assessment.price.changeId }
            : {}),
          ...(assessment.backInStock ? { outOfStock: false } : {}),
        });
      return true;
    });

  return {
    /** One round at `at` (the clock's time by default); answers how many mails were queued. */
    async run(at: Date = now()): Promise<number> {
      const repository = createWishlistRepository(db);
      const assessed = (await repository.alertCandidates()).map((entry) => ({
        entry,
        assessment: assess(entry),
      }));
      // What is remembered without telling (a new price that is no news, a game sold out) is written at once.
      const quiet = assessed.filter(
        (a) => !hasNews(a.assessment) && Object.keys(a.assessment.quietly).length > 0,
      );
      if (quiet.length > 0)
        await db.transaction(async (tx) => {
          const repo = createWishlistRepository(tx);
          for (const { entry, assessment } of await stillAsRead(repo, quiet))
            await repo.updateState(entry.itemId, assessment.quietly);
        });
      const news = Map.groupBy(
        assessed.filter((a) => hasNews(a.assessment)),
        (a) => a.entry.customerId,
      );
      // A customer mailed in the last 24 hours hears of the news a day after that mail.
      const waiting = await repository.mailedSince([...news.keys()], new Date(at.getTime() - DAY_MS));
      let mails = 0;
      for (const [customerId, entries] of news)
        if (!waiting.has(customerId) && (await tell(entries, at))) mails += 1;
      await repository.forgetMailsBefore(new Date(at.getTime() - UNSUBSCRIBE_LINK_DAYS * DAY_MS));
      if (mails > 0) deps.mailDispatcher.kick();
      return mails;
    },
  };
}

export type WishlistAlerts = ReturnType<typeof createWishlistAlerts>;
