/** The seo module's public face: robots.txt, the sitemap, and the link-preview tags of the shop's pages. */

export { seoRoutes } from './seo.routes.ts';
export { createSitemap, type ListedGame, type Sitemap } from './seo.service.ts';
export { createSharingHeads, type SharingHeads } from './sharing-head.ts';
