import type { FastifyBaseLogger } from 'fastify';
import type { SupportSettings } from '../../config/support-settings.ts';
import type { Database } from '../../db/client.ts';
import type { KeyVault } from '../../lib/key-vault.ts';
import type { RateLimiter } from '../accounts/index.ts';
import type { MailDispatcher, MailOutbox } from '../mail/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { SupplierPurchases } from '../supplier/index.ts';

export interface ClaimsDeps {
  db: Database;
  keyVault: KeyVault;
  provider: PaymentProvider;
  mailOutbox: MailOutbox;
  mailDispatcher: MailDispatcher;
  publicUrl: string;
  log: FastifyBaseLogger;
  settings: SupportSettings;
  limiter?: RateLimiter;
  /** Replacements bought from the key supplier (the admin's "replace from the supplier"). */
  supplierPurchases?: Pick<SupplierPurchases, 'buyReplacement' | 'sells'>;
  now?: () => Date;
}
