import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { localeParts } from './locale-parts.ts';

/** The Keyland server (API, media, health checks) that the dev server and preview forward to. */
const SERVER = 'http://localhost:3000';

/**
 * The Host header is kept as the browser sent it: the server refuses state-changing calls whose Origin
 * is not the host they were sent to, and the browser's Origin is the dev server's.
 */
const proxy = Object.fromEntries(
  ['/api', '/media', '/healthz', '/readyz'].map((prefix) => [
    prefix,
    { target: SERVER, changeOrigin: false },
  ]),
);

/**
 * Writes `.br` and `.gz` twins of the text files of the build; the server sends them to browsers that
 * accept them (@fastify/static `preCompressed`), so nothing is compressed per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'keyland-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), localeParts()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the server reads it at start to announce each route's chunks in the HTML.
    manifest: true,
    rolldownOptions: {
      output: {
        // React and the router change far less often than the store's own code: a chunk of their own
        // stays cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
});
