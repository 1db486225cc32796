import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { KeyVault } from '../../lib/key-vault.ts';
import type { MailDispatcher, MailOutbox } from '../mail/index.ts';
import type { PaymentProvider } from '../payments/index.ts';

/**
 * What the back office's services that act on paid orders are built from (the admin's orders, key
 * claims): the database, the key vault (key codes are stored encrypted), the payment provider (refunds),
 * the mail outbox and its dispatcher (the customer is told), the store's address for the links in mails,
 * and the log.
 */
export interface BackOfficeDeps {
  db: Database;
  keyVault: KeyVault;
  provider: PaymentProvider;
  mailOutbox: MailOutbox;
  mailDispatcher: MailDispatcher;
  publicUrl: string;
  log: FastifyBaseLogger;
}
