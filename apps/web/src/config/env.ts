/**
 * The web app's only configuration: optional VITE_* values set at build time. Company identifiers are
 * kept out of the code so each deployment publishes its own (legal notice). The support address is not
 * one of them: the pages read it from the server at run time (`GET /api/support/contact`).
 */
function optional(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export const env = {
  companyRegistryCode: optional(import.meta.env.VITE_COMPANY_REGISTRY_CODE),
  companyVatNumber: optional(import.meta.env.VITE_COMPANY_VAT_NUMBER),
  companyAddress: optional(import.meta.env.VITE_COMPANY_ADDRESS),
} as const;
