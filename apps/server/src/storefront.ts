import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config/env.ts';
import { catalogueChanged } from './lib/catalogue-changed.ts';
import { loadWebManifest } from './lib/web-manifest.ts';
import type { SessionService } from './modules/accounts/session.service.ts';
import type { CatalogueService } from './modules/catalogue/catalogue.service.ts';
import { createPageAnswers, type PageAnswer } from './modules/catalogue/page-answers.ts';
import { createPageCache } from './modules/catalogue/page-cache.ts';
import { loadPageRenderer } from './modules/catalogue/page-renderer.ts';
import { createPageHeads } from './modules/catalogue/product-page.ts';
import { createShopPages } from './modules/catalogue/shop-pages.ts';
import { createSharingHeads, createSitemap, seoRoutes } from './modules/seo/index.ts';
import { registerWebApp } from './plugins/web-app.ts';

/** Finished pages kept at most (a page is kept brotli-compressed: some 10 KB). */
const KEPT_PAGES = 200;

/**
 * What a browser or a crawler reads first: robots.txt and the sitemap of the visible catalogue, then the
 * built web app with each shop page rendered by the server (docs/decisions/034) with its own head (first
 * data, code preloads, link-preview tags). Without the web build's server bundle the pages are rendered
 * in the browser, as before; without a web build the server answers only its API.
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

  const webDistDir = config.webDistDir;
  const indexFile = webDistDir ? path.join(webDistDir, 'index.html') : undefined;
  if (!webDistDir || !indexFile || !existsSync(indexFile)) {
    registerWebApp(app, webDistDir, { sessions, pages: undefined });
    return;
  }
  const cache = createPageCache<PageAnswer | undefined>({
    ttlMs: config.catalogueCacheTtlMs,
    signal: catalogueChanged,
    maxEntries: KEPT_PAGES,
  });
  app.addHook('onClose', async () => cache.close());
  registerWebApp(app, webDistDir, {
    sessions,
    pages: createPageAnswers({
      indexHtml: readFileSync(indexFile, 'utf8'),
      shopPages: createShopPages({
        catalogue,
        manifest: loadWebManifest(webDistDir),
        productHead: createPageHeads(catalogue, config.publicUrl),
        supportContact: { email: config.support.supportEmail ?? null },
        log: app.log,
      }),
      // Loaded beside the start, not before it: the first page waits for it, /readyz does not.
      renderer: loadPageRenderer(webDistDir, app.log),
      sharingHeads: createSharingHeads(config.publicUrl),
      cache,
      log: app.log,
    }),
  });
}
