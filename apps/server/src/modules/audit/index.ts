import type { Executor } from '../../db/client.ts';
import { createAuditRepository } from './audit.repository.ts';

/** The audit module's public face: the append-only trail of admin and provider actions, and its pages. */
export type { AuditRecord } from './audit.repository.ts';
export { auditRoutes } from './audit.routes.ts';

/** Records in the audit trail within the caller's transaction (the change and its entry commit together). */
export const auditTrail = (db: Executor) => createAuditRepository(db);
