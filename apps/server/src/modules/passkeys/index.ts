import type { Executor } from '../../db/client.ts';
import { createPasskeysRepository } from './passkeys.repository.ts';

/** The passkeys module's public face: what other modules may use. Everything else in the folder is private. */
export { createPasskeyLoginService, type PasskeyLoginService } from './passkey-login.service.ts';
export { passkeyLoginRoutes, passkeysRoutes } from './passkeys.routes.ts';
export { createPasskeysService, type PasskeysService } from './passkeys.service.ts';

/** A customer's passkeys for the data export: names and dates only, no key material. */
export async function passkeysOfCustomer(db: Executor, customerId: number) {
  const rows = await createPasskeysRepository(db).ofCustomer(customerId);
  return rows.map((row) => ({
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    backedUp: row.backedUp,
  }));
}

/** Deletes every passkey of an erased customer (and their pending challenges), in the caller's transaction. */
export const erasePasskeysOf = (tx: Executor, customerId: number) =>
  createPasskeysRepository(tx).removeAllOf(customerId);
