/**
 * The floor under the catalogue route's initial JavaScript: the gzip size of the browser libraries the
 * web app is built on, each bundled alone by the app's own Vite (same minifier, production mode), with
 * nothing of Keyland's code or texts. Writes bench/results/framework-floor.md.
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { machine, RESULTS, ROOT, table } from './lib/common.ts';

/** Entries that use what the app uses, the way it uses it (see apps/web/src/main.tsx and app/router.tsx). */
const ENTRIES: { name: string; what: string; code: string }[] = [
  {
    name: 'react',
    what: 'React 19 + ReactDOM (createRoot, render)',
    code: `import { createRoot } from 'react-dom/client';
createRoot(document.getElementById('root')).render(<div>Keyland</div>);`,
  },
  {
    name: 'react-router-data',
    what: '+ React Router 8, data router as the app uses it (createBrowserRouter, RouterProvider, Link, Outlet)',
    code: `import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';
const router = createBrowserRouter([{ path: '/', Component: () => <div><Link to="/x">x</Link><Outlet /></div> }]);
createRoot(document.getElementById('root')).render(<RouterProvider router={router} />);`,
  },
  {
    name: 'react-router-declarative',
    what: '+ React Router 8, declarative mode instead (BrowserRouter, Routes, Route, Link)',
    code: `import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
createRoot(document.getElementById('root')).render(
  <BrowserRouter><Routes><Route path="/" element={<Link to="/x">x</Link>} /></Routes></BrowserRouter>,
);`,
  },
  {
    name: 'data-and-texts-libraries',
    what: 'TanStack Query + i18next + react-i18next (alone)',
    code: `import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
console.log(i18next.use(initReactI18next), useTranslation, new QueryClient(), QueryClientProvider, useQuery);`,
  },
  {
    name: 'stack',
    what: 'the whole stack the catalogue route needs: React + ReactDOM + data router + TanStack Query + i18next + react-i18next',
    code: `import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';
i18next.use(initReactI18next);
const client = new QueryClient();
function Page() { const { t } = useTranslation(); const q = useQuery({ queryKey: ['x'], queryFn: async () => 1 }); return <div>{t('x')}{q.data}<Link to="/x">x</Link><Outlet /></div>; }
const router = createBrowserRouter([{ path: '/', Component: Page }]);
createRoot(document.getElementById('root')).render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);`,
  },
];

export async function benchFrameworkFloor(): Promise<Record<string, number>> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'keyland-floor-'));
  // The web app's own node_modules resolve the libraries, at the versions the app is built with.
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'));
  const sizes: Record<string, number> = {};
  try {
    for (const entry of ENTRIES) {
      const file = path.join(work, `${entry.name}.jsx`);
      writeFileSync(file, entry.code);
      const outDir = path.join(work, `out-${entry.name}`);
      await build({
        root: work,
        logLevel: 'silent',
        configFile: false,
        mode: 'production',
        build: { outDir, emptyOutDir: true, write: true, rolldownOptions: { input: file } },
      });
      const assets = path.join(outDir, 'assets');
      sizes[entry.name] = readdirSync(assets)
        .filter((name) => name.endsWith('.js'))
        .reduce((sum, name) => sum + gzipSync(readFileSync(path.join(assets, name)), { level: 9 }).length, 0);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const rows = ENTRIES.map((entry) => [entry.what, kb(sizes[entry.name] ?? 0)]);
  const summary = table(['bundled alone (production, gzip -9)', 'KB'], rows);
  const stack = sizes.stack ?? 0;
  const text = `# Framework floor of the initial JavaScript

Run ${new Date().toISOString()} on ${machine()}.

Each row is a tiny entry that uses the libraries the way the web app does, built by the app's Vite in
production mode (same minifier), with none of Keyland's code, styles or texts. The sizes do not depend
on the machine's load.

${summary}

The catalogue route's budget is 120 KB gzip. The libraries the web app is built on (React 19, React
Router, TanStack Query, react-i18next) take **${kb(stack)} KB** of it before one line of Keyland's pages,
components, API client or the shop's English texts (≈ 10 KB) is counted, so the budget cannot be met
without replacing one of them (see docs/decisions/022-performance-targets-and-the-stack.md).

Reproduce: \`npm run bench -- --only floor\`.
`;
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(path.join(RESULTS, 'framework-floor.md'), text);
  process.stdout.write(`\n${summary}\n`);
  return sizes;
}
