/**
 * The coupons module's public face (docs/decisions/032-price-ledger-and-promotions.md): the rule that
 * checks a code against a cart, and the lock and record of a use at checkout. Everything else in the
 * folder is private.
 */
export {
  type CouponLine,
  type CouponOutcome,
  claimCouponUse,
  couponByCode,
  couponForCheckout,
  couponOfCode,
  evaluateCoupon,
} from './coupon-rules.ts';
export { couponsAdminRoutes } from './coupons.routes.ts';
export { type CouponsService, createCouponsService } from './coupons.service.ts';
