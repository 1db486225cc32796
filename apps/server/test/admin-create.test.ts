import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { verifyPassword } from '../src/lib/password.ts';
import { createAccountsRepository } from '../src/modules/accounts/accounts.repository.ts';
import { AdminInputError, createAdmin } from '../src/modules/accounts/admin-create-cli.ts';
import { insertCustomer } from './factories.ts';
import { createTestDb } from './helpers/test-db.ts';

let dbHandle: DbHandle;

beforeAll(async () => {
  dbHandle = await createTestDb();
});

afterAll(async () => {
  await dbHandle.close();
});

describe('createAdmin', () => {
  it('creates an admin with a normalised e-mail and a hashed password', async () => {
    const password = 'a-long-admin-password';
    const result = await createAdmin({ db: dbHandle.db }, { email: '  Boss@Keyland.TEST ', password });
    expect(result).toMatchObject({ action: 'created', email: 'boss@keyland.test' });

    const row = await createAccountsRepository(dbHandle.db).findByEmail('boss@keyland.test');
    expect(row).toMatchObject({
      id: result.id,
      role: 'admin',
      fullName: 'Administrator',
      countryId: 64,
      emailVerified: true,
    });
    expect(row?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row?.passwordHash).not.toContain(password);
    expect(await verifyPassword(row?.passwordHash ?? '', password)).toBe(true);
  });

  it('uses the given name', async () => {
    const result = await createAdmin(
      { db: dbHandle.db },
      { email: 'named@keyland.test', password: 'another-long-password', name: '  Mari Tamm ' },
    );
    const row = await createAccountsRepository(dbHandle.db).findById(result.id);
    expect(row?.fullName).toBe('Mari Tamm');
  });

  it('promotes an existing customer and replaces the password', async () => {
    const { customer, password: oldPassword } = await insertCustomer(dbHandle.db, {
      email: 'shopper@keyland.test',
      fullName: 'Shopper',
    });
    expect(customer.role).toBe('user');

    const password = 'the-new-admin-password';
    const result = await createAdmin(
      { db: dbHandle.db },
      { email: 'SHOPPER@keyland.test', password, name: 'Ignored' },
    );
    expect(result).toEqual({ action: 'promoted', id: customer.id, email: 'shopper@keyland.test' });

    const row = await createAccountsRepository(dbHandle.db).findById(customer.id);
    expect(row).toMatchObject({ role: 'admin', fullName: 'Shopper' });
    expect(await verifyPassword(row?.passwordHash ?? '', password)).toBe(true);
    expect(await verifyPassword(row?.passwordHash ?? '', oldPassword)).toBe(false);
  });

  it.each([
    [{ email: 'not-an-email', password: 'long-enough-password' }, /e-mail/],
    [{ email: 'short@keyland.test', password: 'too-short' }, /at least 12/],
    [{ email: 'long@keyland.test', password: 'x'.repeat(129) }, /at most 128/],
    [{ email: 'common@keyland.test', password: 'qwerty123456' }, /too common/],
  ])('refuses bad input %#', async (input, message) => {
    await expect(createAdmin({ db: dbHandle.db }, input)).rejects.toThrow(AdminInputError);
    await expect(createAdmin({ db: dbHandle.db }, input)).rejects.toThrow(message);
    expect(await createAccountsRepository(dbHandle.db).findByEmail(input.email)).toBeUndefined();
  });
});
