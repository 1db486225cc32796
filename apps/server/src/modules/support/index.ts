/** The support module's public face: the contact form, the tickets and their routes. */
export { supportAdminRoutes, supportRoutes } from './support.routes.ts';
/** The customer's tickets with their messages, for the data export. */
export {
  createSupportService,
  eraseTicketsOf,
  type SupportService,
  ticketsOfCustomer,
} from './support.service.ts';
