import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import type { KeyVault } from './lib/key-vault.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { type AccountsDeps, createAccountsService } from './modules/accounts/accounts.service.ts';
import { createTotpService } from './modules/admin/two-factor/totp.service.ts';
import { loginTotpRoutes } from './modules/admin/two-factor/two-factor.routes.ts';
import {
  createPasskeyLoginService,
  createPasskeysService,
  passkeyLoginRoutes,
  passkeysRoutes,
} from './modules/passkeys/index.ts';

/**
 * Logging in and the accounts: registration and the password login, the admins' TOTP code step, and
 * passkeys (adding them in the profile, logging in with one). Answers the TOTP service, which the back
 * office's security page uses too.
 */
export async function registerAccounts(
  app: FastifyInstance,
  config: Config,
  deps: Omit<AccountsDeps, 'publicUrl' | 'now' | 'secondFactor'> & { keyVault: KeyVault },
) {
  const { db, sessions, limiter } = deps;
  const totp = createTotpService({ db, keyVault: deps.keyVault, sessions, limiter });
  await app.register(loginTotpRoutes, { totp });
  await app.register(accountsRoutes, {
    service: createAccountsService({ ...deps, publicUrl: config.publicUrl, secondFactor: totp }),
  });
  const publicUrl = config.publicUrl;
  await app.register(passkeysRoutes, { service: createPasskeysService({ db, publicUrl }) });
  await app.register(passkeyLoginRoutes, {
    login: createPasskeyLoginService({ db, sessions, limiter, publicUrl }),
  });
  return { totp };
}
