import type { Coupon } from '@keyland/core/schemas/coupons';
import type { Promotion } from '@keyland/core/schemas/promotions';

/**
 * A coupon and a promotion as the admin API answers them, for the back office's tests: each test spreads
 * one and overrides what it looks at. The times are UTC instants; Tallinn is UTC+2 in winter, UTC+3 in
 * summer (until 25 October 2026).
 */

/** A batch of 250 single-use codes of €5 off, planned from 1 December 10:00 to 24 December 23:59 in Tallinn. */
export const plannedBatch: Coupon = {
  id: 4,
  name: 'Newsletter December',
  code: null,
  codes: 250,
  kind: 'amount',
  percentOff: null,
  amount: 5,
  minBasket: 0,
  startsAt: '2026-12-01T08:00:00.000Z',
  endsAt: '2026-12-24T21:59:00.000Z',
  maxUses: null,
  perCustomer: 2,
  scope: 'all',
  platform: null,
  gameIds: [],
  status: 'scheduled',
  uses: 0,
  discountGiven: 0,
  revenue: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
};

/** 25 % off two games, planned from Saturday 24 October 12:00 to Sunday 25 October 18:00 in Tallinn. */
export const plannedSale: Promotion = {
  id: 4,
  name: 'Lumen weekend',
  kind: 'percent',
  percentOff: 25,
  fixedPrice: null,
  scope: 'games',
  platform: null,
  gameIds: [11, 12],
  gameTitles: ['Lumen Drift', 'Lumen Drift II'],
  // Across the end of summer time.
  startsAt: '2026-10-24T09:00:00.000Z',
  endsAt: '2026-10-25T16:00:00.000Z',
  endedEarlyAt: null,
  status: 'scheduled',
  gamesOnSale: 0,
  keysSold: 0,
  revenue: 0,
  createdAt: '2026-10-01T09:00:00.000Z',
};
