import type { SupportSettings } from '../../config/support-settings.ts';
import type { RateLimiter } from '../accounts/index.ts';
import type { BackOfficeDeps } from '../admin/index.ts';
import type { SupplierPurchases } from '../supplier/index.ts';

export interface ClaimsDeps extends BackOfficeDeps {
  settings: SupportSettings;
  limiter?: RateLimiter;
  /** Replacements bought from the key supplier (the admin's "replace from the supplier"). */
  supplierPurchases?: Pick<SupplierPurchases, 'buyReplacement' | 'sells'>;
  now?: () => Date;
}
