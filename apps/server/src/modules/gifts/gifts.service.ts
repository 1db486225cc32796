import type { GiftOpened, GiftState, GiftView, ResendGiftRequest } from '@keyland/core/schemas/gifts';
import { GIFT_RESENDS_MAX, tallinnToday } from '@keyland/core/schemas/gifts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { createChangeSignal } from '../../lib/catalogue-changed.ts';
import { hashToken, newToken } from '../accounts/index.ts';
import { COVER_PLACEHOLDER } from '../catalogue/index.ts';
import {
  decryptByLine,
  type KeyDeliveryDeps,
  moveOrder,
  type OrderRow,
  ordersIn,
  recordKeyAccessIn,
} from '../orders/index.ts';
import { stockIn } from '../stock/index.ts';
import { enqueueGiftMail, enqueueGiftOpenedMail } from './gift.mail.ts';
import { giftStatesOfOrders } from './gift-records.ts';
import { giftStateOf, linkExpiry } from './gift-rules.ts';
import { createGiftsRepository, type GiftRow } from './gifts.repository.ts';

/** Gifts sent in one round at most; the next round (a minute later) takes the rest. */
const SENDS_PER_ROUND = 100;
/** The longest browser description kept with a reveal. */
const USER_AGENT_MAX = 300;

/**
 * Fired in this process after a gift's order was paid (its transaction committed): the delivery round runs
 * at once, so a gift without a day reaches its recipient right after the payment.
 */
export const giftsPaid = createChangeSignal();

export interface GiftsDeps extends KeyDeliveryDeps {
  db: Database;
}

/**
 * Gifts after their payment: the round that sends them on their day, the recipient's page (shown, then
 * opened once: the keys are sold to the order and the reveal logged), and the buyer's resend to a
 * corrected address. Keys stay reserved for the order until the gift is opened (decision 039).
 */
export function createGiftsService(deps: GiftsDeps) {
  const { db, keyVault } = deps;
  const now = deps.now ?? (() => new Date());
  const repository = createGiftsRepository(db);

  /** The buyer's name as the gift shows it (null once their account was erased). */
  async function fromOf(tx: Executor, gift: GiftRow, order: OrderRow): Promise<string | null> {
    if (gift.erasedAt) return null;
    return (await ordersIn(tx).customer(order.customerId))?.fullName ?? null;
  }

  /** A new link for a gift: the mail with it is queued, the gift's row records its hash and day. */
  async function sendLink(tx: Executor, gift: GiftRow, order: OrderRow, at: Date, resend: boolean) {
    const repo = createGiftsRepository(tx);
    const { recipientEmail } = gift;
    if (!recipientEmail) throw notFound('Unknown gift');
    const token = newToken();
    const expiresAt = linkExpiry(at);
    const from = (await fromOf(tx, gift, order)) ?? '';
    const games = await repo.games(order.id);
    const mailId = await enqueueGiftMail(
      tx,
      deps,
      { ...gift, recipientEmail },
      { from, games, token, expiresAt },
    );
    // The mail of the link it replaces goes: that link no longer opens the gift.
    if (gift.mailId !== null) await repo.forgetMail(gift.mailId);
    return repo.update(gift.id, {
      status: 'sent',
      recipientName: gift.recipientName,
      recipientEmail,
      tokenHash: hashToken(token),
      linkExpiresAt: expiresAt,
      sentAt: at,
      mailId,
      ...(resend ? { resends: gift.resends + 1 } : {}),
    });
  }

  /**
   * Sends a due gift once: its row and its order are locked and their states checked, so whichever
   * instance runs the round, and however often, the recipient gets one mail.
   */
  async function send(giftId: number, at: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const repo = createGiftsRepository(tx);
      const gift = await repo.lock(giftId);
      const today = tallinnToday(at);
      if (gift?.status !== 'scheduled' || !gift.recipientEmail) return false;
      if (gift.deliverOn !== null && gift.deliverOn > today) return false;
      const order = await ordersIn(tx).lockOrder(gift.orderId);
      if (order?.status !== 'awaiting_keys' || !(await repo.ready(gift.id, today))) return false;
      await sendLink(tx, gift, order, at, false);
      return true;
    });
  }

  /** The gift of a link and its order, refused as the recipient's page explains (unknown, expired…). */
  async function openable(tx: Executor, token: string, at: Date, lock: boolean) {
    const repo = createGiftsRepository(tx);
    const found = await repo.byTokenHash(hashToken(token));
    const gift = found && lock ? await repo.lock(found.id) : found;
    if (!gift || gift.tokenHash !== found?.tokenHash)
      throw new AppError('GIFT_LINK_INVALID', 'This gift link is not valid');
    const order = await (lock ? ordersIn(tx).lockOrder(gift.orderId) : ordersIn(tx).findOrder(gift.orderId));
    if (!order) throw new AppError('GIFT_LINK_INVALID', 'This gift link is not valid');
    if (gift.status === 'opened') return { gift, order, opened: true };
    // Withdrawn or refunded meanwhile: the gift is no more.
    if (gift.status !== 'sent' || order.status !== 'awaiting_keys')
      throw new AppError('GIFT_LINK_INVALID', 'This gift is no longer available');
    if (gift.linkExpiresAt && gift.linkExpiresAt.getTime() <= at.getTime())
      throw new AppError('GIFT_LINK_EXPIRED', 'This gift link has expired');
    return { gift, order, opened: false };
  }

  return {
    /**
     * One round: every scheduled gift whose day has come (Tallinn) and whose keys are all reserved is
     * mailed to its recipient. Answers how many it sent.
     */
    async runDue(at: Date = now()): Promise<number> {
      let sent = 0;
      for (const giftId of await repository.due(tallinnToday(at), SENDS_PER_ROUND))
        if (await send(giftId, at)) sent++;
      if (sent > 0) deps.mailDispatcher.kick();
      return sent;
    },

    /** The recipient's page before the reveal (and after it, saying so): from whom, the message, the games. */
    async view(token: string, at: Date = now()): Promise<GiftView> {
      const { gift, order, opened } = await openable(db, token, at, false);
      const games = await repository.games(order.id);
      return {
        status: opened ? 'opened' : 'sent',
        from: await fromOf(db, gift, order),
        recipientName: gift.recipientName,
        message: gift.message,
        games: games.map((game) => ({
          title: game.title,
          platform: game.platform,
          quantity: game.quantity,
          cover: game.coverUrl || COVER_PLACEHOLDER,
        })),
        openedAt: gift.openedAt?.toISOString() ?? null,
        linkExpiresAt: opened ? null : (gift.linkExpiresAt?.toISOString() ?? null),
      };
    },

    /**
     * Opens a gift, once: its reserved keys are sold to the order (now supplied: no more withdrawal), each
     * reveal goes to the key-access log with the recipient's address and browser, the buyer is told, and
     * the keys are answered. A second call answers 409 GIFT_ALREADY_OPENED.
     */
    async open(
      token: string,
      client: { ip: string | null; userAgent: string | null },
      at: Date = now(),
    ): Promise<GiftOpened> {
      const keys = await db.transaction(async (tx) => {
        const { gift, order, opened } = await openable(tx, token, at, true);
        if (opened) throw new AppError('GIFT_ALREADY_OPENED', 'This gift was opened already');
        const lines = await ordersIn(tx).lines(order.id);
        const sold = await stockIn(tx).sellReservedKeys(order.id, at);
        const count = (lineId: number) => sold.filter((key) => key.orderLineId === lineId).length;
        if (lines.some((line) => count(line.id) < line.quantity))
          throw new AppError('CONFLICT', 'The keys of this gift are not ready yet');
        await moveOrder(tx, order, 'gift_opened');
        const openedGift = await createGiftsRepository(tx).update(gift.id, {
          status: 'opened',
          openedAt: at,
        });
        const userAgent = client.userAgent?.slice(0, USER_AGENT_MAX) ?? null;
        for (const key of sold)
          await recordKeyAccessIn(tx, {
            keyId: key.keyId,
            orderId: order.id,
            customerId: null,
            action: 'reveal',
            ip: client.ip,
            userAgent,
            at,
          });
        await enqueueGiftOpenedMail(tx, deps, order, openedGift);
        const codes = decryptByLine(keyVault, lines, sold);
        return lines.flatMap((line) =>
          (codes.get(line.id) ?? []).map((code) => ({ title: line.title, platform: line.platform, code })),
        );
      });
      deps.mailDispatcher.kick();
      return { openedAt: at.toISOString(), keys };
    },

    /**
     * The buyer corrects the recipient before the gift is opened. A scheduled gift keeps its day; a sent
     * one goes again at once with a new link (the old one no longer opens it), at most GIFT_RESENDS_MAX
     * times.
     */
    async resend(
      customerId: number,
      orderId: number,
      input: ResendGiftRequest,
      at: Date = now(),
    ): Promise<GiftState> {
      const state = await db.transaction(async (tx) => {
        const repo = createGiftsRepository(tx);
        const gift = await repo.lockOfOrder(orderId);
        const order = await ordersIn(tx).lockOrder(orderId);
        if (!gift || order?.customerId !== customerId || gift.erasedAt) throw notFound('Unknown gift');
        if (gift.status === 'opened')
          throw new AppError('GIFT_ALREADY_OPENED', 'This gift was opened already');
        if (gift.status === 'cancelled' || ['cancelled', 'refunded', 'expired'].includes(order.status))
          throw notFound('Unknown gift');
        const recipient = {
          recipientName: input.recipientName ?? gift.recipientName,
          recipientEmail: input.recipientEmail.toLowerCase(),
        };
        if (gift.status === 'scheduled') return repo.update(gift.id, recipient);
        if (gift.resends >= GIFT_RESENDS_MAX)
          throw new AppError('GIFT_RESEND_LIMIT', 'This gift cannot be sent again');
        return sendLink(tx, { ...gift, ...recipient }, order, at, true);
      });
      deps.mailDispatcher.kick();
      return (
        (await giftStatesOfOrders(db, [orderId], at)).get(orderId) ?? { ...giftStateOf(state, at), games: [] }
      );
    },
  };
}

export type GiftsService = ReturnType<typeof createGiftsService>;
