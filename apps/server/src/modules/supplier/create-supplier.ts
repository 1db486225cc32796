import type { Config } from '../../config/env.ts';
import { createCodesWholesaleSupplier } from './codeswholesale.adapter.ts';
import { createEmbeddedSupplier } from './embedded.adapter.ts';
import type { KeySupplier } from './supplier.port.ts';

/** The key supplier chosen by KEY_SUPPLIER. */
export function createKeySupplier(config: Config): KeySupplier {
  if (config.keySupplier === 'codeswholesale' && config.codesWholesale) {
    return createCodesWholesaleSupplier(config.codesWholesale);
  }
  return createEmbeddedSupplier();
}
