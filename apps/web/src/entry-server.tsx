import { isLocale, type Locale } from '@keyland/core/locales';
import i18next, { type i18n as I18n } from 'i18next';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type HydrationState,
  StaticRouterProvider,
} from 'react-router';
import { AppProvider } from './app/provider.tsx';
import { createRoutes } from './app/router.tsx';
import { type FirstQuery, seedQueries } from './lib/first-data.ts';
import { FirstRender } from './lib/first-render.tsx';
import { i18nOptions, loadShopTexts } from './lib/i18n.ts';
import { createQueryClient } from './lib/query-client.ts';

/*
 * The server's side of the shop's pages (docs/decisions/034): the Keyland server loads this bundle from
 * the web build (dist/.server/entry-server.js) and renders a page's HTML from the same components and the
 * same first data it inlines, which the browser then hydrates (main.tsx).
 */

/** What a page is rendered from. */
export interface PageRender {
  /** Path and query of the address. */
  url: string;
  language: string;
  /** The answers written into the page's data block, under the web app's query keys. */
  queries: FirstQuery[];
  /** The render's clock (ms since the epoch); the browser's first render starts from the same. */
  now: number;
}

export type RenderedPage =
  | {
      /** The HTML inside `<div id="root">`. */
      html: string;
      /** React Router's hydration data, for the data block. */
      router: HydrationState;
    }
  | {
      /** The route answered with a redirect instead of a page. */
      redirect: string;
      status: number;
    };

const handler = createStaticHandler(createRoutes(undefined));

const languages = new Map<Locale, Promise<I18n>>();

/** One i18n instance per language, with its shop texts and the English ones it falls back to. */
function i18nFor(language: Locale): Promise<I18n> {
  let instance = languages.get(language);
  if (!instance) {
    instance = (async () => {
      const [texts, english] = await Promise.all([loadShopTexts(language), loadShopTexts('en')]);
      const created = i18next.createInstance();
      await created.init({
        ...i18nOptions,
        lng: language,
        resources: { [language]: { translation: texts }, en: { translation: english } },
        react: { useSuspense: false },
      });
      return created;
    })();
    languages.set(language, instance);
  }
  return instance;
}

/** Renders the page at `url` to HTML; throws when the page cannot be rendered (the server then sends the app). */
export async function renderPage({ url, language, queries, now }: PageRender): Promise<RenderedPage> {
  const context = await handler.query(new Request(new URL(url, 'http://keyland.local')));
  if (context instanceof Response) {
    return { redirect: context.headers.get('location') ?? '/', status: context.status };
  }
  if (context.errors) throw new Error(`the page's route failed: ${JSON.stringify(context.errors)}`);
  const queryClient = createQueryClient();
  seedQueries(queryClient, queries);
  const i18n = await i18nFor(isLocale(language) ? language : 'en');
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <FirstRender renderedAt={now}>
      <AppProvider queryClient={queryClient} i18n={i18n}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </FirstRender>,
  );
  queryClient.clear();
  return {
    html,
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
  };
}
