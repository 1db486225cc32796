import type { Database } from '../../../db/client.ts';
import { AppError, notFound } from '../../../lib/app-error.ts';
import type { Actor } from '../admin-context.ts';
import { createAuditRepository } from '../audit/audit.repository.ts';
import { createAdminCustomersRepository } from './customers.repository.ts';

export function createAdminCustomersService(db: Database) {
  const repository = createAdminCustomersRepository(db);

  async function setSuspended(actor: Actor, id: number, suspended: boolean) {
    if (suspended && id === actor.adminId)
      throw new AppError('CANNOT_SUSPEND_SELF', 'An admin cannot suspend their own account');
    return db.transaction(async (tx) => {
      const repo = createAdminCustomersRepository(tx);
      const before = await repo.lock(id);
      if (!before) throw notFound('Unknown customer');
      await repo.setSuspended(id, suspended);
      // A suspended account's sessions end at once (the session check refuses them too).
      const sessionsEnded = suspended ? await repo.endSessions(id) : 0;
      await createAuditRepository(tx).record(actor, {
        action: suspended ? 'customer.suspend' : 'customer.reactivate',
        targetType: 'customer',
        targetId: id,
        before: { suspended: before.suspended },
        after: { suspended, sessionsEnded },
      });
      return { id, suspended, sessionsEnded };
    });
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
