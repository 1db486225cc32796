import type { KeyAccessAction } from '@keyland/core/schemas/orders';
import { api } from '#src/lib/api-client.ts';

/**
 * Tells the server that a key of the history was shown or copied (its access log, the evidence should the
 * payment be disputed). Nothing waits for it: a failure changes nothing for the customer and is only logged.
 */
export function recordKeyAccess(keyId: number, action: KeyAccessAction): void {
  api.post('/api/kl_api/record_key_access', { keyId, action }).catch((error: unknown) => {
    console.warn('key access not recorded', error);
  });
}
