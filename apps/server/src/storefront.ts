import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import { catalogueChanged } from './lib/catalogue-changed.ts';
import { loadWebManifest, parseWebManifest } from './lib/web-manifest.ts';
import type { SessionService } from './modules/accounts/session.service.ts';
import type { CatalogueService } from './modules/catalogue/catalogue.service.ts';
import { createPageHeads } from './modules/catalogue/product-page.ts';
import { createShopPages } from './modules/catalogue/shop-pages.ts';
import { createSharingHeads, createSitemap, seoRoutes } from './modules/seo/index.ts';
import { registerWebApp } from './plugins/web-app.ts';

/**
 * What a browser or a crawler reads first: robots.txt and the sitemap of the visible catalogue, then the
 * built web app with each shop page's own head (first data, code preloads, link-preview tags).
 */
export async function registerStorefront(
  app: FastifyInstance,
  config: Config,
  parts: { catalogue: CatalogueService; sessions: SessionService },
): Promise<void> {
  const { catalogue, sessions } = parts;
  const sitemap = createSitemap({
    publicUrl: config.publicUrl,
    games: () => catalogue.listedGames(),
    signal: catalogueChanged,
  });
  app.addHook('onClose', async () => sitemap.close());
  await app.register(seoRoutes, { publicUrl: config.publicUrl, sitemap });

  registerWebApp(app, config.webDistDir, {
    sessions,
    shopPages: createShopPages({
      catalogue,
      manifest: config.webDistDir ? loadWebManifest(config.webDistDir) : parseWebManifest({}),
      productHead: createPageHeads(catalogue, config.publicUrl),
      log: app.log,
    }),
    sharingHeads: createSharingHeads(config.publicUrl),
  });
}
