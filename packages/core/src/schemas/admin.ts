/**
 * The admin back office API (`/api/admin/*`, admins only), one file per room; this module gathers them so
 * that `@keyland/core/schemas/admin` offers all of them. Money on the wire is in euros with at most two
 * decimals; inside the server it is integer cents.
 */
export * from './admin-audit.ts';
export * from './admin-common.ts';
export * from './admin-customers.ts';
export * from './admin-dashboard.ts';
export * from './admin-keys.ts';
export * from './admin-orders.ts';
export * from './admin-preorders.ts';
export * from './admin-products.ts';
