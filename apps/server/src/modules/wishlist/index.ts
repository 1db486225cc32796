/**
 * The wishlist module's public face: the customer's wishlist and its routes, the alerts round, and what
 * the privacy module exports and erases (docs/decisions/035-wishlist-and-alerts.md). Everything else in
 * the folder is private.
 */

export { wishlistRoutes } from './wishlist.routes.ts';
export {
  createWishlistService,
  eraseWishlistOf,
  type WishlistService,
  wishlistOfCustomer,
} from './wishlist.service.ts';
export {
  createWishlistAlerts,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  type WishlistAlerts,
} from './wishlist-alerts.service.ts';
