/** The admin/keys module's public face: what other modules may use. Everything else in the folder is private. */
export { keysRoutes } from './keys.routes.ts';
export { createKeysService } from './keys.service.ts';
