import type { BackOffice } from './backoffice.port.ts';

/**
 * The store's own database is the back office: the accounts service checks and writes its customers
 * table itself, so there is nothing more to look up or create here.
 */
export function createEmbeddedBackOffice(): BackOffice {
  return {
    kind: 'embedded',
    partnerExists: async () => false,
    createPartner: async () => null,
  };
}
