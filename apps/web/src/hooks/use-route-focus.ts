import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Announces in-app page changes: after a navigation to another path (not the first page, and not a change
 * of the query alone, such as a filter or a page of results), the focus moves to the new page's main
 * heading (the first `h1` in `main`), so a screen reader reads where the visitor has arrived and the next
 * Tab starts from the page. The heading becomes focusable by script only (tabIndex -1, not in the Tab
 * order); it shows a ring only when the browser's `:focus-visible` says so (keyboard use). A page that
 * draws its heading after its data has it focused when it appears, unless the visitor has moved the
 * focus in the meantime.
 */
export function useRouteFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const container = main.current;
    if (!container) return;
    const focusedBefore = document.activeElement;
    const untouched = () => {
      const active = document.activeElement;
      return active === null || active === document.body || active === focusedBefore;
    };
    const focusHeading = (): boolean => {
      const heading = container.querySelector('h1');
      if (!heading) return false;
      if (!untouched()) return true;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, main]);
}
