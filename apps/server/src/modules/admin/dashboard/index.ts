/** The admin/dashboard module's public face: what other modules may use. Everything else in the folder is private. */
export { dashboardRoutes } from './dashboard.routes.ts';
export { type AttentionCounts, createDashboardService } from './dashboard.service.ts';
