/** The admin module's public face: what other modules may use. Everything else in the folder is private. */
export {
  type Actor,
  actorOf,
  adminAccessErrors,
  adminConflictErrors,
  adminErrors,
  adminInputErrors,
  adminRoutesOnly,
} from './admin-actor.ts';
export type { BackOfficeDeps } from './back-office-deps.ts';
