/**
 * What the test-only switches add to the app (each refused in production by the configuration,
 * TEST_ONLY_SWITCHES): TEST_CLOCK moves the server clock, LEGAL_TEST_MODE publishes a new legal
 * document version, GAMES_TEST_MODE deals chosen solitaire decks (fixed-decks.ts). The browser
 * tests' server (test-server.ts) and the API test harness (test-app.ts) apply them; the product's
 * entry (main.ts) does not.
 */
import type { Hono } from 'hono';
import type { AppDeps } from '../core/deps.ts';
import type { AppEnv } from '../http/app-env.ts';
import { fixedDecks } from './fixed-decks.ts';
import { legalPublishRoutes } from './legal-publish-routes.ts';
import { testClockRoutes } from './test-clock-routes.ts';

export interface TestSwitches {
  /** The dependencies the app is built with (GAMES_TEST_MODE: the engines dealing chosen decks). */
  deps: AppDeps;
  /** Routes mounted under the API prefix beside the product's. */
  routes: Hono<AppEnv>[];
}

export function testSwitches(deps: AppDeps): TestSwitches {
  const routes = [
    ...(deps.config.testClock && deps.testClock ? [testClockRoutes(deps.testClock)] : []),
    ...(deps.config.legalTestMode ? [legalPublishRoutes(deps)] : []),
  ];
  if (!deps.config.gamesTestMode) return { deps, routes };
  const decks = fixedDecks(deps.gameEngines);
  return { deps: { ...deps, gameEngines: decks.engines }, routes: [...routes, decks.routes] };
}
