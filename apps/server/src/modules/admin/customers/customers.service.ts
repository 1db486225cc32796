import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { SessionStores } from '../../accounts/index.ts';
import { databaseSessionStores } from '../../accounts/index.ts';
import { auditTrail } from '../../audit/index.ts';
import type { Actor } from '../index.ts';
import { createAdminCustomersRepository } from './customers.repository.ts';

export interface AdminCustomersDeps {
  /** Ends a customer's open checkouts (their reserved keys go back on sale, the provider session expires). */
  cancelOpenCheckouts?: (customerId: number) => Promise<void>;
  log?: FastifyBaseLogger;
  /** Where sessions live (the database by default). */
  sessionStores?: SessionStores;
}

export function createAdminCustomersService(db: Database, deps: AdminCustomersDeps = {}) {
  const repository = createAdminCustomersRepository(db);
  const sessionStores = deps.sessionStores ?? databaseSessionStores;

  async function setSuspended(actor: Actor, id: number, suspended: boolean) {
    if (suspended && id === actor.adminId)
      throw new AppError('CANNOT_SUSPEND_SELF', 'An admin cannot suspend their own account');
    const result = await db.transaction(async (tx) => {
      const repo = createAdminCustomersRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw notFound('Unknown customer');
      await repo.setSuspended(id, suspended);
      // A suspended account's sessions end at once (the session check refuses them too).
      const sessionsEnded = suspended ? await sessionStores.on(tx).deleteSessionsOf(id) : 0;
      await auditTrail(tx).record(actor, {
        action: suspended ? 'customer.suspend' : 'customer.reactivate',
        targetType: 'customer',
        targetId: id,
        before: { suspended: before.suspended },
        after: { suspended, sessionsEnded },
      });
      return { id, suspended, sessionsEnded };
    });
    // A suspended customer cannot pay: their open checkouts end too, after the suspension is committed.
    if (suspended && deps.cancelOpenCheckouts) {
      await deps.cancelOpenCheckouts(id).catch((error: unknown) => {
        deps.log?.error({ customerId: id, err: (error as Error).message }, 'open checkouts not cancelled');
      });
    }
    return result;
  }

  return {
    async list(options: { q?: string | undefined; offset: number; limit: number }) {
      const { rows, total } = await repository.page(options);
      return {
        total,
        items: rows.map(({ customer, paidOrders }) => ({
          id: customer.id,
          email: customer.email,
          fullName: customer.fullName,
          role: customer.role,
          countryId: customer.countryId,
          lang: customer.lang,
          emailVerified: customer.emailVerified,
          suspended: customer.suspended,
          paidOrders: Number(paidOrders),
          createdAt: customer.createdAt.toISOString(),
        })),
      };
    },
    suspend: (actor: Actor, id: number) => setSuspended(actor, id, true),
    reactivate: (actor: Actor, id: number) => setSuspended(actor, id, false),
  };
}

export type AdminCustomersService = ReturnType<typeof createAdminCustomersService>;
