/**
 * The routes the test-only switches open (each refused in production by the configuration,
 * TEST_ONLY_SWITCHES): TEST_CLOCK moves the server clock, LEGAL_TEST_MODE publishes a new legal
 * document version. The browser tests' server (test-server.ts) and the API test harness
 * (test-app.ts) mount them; the product's entry (main.ts) does not.
 */
import type { Hono } from 'hono';
import type { AppDeps } from '../core/deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { legalPublishRoutes } from './legal-publish-routes.ts';
import { testClockRoutes } from './test-clock-routes.ts';

export const testSwitchRoutes = (deps: AppDeps): Hono<AppEnv>[] => [
  ...(deps.config.testClock && deps.testClock ? [testClockRoutes(deps.testClock)] : []),
  ...(deps.config.legalTestMode ? [legalPublishRoutes(deps)] : []),
];
