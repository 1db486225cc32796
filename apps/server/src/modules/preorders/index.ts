/**
 * The preorders module's public face (decision 038): whether a game sells as a pre-order and the day it
 * is delivered, claiming arriving and freed keys for waiting pre-orders (in the caller's transaction), the
 * confirmation mail of a paid pre-order, and the round that delivers them on their release day.
 * Everything else in the folder is private.
 */
export { enqueuePreorderConfirmedMail } from './preorder.mail.ts';
export { preorderReleaseOf, preorderReleaseSql, tallinnDay } from './preorder-rules.ts';
export { preordersAdminRoutes } from './preorders.routes.ts';
export {
  claimPreorderKeys,
  createPreordersService,
  type PreordersService,
  preorderKeysClaimed,
  releaseOrderKeys,
} from './preorders.service.ts';
