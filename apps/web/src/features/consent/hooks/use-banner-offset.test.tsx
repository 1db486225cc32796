import { render } from '@testing-library/react';
import { type ReactNode, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBannerOffset } from './use-banner-offset.ts';

/** jsdom has no layout: the banner reports the height the test gives it, and its resizes on demand. */
let bannerHeight = 0;
const resizeCallbacks: (() => void)[] = [];

class FakeResizeObserver {
  private readonly callback: () => void;
  constructor(callback: () => void) {
    this.callback = callback;
  }
  observe() {
    resizeCallbacks.push(this.callback);
  }
  disconnect() {
    resizeCallbacks.splice(resizeCallbacks.indexOf(this.callback), 1);
  }
}

/** Counts the attribute writes on the document from now on. */
function watchStyles(): () => number {
  const records: MutationRecord[] = [];
  const observer = new MutationObserver((batch) => records.push(...batch));
  observer.observe(document.documentElement, { attributes: true, subtree: true });
  return () => [...records, ...observer.takeRecords()].length;
}

function Banner({ active }: { active: boolean }): ReactNode {
  const ref = useRef<HTMLElement>(null);
  useBannerOffset(ref, active);
  return <section ref={ref} />;
}

describe('useBannerOffset', () => {
  beforeEach(() => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
      () => ({ height: bannerHeight }) as DOMRect,
    );
    bannerHeight = 0;
    document.body.removeAttribute('style');
    document.documentElement.removeAttribute('style');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('gives the page bottom padding and scroll padding as tall as the banner, and takes them back', () => {
    bannerHeight = 120.4;
    const view = render(<Banner active />);
    expect(document.body.style.paddingBottom).toBe('121px');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('121px');

    bannerHeight = 300;
    for (const callback of resizeCallbacks) callback();
    expect(document.body.style.paddingBottom).toBe('300px');

    view.unmount();
    expect(document.body.style.paddingBottom).toBe('0px');
    expect(document.documentElement.style.scrollPaddingBottom).toBe('0px');
  });

  it('restyles nothing but the root and the body, and only when the height changes', () => {
    const rootWrites = vi.spyOn(document.documentElement.style, 'setProperty');
    bannerHeight = 80;
    render(<Banner active />);
    const written = document.documentElement.getAttribute('style');
    // No custom property on the root: one would be inherited by, and restyle, every element of the page.
    expect(written).not.toMatch(/--/);
    expect(rootWrites).not.toHaveBeenCalled();

    const bodyStyle = document.body.getAttribute('style');
    const writes = watchStyles();
    for (const callback of resizeCallbacks) callback();
    expect(writes()).toBe(0);
    expect(document.body.getAttribute('style')).toBe(bodyStyle);
  });

  it('writes nothing while the banner is not shown', () => {
    const writes = watchStyles();
    render(<Banner active={false} />);
    expect(writes()).toBe(0);
  });
});
