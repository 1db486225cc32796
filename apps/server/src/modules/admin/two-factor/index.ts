/** The admin/security module's public face: what other modules may use. Everything else in the folder is private. */

export type { TotpService } from './totp.service.ts';
export { twoFactorRoutes } from './two-factor.routes.ts';
