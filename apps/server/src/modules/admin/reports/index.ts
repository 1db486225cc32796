/** The admin/reports module's public face: what other modules may use. Everything else in the folder is private. */
export { createOssReportService } from './oss-report.service.ts';
export { reportsRoutes } from './reports.routes.ts';
