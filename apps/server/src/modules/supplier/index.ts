/** The supplier module's public face: what other modules may use. Everything else in the folder is private. */

export { supplierPurchaseOfLineSql } from './supplier-orders.repository.ts';
export type { SupplierPurchases } from './supplier-purchases.service.ts';
