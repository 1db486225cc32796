import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const userRoles = ['user', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** A customer (the original system's partner record). E-mails are stored trimmed and lower-cased. */
export const customers = pgTable(
  'customers',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    email: text().notNull(),
    fullName: text().notNull(),
    phone: text(),
    countryId: integer(),
    customerRank: integer().notNull().default(1),
    passwordHash: text().notNull(),
    role: text({ enum: userRoles }).notNull().default('user'),
    emailVerified: boolean().notNull().default(false),
    lang: text().notNull().default('en'),
    bio: text().notNull().default(''),
    suspended: boolean().notNull().default(false),
    /** Id of the partner record in the back-office system, when one is used. */
    backofficePartnerId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('customers_email_idx').on(t.email),
    check('customers_role_valid', sql`${t.role} in ('user', 'admin')`),
    check('customers_email_normalised', sql`${t.email} = lower(btrim(${t.email}))`),
  ],
);
