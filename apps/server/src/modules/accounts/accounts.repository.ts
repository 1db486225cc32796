import { normaliseEmail } from '@keyland/core/schemas/accounts';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, type UserRole } from '../../db/schema/index.ts';

export { normaliseEmail };

export type Customer = typeof customers.$inferSelect;
export type NewCustomer = typeof customers.$inferInsert;

export interface ProfileUpdate {
  fullName: string;
  countryId: number;
  lang: string;
  bio: string;
}

/** Customer rows. Every e-mail is trimmed and lower-cased before it is stored or looked up. */
export function createAccountsRepository(db: Executor) {
  const update = async (id: number, values: Partial<NewCustomer>): Promise<Customer | undefined> => {
    const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
    return row;
  };

  return {
    async findByEmail(email: string): Promise<Customer | undefined> {
      const [row] = await db
        .select()
        .from(customers)
        .where(eq(customers.email, normaliseEmail(email)))
        .limit(1);
      return row;
    },

    async findById(id: number): Promise<Customer | undefined> {
      const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return row;
    },

    /** Inserts a customer; the caller passes an already hashed password. */
    async insertCustomer(values: NewCustomer): Promise<Customer> {
      const [row] = await db
        .insert(customers)
        .values({ ...values, email: normaliseEmail(values.email) })
        .returning();
      if (!row) throw new Error('The customer was not inserted');
      return row;
    },

    setRoleAndPassword(id: number, role: UserRole, passwordHash: string): Promise<Customer | undefined> {
      return update(id, { role, passwordHash });
    },

    setPassword(id: number, passwordHash: string): Promise<Customer | undefined> {
      return update(id, { passwordHash });
    },

    setEmailVerified(id: number, verified = true): Promise<Customer | undefined> {
      return update(id, { emailVerified: verified });
    },

    setBackofficePartnerId(id: number, partnerId: string): Promise<Customer | undefined> {
      return update(id, { backofficePartnerId: partnerId });
    },

    updateProfile(id: number, profile: ProfileUpdate): Promise<Customer | undefined> {
      return update(id, profile);
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
