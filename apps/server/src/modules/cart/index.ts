/** The cart module's public face: what other modules may use. Everything else in the folder is private. */
export { dropLapsedCoupon, priceForCheckout } from './cart.answer.ts';
export { priceCart } from './cart.pricing.ts';
export { cartRoutes } from './cart.routes.ts';
export { cartLinesOf, createCartService, removeFromCart } from './cart.service.ts';
