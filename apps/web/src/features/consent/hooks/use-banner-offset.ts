import { type RefObject, useLayoutEffect } from 'react';

/**
 * While the banner shows, gives the page as much bottom padding as the banner is tall (and scroll
 * padding, so a focused field is never hidden under it); both go back to 0 when the banner goes.
 * Neither property is inherited, so a write restyles the root and the body alone, not the whole page as
 * a custom property on the root would; nothing is written unless the height changed.
 */
export function useBannerOffset(ref: RefObject<HTMLElement | null>, active: boolean): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const body = document.body;
    const element = ref.current;
    const apply = (height: number) => {
      const value = `${Math.ceil(height)}px`;
      if ((body.style.paddingBottom || '0px') === value) return;
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
