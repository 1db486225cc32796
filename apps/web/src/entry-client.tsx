import './styles.css';
import { CODE_LIST_ID } from '@keyland/core/first-data';
import { holdEarlyEvents } from './lib/early-events.ts';

/*
 * The first module of every page (index.html). A page the server rendered (docs/decisions/034) is painted
 * from its HTML; the app's code (main.tsx) is fetched and run after that first paint, then takes the page
 * over. A page the browser renders itself, or a tab in the background (which paints nothing), starts the
 * app at once.
 */

function afterFirstPaint(): Promise<void> {
  const rendered = document.getElementById('root')?.firstElementChild;
  if (!rendered || document.visibilityState === 'hidden') return Promise.resolve();
  // The browser's own record of the paint (no timer: a page's clock may be stood still), or its load.
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      window.removeEventListener('load', done);
      resolve();
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) done();
    });
    observer.observe({ type: 'paint', buffered: true });
    window.addEventListener('load', done);
  });
}

/** Starts fetching the chunks of the page's code side by side (modulepreload), as index.html would. */
function preloadPageCode(): void {
  const element = document.getElementById(CODE_LIST_ID);
  if (!element) return;
  let urls: unknown;
  try {
    urls = JSON.parse(element.textContent ?? '[]');
  } catch {
    return;
  }
  if (!Array.isArray(urls)) return;
  for (const url of urls) {
    if (typeof url !== 'string' || !url.startsWith('/assets/')) continue;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = url;
    document.head.append(link);
  }
}

const root = document.getElementById('root');
const releaseEvents = root ? holdEarlyEvents(root) : () => {};
/** A pause for the browser between two long pieces of work (a task of its own after it). */
const yieldToBrowser = () =>
  new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });

void afterFirstPaint().then(() => {
  preloadPageCode();
  // React's own code is evaluated in a task of its own, then the app's: two shorter tasks, not one long.
  const app = import('react-dom/client').then(yieldToBrowser).then(() => import('./main.tsx'));
  releaseEvents(app.then((module) => module.ready));
});
