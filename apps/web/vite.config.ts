import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { proxy },
  preview: { proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
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
