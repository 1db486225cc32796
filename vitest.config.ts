import { defineConfig } from 'vitest/config';
import { localeParts } from './apps/web/locale-parts.ts';

/**
 * Two layers, each runnable alone: `unit` (pure code of every package, no database) and `integration`
 * (the server built with buildApp against a real database: PGlite by default, PostgreSQL when
 * TEST_DATABASE_URL is set). End-to-end tests live in the e2e workspace (Playwright).
 *
 * Timeouts are bounds for a stuck test, never speed targets: a test that starts a process or renders a
 * whole page takes several times longer on a loaded 2-core machine than on a quiet one.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/core/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
      {
        plugins: [localeParts()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/helpers/template-database.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
