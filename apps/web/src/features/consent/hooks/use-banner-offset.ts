import { type RefObject, useLayoutEffect } from 'react';

/** The CSS variable that the floating cart button (and anything else fixed at the bottom) rises by. */
export const BANNER_HEIGHT_VARIABLE = '--cookie-banner-height';

/**
 * While the banner shows, keeps `--cookie-banner-height` on the document root equal to its height and
 * gives the page as much bottom padding (and scroll padding, so a focused field is never hidden under
 * it); both go back to 0 when the banner goes.
 */
export function useBannerOffset(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const body = document.body;
    const element = ref.current;
    const apply = (height: number) => {
      const value = `${Math.ceil(height)}px`;
      root.style.setProperty(BANNER_HEIGHT_VARIABLE, value);
      root.style.scrollPaddingBottom = value;
      body.style.paddingBottom = value;
    };
    if (!active || !element) {
      apply(0);
      return;
    }
    apply(element.getBoundingClientRect().height);
    const observer = new ResizeObserver(() => apply(element.getBoundingClientRect().height));
    observer.observe(element);
    return () => {
      observer.disconnect();
      apply(0);
    };
  }, [ref, active]);
}
