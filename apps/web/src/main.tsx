import './styles.css';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { createAppRouter, whenRouterReady } from './app/router.tsx';
import { seedFirstData } from './lib/first-data.ts';
import { initI18n } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';
import { getSessionQueryOptions } from './lib/session.ts';
import { atMost } from './utils/at-most.ts';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The #root element is missing from index.html');

  const queryClient = createQueryClient();
  // The answers the server wrote into the page (session, first catalogue page): before the router starts
  // its loaders, so they find them in the cache instead of asking the API.
  seedFirstData(queryClient);
  const router = createAppRouter(queryClient);
  // The language's texts, the first page's code and the session check (unless inlined) load side by side, so the first
  // paint already has the right language and navigation bar (no flash of the logged-out links).
  const [i18n] = await Promise.all([
    initI18n(),
    whenRouterReady(router),
    atMost(queryClient.prefetchQuery(getSessionQueryOptions()), 1500),
  ]);

  // Tags the server wrote for the first page (product meta, JSON-LD) describe only that page: drop them
  // once the visitor moves to another one inside the app.
  const firstPath = window.location.pathname + window.location.search;
  const unsubscribe = router.subscribe((state) => {
    if (state.location.pathname + state.location.search === firstPath) return;
    for (const element of document.head.querySelectorAll('[data-ssr]')) element.remove();
    unsubscribe();
  });

  createRoot(container).render(
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

void start();
