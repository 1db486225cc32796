import { z } from 'zod';
import { adminPageSchema, adminPagingQuerySchema, adminSearchText } from './admin-common.ts';

/** The admin's customers (`/api/admin/customers`): the list, suspending and reactivating. */

export const customersQuerySchema = adminPagingQuerySchema.extend({ q: adminSearchText });

export const adminCustomerSchema = z
  .object({
    id: z.number().int(),
    email: z.string(),
    fullName: z.string(),
    role: z.enum(['user', 'admin']),
    countryId: z.number().int().nullable(),
    lang: z.string(),
    emailVerified: z.boolean(),
    suspended: z.boolean(),
    paidOrders: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminCustomer' });

export const customersPageSchema = adminPageSchema(adminCustomerSchema, 'AdminCustomersPage');

export const suspendResultSchema = z
  .object({ id: z.number().int(), suspended: z.boolean(), sessionsEnded: z.number().int() })
  .meta({ id: 'AdminSuspendResult' });
