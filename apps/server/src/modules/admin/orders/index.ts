/** The admin/orders module's public face: what other modules may use. Everything else in the folder is private. */
export { ordersRoutes } from './orders.routes.ts';
export { createAdminOrdersService } from './orders.service.ts';
export { reviewRoutes } from './review.routes.ts';
export { createReviewService, type ReviewService } from './review.service.ts';
