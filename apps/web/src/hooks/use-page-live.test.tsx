import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { usePageLive } from './use-page-live.ts';

function Probe(): ReactNode {
  return usePageLive() ? 'live' : 'not yet';
}

describe('usePageLive', () => {
  it('is false on the server and true in the browser once the page is live', () => {
    expect(renderToString(<Probe />)).toBe('not yet');
    expect(render(<Probe />).container.textContent).toBe('live');
  });
});
