import { defineConfig, devices } from '@playwright/test';

/** Debian's Chromium (browser downloads are not possible on the machines that run these tests). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Each worker runs its own store (fixtures/test.ts), so the tests of different workers share nothing and
 * any test may run in any worker. Two by default, as many as the machines that run the suite have cores;
 * E2E_WORKERS overrides it.
 */
const workers = Number(process.env.E2E_WORKERS) || 2;

export default defineConfig({
  testDir: './tests',
  globalSetup: './fixtures/global-setup.ts',
  fullyParallel: true,
  workers,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // The browser's languages choose the store's first language (when none is stored): English for every
    // test, whatever the machine's own locale.
    locale: 'en-US',
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 375, height: 740 } },
      grep: /@mobile/,
    },
  ],
});
