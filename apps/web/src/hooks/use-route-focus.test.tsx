import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useRouteFocus } from './use-route-focus.ts';

function Layout(): ReactNode {
  const main = useRef<HTMLElement>(null);
  useRouteFocus(main);
  return (
    <>
      <nav>
        <Link to="/games">Games</Link>
        <Link to="/games?page=2">Page 2</Link>
        <Link to="/orders">Orders</Link>
      </nav>
      <main ref={main}>
        <Outlet />
      </main>
    </>
  );
}

/** A page whose heading comes with its data, a moment after the page itself. */
function LatePage(): ReactNode {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), 20);
    return () => clearTimeout(timer);
  }, []);
  return loaded ? <h1>Your orders</h1> : <p>Loading…</p>;
}

function renderApp(first = '/') {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: Layout,
        children: [
          { index: true, element: <h1>Welcome</h1> },
          { path: 'games', element: <h1>Game keys</h1> },
          { path: 'orders', Component: LatePage },
        ],
      },
    ],
    { initialEntries: [first] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Focuses a link and clicks it, as a visitor does. */
function clickLink(name: string): HTMLElement {
  const link = screen.getByRole('link', { name });
  link.focus();
  fireEvent.click(link);
  return link;
}

describe('useRouteFocus', () => {
  afterEach(cleanup);

  it('leaves the focus alone on the first page', () => {
    renderApp();
    expect(document.activeElement).toBe(document.body);
  });

  it("moves the focus to the new page's heading after a link, focusable by script only", async () => {
    renderApp();
    clickLink('Games');
    const heading = await screen.findByRole('heading', { name: 'Game keys' });
    expect(document.activeElement).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
  });

  it('does not move the focus when only the query changes', async () => {
    const router = renderApp('/games');
    const link = clickLink('Page 2');
    await screen.findByRole('heading', { name: 'Game keys' });
    expect(router.state.location.search).toBe('?page=2');
    expect(document.activeElement).toBe(link);
  });

  it('waits for a heading drawn after the data, unless the visitor has moved on', async () => {
    const router = renderApp();
    clickLink('Orders');
    const late = await screen.findByRole('heading', { name: 'Your orders' });
    expect(document.activeElement).toBe(late);

    await act(() => router.navigate('/'));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Welcome' }));
    clickLink('Orders');
    await screen.findByText('Loading…');
    // The visitor moves on before the heading arrives: the focus stays where they put it.
    const moved = screen.getByRole('link', { name: 'Games' });
    moved.focus();
    const heading = await screen.findByRole('heading', { name: 'Your orders' });
    expect(document.activeElement).not.toBe(heading);
    expect(document.activeElement).toBe(moved);
  });
});
