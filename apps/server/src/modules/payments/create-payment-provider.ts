import type { Config } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import { readOrCreateSecret } from '../../lib/key-vault.ts';
import { createLocalProvider } from './local.provider.ts';
import { createLocalDisputeRepository } from './local-dispute.repository.ts';
import { createLocalPaymentRepository } from './local-payment.repository.ts';
import type { PaymentProvider } from './payment.port.ts';
import { createStripeProvider } from './stripe.provider.ts';

export interface PaymentSetup {
  provider: PaymentProvider;
  /** Set for the local provider: its hosted page needs the signing secret. */
  localWebhookSecret?: string;
}

export function createPaymentProvider(config: Config, db: Database): PaymentSetup {
  if (config.paymentProvider === 'stripe') {
    if (!config.stripe)
      throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
    return { provider: createStripeProvider(config.stripe) };
  }
  const secret =
    config.localPaymentWebhookSecret ?? readOrCreateSecret(config.dataDir, 'local-payment-webhook.secret');
  return {
    provider: createLocalProvider({
      repository: createLocalPaymentRepository(db),
      disputes: createLocalDisputeRepository(db),
      publicUrl: config.publicUrl,
      webhookSecret: secret,
    }),
    localWebhookSecret: secret,
  };
}
