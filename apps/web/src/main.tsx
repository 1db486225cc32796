import { isLocale } from '@keyland/core/locales';
import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type HydrationState, RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { type AppRouter, createAppRouter, createHydratingRouter, whenRouterReady } from './app/router.tsx';
import { readFirstData, type ServerRender, seedQueries } from './lib/first-data.ts';
import { FirstRender } from './lib/first-render.tsx';
import { i18n, initI18n, initialLanguage } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { getSessionQueryOptions } from './lib/session.ts';
import { atMost } from './utils/at-most.ts';

let shown: () => void = () => {};
/** Resolves once the app runs the page (the server's HTML hydrated, or the page drawn). */
export const ready = new Promise<void>((resolve) => {
  shown = resolve;
});

/**
 * Tags the server wrote for the first page (product meta, JSON-LD) describe only that page: they are
 * dropped once the visitor moves to another one inside the app.
 */
function dropFirstPageTags(router: AppRouter): void {
  const firstPath = window.location.pathname + window.location.search;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname + state.location.search === firstPath) return;
    for (const element of document.head.querySelectorAll('[data-ssr]')) element.remove();
    unsubscribe();
  });
}

function App({
  queryClient,
  router,
  render,
  onShown,
}: {
  queryClient: QueryClient;
  router: AppRouter;
  render?: ServerRender | undefined;
  onShown?: () => void;
}): ReactNode {
  return (
    <FirstRender renderedAt={render?.at} onShown={onShown}>
      <AppProvider queryClient={queryClient} i18n={i18n}>
        <RouterProvider router={router} />
      </AppProvider>
    </FirstRender>
  );
}

/**
 * A page the server rendered (docs/decisions/034): i18n starts in the language of its HTML and the router
 * with the code of the routes shown, so the first render matches the HTML, which React then makes
 * interactive. A visitor who chose another language here than the one the server read from the browser
 * sees it right after.
 */
async function hydrate(container: HTMLElement, queryClient: QueryClient, render: ServerRender) {
  const language = isLocale(render.language) ? render.language : initialLanguage();
  const [, router] = await Promise.all([
    initI18n(language),
    // Written by the server's static handler (entry-server.tsx) as React Router's hydration data.
    createHydratingRouter(queryClient, render.router as HydrationState),
  ]);
  dropFirstPageTags(router);
  const preferred = initialLanguage();
  const onShown = () => {
    shown();
    if (preferred !== language) void i18n.changeLanguage(preferred);
  };
  // As a transition, hydration yields to the browser between components instead of one long task: the
  // page is already painted, and a click meanwhile makes React hydrate that part first.
  startTransition(() => {
    hydrateRoot(
      container,
      <App queryClient={queryClient} router={router} render={render} onShown={onShown} />,
    );
  });
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html');

  const queryClient = createQueryClient();
  // The answers the server wrote into the page (session, first catalogue page): before the router starts
  // its loaders, so they find them in the cache instead of asking the API.
  const first = readFirstData();
  seedQueries(queryClient, first.queries);
  if (first.render && container.firstElementChild) {
    await hydrate(container, queryClient, first.render);
    return;
  }

  const router = createAppRouter(queryClient);
  // The language's texts, the first page's code and the session check (unless inlined) load side by side,
  // so the first paint already has the right language and navigation bar (no flash of the logged-out links).
  await Promise.all([
    initI18n(),
    whenRouterReady(router),
    atMost(queryClient.prefetchQuery(getSessionQueryOptions()), 1500),
  ]);
  dropFirstPageTags(router);
  createRoot(container).render(<App queryClient={queryClient} router={router} onShown={shown} />);
}

void start();
