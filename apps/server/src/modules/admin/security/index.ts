/** The admin/security module's public face: what other modules may use. Everything else in the folder is private. */
export { securityRoutes } from './security.routes.ts';
export type { TotpService } from './totp.service.ts';
