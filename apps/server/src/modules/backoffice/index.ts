/** The backoffice module's public face: what other modules may use. Everything else in the folder is private. */
export type { BackOffice } from './backoffice.port.ts';
