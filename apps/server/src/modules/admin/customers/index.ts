/** The admin/customers module's public face: what other modules may use. Everything else in the folder is private. */
export { customersRoutes } from './customers.routes.ts';
export { createAdminCustomersService } from './customers.service.ts';
