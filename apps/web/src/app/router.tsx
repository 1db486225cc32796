import { adminPagePaths } from '@keyland/core/pages';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunction,
  matchRoutes,
  type RouteObject,
} from 'react-router';
import { paths } from '#src/config/paths.ts';
import { RequireAdmin, RequireSession } from '#src/features/auth/components/require-session.tsx';
import { verifyEmailPath } from '#src/features/auth/paths.ts';
import { loadOfficeTexts, loadShopPart } from '#src/lib/i18n.ts';
import { AppLayout } from './layout.tsx';
import { RootErrorBoundary, RouteErrorBoundary } from './routes/route-error.tsx';

/** What a route module exports: its page, and optionally a loader that starts its data calls early. */
export interface RouteModule {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
}

/**
 * The loader of a page rendered by the server (src/entry-server.tsx): its first data is already in the
 * query cache, written there from the data the server inlines, so the loader only marks the route as
 * loaded. Its `null` goes into the hydration data, so the browser does not run its own loader again.
 */
const loadedByServer: LoaderFunction = () => null;

/**
 * The app's routes. With a query client they are the browser's; without one they are the server's, whose
 * loaders fetch nothing (see loadedByServer).
 */
export function createRoutes(queryClient: QueryClient | undefined): RouteObject[] {
  /**
   * Each page is its own chunk, fetched when the route is first visited, with the shopper's texts beyond
   * the first page's (src/lib/i18n.ts) unless it is a catalogue page (`texts: 'first'`), whose texts came
   * with the app. A loader only warms the query cache when the route is entered; changes of the address's
   * query (filters, page) are the screen's own business, so they do not run it again.
   */
  const page = (
    load: () => Promise<RouteModule>,
    { texts }: { texts: 'first' | 'shop' } = { texts: 'shop' },
  ): Pick<RouteObject, 'lazy'> => ({
    lazy: async () => {
      const [module] = await Promise.all([
        load(),
        queryClient && texts === 'shop' ? loadShopPart() : undefined,
      ]);
      return {
        Component: module.default,
        ...(module.clientLoader
          ? {
              loader: queryClient ? module.clientLoader(queryClient) : loadedByServer,
              shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
            }
          : {}),
      };
    },
  });

  const publicStore = page(() => import('./routes/public-store.tsx'), { texts: 'first' });

  return [
    {
      path: '/',
      Component: AppLayout,
      ErrorBoundary: RootErrorBoundary,
      children: [
        {
          ErrorBoundary: RouteErrorBoundary,
          children: [
            { index: true, ...publicStore },
            { path: paths.publicStore, ...publicStore },
            { path: paths.login, ...page(() => import('./routes/auth/login.tsx')) },
            { path: paths.register, ...page(() => import('./routes/auth/register.tsx')) },
            { path: paths.forgotPassword, ...page(() => import('./routes/auth/forgot-password.tsx')) },
            { path: paths.resetPassword, ...page(() => import('./routes/auth/reset-password.tsx')) },
            { path: verifyEmailPath, ...page(() => import('./routes/auth/verify-email.tsx')) },
            { path: paths.product.path, ...page(() => import('./routes/product.tsx')) },
            { path: paths.checkoutSuccess, ...page(() => import('./routes/checkout/success.tsx')) },
            { path: paths.checkoutCancel, ...page(() => import('./routes/checkout/cancel.tsx')) },
            {
              path: paths.wishlistUnsubscribe,
              ...page(() => import('./routes/wishlist-unsubscribe.tsx')),
            },
            { path: paths.gift, ...page(() => import('./routes/gift.tsx')) },
            {
              Component: RequireSession,
              children: [
                { path: paths.store, ...page(() => import('./routes/store.tsx'), { texts: 'first' }) },
                { path: paths.checkout, ...page(() => import('./routes/checkout/summary.tsx')) },
                { path: paths.history, ...page(() => import('./routes/history.tsx')) },
                { path: paths.profile, ...page(() => import('./routes/profile.tsx')) },
                { path: paths.wishlist, ...page(() => import('./routes/wishlist.tsx')) },
              ],
            },
            {
              Component: RequireAdmin,
              children: [
                {
                  // The admin area: its own chunks, fetched only when /admin is opened.
                  path: paths.admin,
                  ...page(async () => {
                    const [module] = await Promise.all([import('./routes/admin.tsx'), loadOfficeTexts()]);
                    return module;
                  }),
                  children: [
                    { index: true, ...page(() => import('./routes/admin-dashboard.tsx')) },
                    { path: adminPagePaths.products, ...page(() => import('./routes/admin-products.tsx')) },
                    {
                      path: adminPagePaths.newProduct,
                      ...page(() => import('./routes/admin-product-new.tsx')),
                    },
                    { path: adminPagePaths.product, ...page(() => import('./routes/admin-product.tsx')) },
                    { path: adminPagePaths.orders, ...page(() => import('./routes/admin-orders.tsx')) },
                    { path: adminPagePaths.order, ...page(() => import('./routes/admin-order.tsx')) },
                    { path: adminPagePaths.review, ...page(() => import('./routes/admin-review.tsx')) },
                    { path: adminPagePaths.claims, ...page(() => import('./routes/admin-claims.tsx')) },
                    { path: adminPagePaths.customers, ...page(() => import('./routes/admin-customers.tsx')) },
                    { path: adminPagePaths.audit, ...page(() => import('./routes/admin-audit.tsx')) },
                    { path: adminPagePaths.security, ...page(() => import('./routes/admin-security.tsx')) },
                    { path: adminPagePaths.supplier, ...page(() => import('./routes/admin-supplier.tsx')) },
                    { path: adminPagePaths.support, ...page(() => import('./routes/admin-support.tsx')) },
                    {
                      path: adminPagePaths.supportTicket,
                      ...page(() => import('./routes/admin-support-ticket.tsx')),
                    },
                    {
                      path: adminPagePaths.promotions,
                      ...page(() => import('./routes/admin-promotions.tsx')),
                    },
                    {
                      path: adminPagePaths.newPromotion,
                      ...page(() => import('./routes/admin-promotion-new.tsx')),
                    },
                    {
                      path: adminPagePaths.promotion,
                      ...page(() => import('./routes/admin-promotion.tsx')),
                    },
                    { path: adminPagePaths.coupons, ...page(() => import('./routes/admin-coupons.tsx')) },
                    {
                      path: adminPagePaths.newCoupon,
                      ...page(() => import('./routes/admin-coupon-new.tsx')),
                    },
                    {
                      path: adminPagePaths.generateCoupons,
                      ...page(() => import('./routes/admin-coupon-generate.tsx')),
                    },
                    { path: adminPagePaths.coupon, ...page(() => import('./routes/admin-coupon.tsx')) },
                    { path: adminPagePaths.preorders, ...page(() => import('./routes/admin-preorders.tsx')) },
                  ],
                },
              ],
            },
            { path: paths.terms, ...page(() => import('./routes/legal/terms.tsx')) },
            { path: paths.policy, ...page(() => import('./routes/legal/policy.tsx')) },
            { path: paths.cookies, ...page(() => import('./routes/legal/cookies.tsx')) },
            { path: paths.legal, ...page(() => import('./routes/legal/legal-notice.tsx')) },
            { path: paths.contact, ...page(() => import('./routes/legal/contact.tsx')) },
            { path: '*', ...page(() => import('./routes/not-found.tsx')) },
          ],
        },
      ],
    },
  ];
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;

export function createAppRouter(queryClient: QueryClient): AppRouter {
  return createBrowserRouter(createRoutes(queryClient));
}

/**
 * The router of a page the server rendered: the code of the routes it shows is loaded first, and their
 * loaders count as done (`hydrationData`), so the first render is the server's HTML, not a fallback.
 */
export async function createHydratingRouter(
  queryClient: QueryClient,
  hydrationData: HydrationState,
): Promise<AppRouter> {
  const routes = createRoutes(queryClient);
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  return createBrowserRouter(routes, { hydrationData });
}

/** Resolves once the first page's code is loaded, so the first paint is the whole page (no fallback flash). */
export function whenRouterReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) {
        unsubscribe();
        resolve();
      }
    });
  });
}
