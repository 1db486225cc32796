/** The admin/products module's public face: what other modules may use. Everything else in the folder is private. */
export { coverUploadRoutes } from './cover.routes.ts';
export { createCoverService } from './cover.service.ts';
export { productsRoutes } from './products.routes.ts';
export { createProductsService, findProduct } from './products.service.ts';
