/**
 * The walls between Keyland's rooms (decision 024). Run with `npm run lint:deps`; CI runs it.
 *
 * Server: a module (a folder of apps/server/src/modules, or of modules/admin) is entered from another
 * module only through its public face, its `index.ts`; repositories and other files stay private.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-module-public-face',
      comment:
        'Another server module is used through its index.ts only: its repositories and internal files are private to it.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/(admin/[^/]+|[^/]+)/' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/(admin/[^/]+|[^/]+)/index[.]ts$'],
      },
    },

    // ── Web (apps/web/src) ───────────────────────────────────────────────────────────────────────────
    // Dependencies flow one way: shared code (components, hooks, lib, utils, config, testing) → features
    // → app (router, layout, routes). A feature never imports another feature: a route or the layout
    // composes them, and data two features need lives in lib/ (session, query keys). See docs/web.md.
    {
      name: 'web-feature-walls',
      comment:
        'A web feature does not import another feature: compose them in app/ (routes, layout) or move what both need to components/, hooks/, lib/ or utils/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-below-app',
      comment: 'Features are composed by app/ (routes, layout) and never import it.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-below-features',
      comment:
        'Shared web code (components, hooks, lib, utils, config, testing) serves every feature and knows none of them, nor app/.',
      severity: 'error',
      from: {
        path: '^apps/web/src/(components|hooks|lib|utils|config|testing)/',
        pathNot: '[.]test[.]tsx?$',
      },
      to: { path: '^apps/web/src/(features|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|data)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js'] },
  },
};
