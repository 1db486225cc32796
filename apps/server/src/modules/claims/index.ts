import type { Executor } from '../../db/client.ts';
import { createClaimsRepository } from './claims.repository.ts';

/** The claims module's public face: key claims and their queue. Everything else in the folder is private. */
export type { ClaimsDeps } from './claims.deps.ts';
export { claimsAdminRoutes, claimsRoutes } from './claims.routes.ts';

import { claimView } from './claims.service.ts';

export { type ClaimsService, createClaimsService } from './claims.service.ts';

/** What refunded key claims gave back on an order, in cents (a later full refund gives back only the rest). */
export const claimRefundedCents = (db: Executor, orderId: number) =>
  createClaimsRepository(db).refundedCents(orderId);

/** The customer's claims, for the data export. */
export const claimsOfCustomer = async (db: Executor, customerId: number) =>
  (await createClaimsRepository(db).ofCustomer(customerId)).map(claimView);

/** Erasure: the customer's notes and screenshots go; what each claim decided stays with its order. */
export const eraseClaimEvidenceOf = (db: Executor, customerId: number) =>
  createClaimsRepository(db).eraseEvidence(customerId);
