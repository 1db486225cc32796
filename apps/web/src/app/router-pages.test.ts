import { isPagePath, pagePatterns } from '@keyland/core/pages';
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRoutes } from './router.tsx';

/**
 * The server answers 404 for any address that is not a page of the app (@keyland/core/pages). These
 * tests hold the router and that list together: a route added to one and not the other fails here.
 */
const routes = createRoutes(new QueryClient());

const join = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

/** The absolute path of every route that shows a page (index routes take their parent's). */
function pagePathsOf(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path === undefined ? parent : join(parent, route.path);
    const own = route.index || (route.path !== undefined && route.lazy) ? [here || '/'] : [];
    return [...own, ...pagePathsOf(route.children ?? [], here)];
  });
}

/** Whether the router shows a page of its own (not the catch-all not-found page) at `pathname`. */
function routerHasPage(pathname: string): boolean {
  const matched = matchRoutes(routes, pathname);
  return matched !== null && matched.at(-1)?.route.path !== '*';
}

describe('the pages the server knows are the pages of the router', () => {
  it('lists the same paths', () => {
    const fromRouter = [...new Set(pagePathsOf(routes).filter((path) => !path.endsWith('*')))].sort();
    expect(fromRouter).toEqual([...pagePatterns].sort());
  });

  it('matches the same addresses', () => {
    const samples = [
      ...pagePatterns.map((pattern) => pattern.replace(':id', '42')),
      ...pagePatterns.map((pattern) => `${pattern.replace(':id', 'x').toUpperCase()}/`),
      ...pagePatterns.map((pattern) => `${pattern.replace(':id', '42')}/more`),
      '/',
      '/nope',
      '/admin/nope',
      '/admin/orders/1/2',
      '/admin//orders',
      '/checkout/other',
      '/login///',
      '/log%69n',
      '/product/12',
      '/History/',
    ];
    for (const pathname of samples) expect(isPagePath(pathname), pathname).toBe(routerHasPage(pathname));
  });
});
