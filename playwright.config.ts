/**
 * Browser tests: Chromium at a phone-sized viewport against the production build served by the
 * real server (scripts/e2e-server.mjs: `tsx server/test-support/test-server.ts` on a fresh temporary PGlite folder).
 *
 * Two servers run side by side so no test waits on a short timeout it does not need:
 *   - port 8499: the normal server, used by every spec except the inactivity one;
 *   - port 8498: the same build with SESSION_INACTIVITY_SECONDS shortened, used only by
 *     tests/e2e/inactivity.spec.ts (project "chromium-inactivity").
 * tests/e2e/gold-only.spec.ts (project "chromium-gold-only") starts a gold-only server of its own
 * on E2E_GOLD_ONLY_PORT (default 8497).
 * Run with `npm run test:e2e` (builds first) or `npx playwright test` after `npx vite build`.
 */
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_GOLD_ONLY_PORT, E2E_INACTIVITY_SECONDS, E2E_LEGAL_PORT } from './tests/e2e/support/settings.ts';

const CI = !!process.env.CI;
const MAIN_PORT = Number(process.env.E2E_PORT ?? 8499);
const INACTIVITY_PORT = Number(process.env.E2E_INACTIVITY_PORT ?? 8498);

/**
 * The Chromium to launch: an explicit path from the environment, else Debian's package, else
 * undefined so Playwright uses its own downloaded browser (`npx playwright install chromium`).
 */
function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE || process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}

const executablePath = chromiumExecutable();
const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 390, height: 844 },
  hasTouch: false,
  launchOptions: {
    ...(executablePath ? { executablePath } : {}),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

const server = (port: number, extra: string, name: string) => ({
  name,
  command: `node scripts/e2e-server.mjs --port ${port}${extra}`,
  url: `http://localhost:${port}/api/v1/health`,
  timeout: 180_000,
  reuseExistingServer: !CI,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  // SIGTERM lets the wrapper stop the server and delete its temporary data folder.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
});

export default defineConfig({
  testDir: 'tests/e2e',
  // Playwright empties its outputDir at the start of a run: keep it apart from the reports.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: CI ? 2 : undefined,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // The service worker would serve cached shells between tests; the tests exercise the server.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: [
        /inactivity\.spec\.ts$/,
        /pwa-[^/]*\.spec\.ts$/,
        /gold-only\.spec\.ts$/,
        /legal-and-responsible-play\.spec\.ts$/,
      ],
      use: { ...chromium, baseURL: `http://localhost:${MAIN_PORT}` },
    },
    {
      name: 'chromium-inactivity',
      testMatch: /inactivity\.spec\.ts$/,
      use: { ...chromium, baseURL: `http://localhost:${INACTIVITY_PORT}` },
    },
    {
      // Gold-only mode (GOLD_ONLY=true): the spec starts its own server (scripts/e2e-server.mjs
      // --gold-only) on E2E_GOLD_ONLY_PORT, so runs without it start no third server.
      name: 'chromium-gold-only',
      testMatch: /gold-only\.spec\.ts$/,
      use: { ...chromium, baseURL: `http://localhost:${E2E_GOLD_ONLY_PORT}` },
    },
    {
      // Legal acceptance publishes a new terms version, which asks every player of the server
      // again: the spec starts a server of its own (--legal-test-mode) on E2E_LEGAL_PORT.
      name: 'chromium-legal',
      testMatch: /legal-and-responsible-play\.spec\.ts$/,
      use: { ...chromium, baseURL: `http://localhost:${E2E_LEGAL_PORT}` },
    },
    {
      // PWA specs build their own dist folders and run their own servers (ports 8470-8479,
      // tests/e2e/support/pwa-harness.ts); they need the service worker the other projects block.
      name: 'chromium-pwa',
      testMatch: /pwa-[^/]*\.spec\.ts$/,
      timeout: 120_000,
      use: { ...chromium, serviceWorkers: 'allow' },
    },
  ],
  webServer: [
    server(MAIN_PORT, '', 'server'),
    server(INACTIVITY_PORT, ` --inactivity-seconds ${E2E_INACTIVITY_SECONDS}`, 'server-inactivity'),
  ],
});
