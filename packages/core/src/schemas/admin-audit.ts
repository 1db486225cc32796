import { z } from 'zod';
import { adminPageSchema, adminPagingQuerySchema } from './admin-common.ts';

/** The admin's audit trail (`/api/admin/audit`). */

export const auditEntrySchema = z
  .object({
    id: z.number().int(),
    /** `admin` for an admin's action, `payment_provider` for the store acting on the provider's events. */
    actor: z.enum(['admin', 'payment_provider', 'system']),
    adminId: z.number().int().nullable(),
    adminEmail: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    before: z.record(z.string(), z.unknown()).nullable(),
    after: z.record(z.string(), z.unknown()).nullable(),
    at: z.string(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AdminAuditEntry' });

export const auditQuerySchema = adminPagingQuerySchema.extend({
  action: z.string().trim().max(60).optional(),
});

export const auditPageSchema = adminPageSchema(auditEntrySchema, 'AdminAuditPage');

export type AuditEntry = z.infer<typeof auditEntrySchema>;
