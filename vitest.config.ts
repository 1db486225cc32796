import { defineConfig } from 'vitest/config';
import { localeParts } from './apps/web/locale-parts.ts';

/**
 * Two layers, each runnable alone: `unit` (pure code of every package, no database) and `integration`
 * (the server built with buildApp against a real database: PGlite by default, PostgreSQL when
 * TEST_DATABASE_URL is set). End-to-end tests live in the e2e workspace (Playwright).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/core/src/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [localeParts()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
