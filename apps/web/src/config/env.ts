/**
 * The web app's only configuration: optional VITE_* values set at build time. Company identifiers are
 * kept out of the code so each deployment publishes its own (legal notice and contact page).
 */
function optional(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export const env = {
  companyRegistryCode: optional(import.meta.env.VITE_COMPANY_REGISTRY_CODE),
  companyVatNumber: optional(import.meta.env.VITE_COMPANY_VAT_NUMBER),
  companyAddress: optional(import.meta.env.VITE_COMPANY_ADDRESS),
  supportEmail: optional(import.meta.env.VITE_SUPPORT_EMAIL),
} as const;
