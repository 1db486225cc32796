import { findCountry } from '@keyland/core/countries';
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';
import type { RiskSettings } from '../../config/env.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { findAccount } from '../accounts/index.ts';
import { purchaseRecordOf } from '../orders/index.ts';
import { mostResoldGames } from '../stock/index.ts';
import { createRiskRepository, type RiskAssessmentRow } from './risk.repository.ts';
import {
  DEFAULT_RISK_THRESHOLDS,
  DEFAULT_RISK_WEIGHTS,
  type ProviderRisk,
  type RiskReason,
  type RiskReasonCode,
  type RiskScore,
  type RiskSignals,
  type RiskWeights,
  riskReasonCodes,
  scoreRisk,
} from './risk.score.ts';

/**
 * The library's own check builds a Set of its whole list on every call (5 % of a checkout's CPU under load,
 * bench/checkout.ts with --cpu-prof): the Set is built once, on first use.
 */
let disposableDomains: Set<string> | undefined;
const isDisposable = (domain: string) => {
  disposableDomains ??= disposableEmailBlocklistSet();
  return disposableDomains.has(domain.trim().toLowerCase());
};

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The games counted as most resold: the top ten by keys sold in the last 30 days. */
const MOST_RESOLD = { count: 10, days: 30 };

/** What the provider reports of a paid session's card and its own risk assessment. */
export interface PaymentRiskDetails {
  cardFingerprint: string | null;
  cardCountry: string | null;
  providerRisk: ProviderRisk | null;
  threeDSecurePassed: boolean;
}

export interface CheckoutScreening extends RiskScore {
  signals: RiskSignals;
  ip: string | null;
  /** Ask the provider for 3-D Secure (a medium score). */
  threeDSecure: boolean;
}

/** What is bought, and the address it is given to when the order is a gift (decision 039). */
export interface GiftedBasket {
  basketCents: number;
  gameIds: number[];
  giftRecipient?: string | null | undefined;
}

export interface RiskDeps {
  db: Database;
  settings: RiskSettings;
  /** Where the customer may ask for help (the refusal message names it). */
  supportUrl: string;
  now?: () => Date;
}

/** The weights of the settings over the defaults (unknown reason codes are ignored). */
export function weightsOf(settings: RiskSettings): RiskWeights {
  const weights = { ...DEFAULT_RISK_WEIGHTS };
  for (const [code, points] of Object.entries(settings.weights))
    if ((riskReasonCodes as readonly string[]).includes(code) && Number.isFinite(points))
      weights[code as RiskReasonCode] = points;
  return weights;
}

/**
 * Screening of checkouts and payments: the signals are gathered from the store's records, scored with
 * the settings' weights and recorded with the order; velocity caps hold whatever the score.
 */
export function createRiskService(deps: RiskDeps) {
  const { db, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const weights = weightsOf(settings);
  const thresholds = {
    ...DEFAULT_RISK_THRESHOLDS,
    medium: settings.mediumScore,
    high: settings.highScore,
    newAccountHours: settings.newAccountHours,
  };
  const counted = (ip: string | null | undefined): ip is string =>
    !!ip && !settings.ignoredAddresses.includes(ip);

  /**
   * The games counted as most resold, read at most once a minute: a ranking over 30 days of sales that
   * moves slowly, and an aggregate over every key sold in them that a checkout should not pay for twice.
   */
  let resoldCache: { games: Promise<number[]>; until: number } | undefined;
  function mostResold(tx: Executor, at: Date): Promise<number[]> {
    if (!resoldCache || resoldCache.until <= at.getTime() || resoldCache.until > at.getTime() + MINUTE_MS) {
      const since = new Date(at.getTime() - MOST_RESOLD.days * DAY_MS);
      const games = mostResoldGames(tx, since, MOST_RESOLD.count);
      resoldCache = { games, until: at.getTime() + MINUTE_MS };
      games.catch(() => {
        resoldCache = undefined;
      });
    }
    return resoldCache.games;
  }

  async function baseSignals(
    tx: Executor,
    input: GiftedBasket & { customerId: number; ip: string | null; card?: string | null },
    at: Date,
  ): Promise<RiskSignals> {
    const account = await findAccount(tx, input.customerId);
    if (!account) throw new AppError('NOT_FOUND', 'Unknown customer');
    const ip = counted(input.ip) ? input.ip : null;
    const velocity = await createRiskRepository(tx).velocity({
      customerId: input.customerId,
      ip,
      card: input.card ?? null,
      hourAgo: new Date(at.getTime() - HOUR_MS),
      dayAgo: new Date(at.getTime() - DAY_MS),
    });
    const record = await purchaseRecordOf(tx, input.customerId);
    const resold = await mostResold(tx, at);
    const domain = account.email.split('@')[1] ?? '';
    return {
      accountAgeHours: (at.getTime() - account.createdAt.getTime()) / HOUR_MS,
      emailVerified: account.emailVerified,
      disposableEmail: domain !== '' && isDisposable(domain),
      ...velocity,
      basketCents: input.basketCents,
      paidOrders: record.paidOrders,
      largestPaidCents: record.largestPaidCents,
      onlyMostResold: input.gameIds.length > 0 && input.gameIds.every((id) => resold.includes(id)),
      cardCountry: null,
      accountCountry: account.countryId ? (findCountry(account.countryId)?.code ?? null) : null,
      providerRisk: null,
      threeDSecurePassed: false,
      giftToThirdParty:
        !!input.giftRecipient && input.giftRecipient.trim().toLowerCase() !== account.email.toLowerCase(),
    };
  }

  /** The velocity caps: too many checkouts or failed payments answer 429, whatever the score. */
  function enforceCaps(signals: RiskSignals): void {
    const over = (count: number | null, cap: number) => cap > 0 && count !== null && count >= cap;
    const tooMany =
      over(signals.accountCheckoutsHour, settings.checkoutsPerAccountHour) ||
      over(signals.accountCheckoutsDay, settings.checkoutsPerAccountDay) ||
      over(signals.addressCheckoutsHour, settings.checkoutsPerAddressHour) ||
      over(signals.accountFailuresDay, settings.failedPaymentsPerAccountDay) ||
      over(signals.addressFailuresDay, settings.failedPaymentsPerAddressDay);
    if (tooMany)
      throw new AppError('TOO_MANY_ORDERS', 'Too many checkouts or failed payments; try again later', {
        headers: { 'retry-after': '3600' },
      });
  }

  return {
    /**
     * Scores a checkout before anything is reserved or charged. Over a velocity cap: 429. High: the
     * attempt is recorded and refused (403, with the support contact). Otherwise the caller records the
     * screening with its order (`recordCheckout`).
     */
    async screenCheckout(
      input: GiftedBasket & { customerId: number; ip: string | null },
    ): Promise<CheckoutScreening> {
      const at = now();
      const signals = await baseSignals(db, input, at);
      enforceCaps(signals);
      const score = scoreRisk(signals, weights, thresholds);
      const screening = { ...score, signals, ip: input.ip, threeDSecure: score.tier === 'medium' };
      if (score.tier === 'high') {
        await createRiskRepository(db).insertAssessment(rowOf(null, input.customerId, 'checkout', screening));
        throw new AppError('CHECKOUT_REFUSED', 'This order cannot be accepted online', {
          values: { support: deps.supportUrl },
        });
      }
      return screening;
    },

    /** Records the screening of a checkout with its order (in the order's transaction). */
    async recordCheckout(
      tx: Executor,
      orderId: number,
      customerId: number,
      screening: CheckoutScreening,
    ): Promise<void> {
      await createRiskRepository(tx).insertAssessment(rowOf(orderId, customerId, 'checkout', screening));
    },

    /**
     * Scores an order again when its payment is confirmed, with what the provider reports of the card,
     * and records it. The caller holds the order for review when the tier is not low.
     */
    async assessPayment(
      tx: Executor,
      order: { id: number; customerId: number; amountTotalCents: number; gameIds: number[] } & Pick<
        GiftedBasket,
        'giftRecipient'
      >,
      payment: PaymentRiskDetails | null,
    ): Promise<RiskScore> {
      const at = now();
      const repo = createRiskRepository(tx);
      const checkout = (await repo.assessmentsOf(order.id)).find((row) => row.stage === 'checkout');
      const ip = checkout?.ip ?? null;
      const card = payment?.cardFingerprint ?? null;
      const signals = await baseSignals(
        tx,
        {
          customerId: order.customerId,
          ip,
          card,
          basketCents: order.amountTotalCents,
          gameIds: order.gameIds,
          giftRecipient: order.giftRecipient,
        },
        at,
      );
      // This order's own checkout is not a previous one.
      signals.accountCheckoutsHour = Math.max(0, signals.accountCheckoutsHour - 1);
      signals.accountCheckoutsDay = Math.max(0, signals.accountCheckoutsDay - 1);
      if (signals.addressCheckoutsHour !== null)
        signals.addressCheckoutsHour = Math.max(0, signals.addressCheckoutsHour - 1);
      if (signals.addressCheckoutsDay !== null)
        signals.addressCheckoutsDay = Math.max(0, signals.addressCheckoutsDay - 1);
      // The card paying now counts among the account's cards even before its assessment is written.
      if (signals.accountCardsDay !== null) signals.accountCardsDay += 1;
      signals.cardCountry = payment?.cardCountry ?? null;
      signals.providerRisk = payment?.providerRisk ?? null;
      signals.threeDSecurePassed = payment?.threeDSecurePassed ?? false;
      const score = scoreRisk(signals, weights, thresholds);
      await repo.insertAssessment({
        ...rowOf(order.id, order.customerId, 'payment', { ...score, signals, ip, threeDSecure: false }),
        cardFingerprint: card,
        threeDSecureRequested: checkout?.threeDSecureRequested ?? false,
      });
      return score;
    },

    /** A payment the provider refused or that failed later: counted by the velocity caps and the score. */
    async recordFailure(
      tx: Executor,
      failure: { orderId: number; customerId: number; cardFingerprint: string | null; reason: string },
    ): Promise<void> {
      const repo = createRiskRepository(tx);
      const checkout = (await repo.assessmentsOf(failure.orderId)).find((row) => row.stage === 'checkout');
      await repo.insertFailure({ ...failure, ip: checkout?.ip ?? null, at: now() });
    },

    /** An order's assessments, oldest first. */
    /** The newest assessment of each of the orders (the review queue), in one query. */
    latestAssessmentsOf(orderIds: readonly number[]): Promise<Map<number, RiskAssessmentRow>> {
      return createRiskRepository(db).latestAssessmentsOf(orderIds);
    },

    async assessmentsOf(orderId: number): Promise<RiskAssessmentRow[]> {
      return createRiskRepository(db).assessmentsOf(orderId);
    },
  };
}

function rowOf(
  orderId: number | null,
  customerId: number,
  stage: 'checkout' | 'payment',
  screening: CheckoutScreening,
) {
  return {
    orderId,
    customerId,
    stage,
    score: screening.score,
    tier: screening.tier,
    signals: screening.signals,
    reasons: screening.reasons satisfies RiskReason[],
    ip: screening.ip,
    threeDSecureRequested: screening.threeDSecure,
  };
}

export type RiskService = ReturnType<typeof createRiskService>;
