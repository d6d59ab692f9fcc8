/**
 * The server's entry for browser tests (scripts/e2e-server.mjs): the same server as main.ts, plus
 * the test-only routes its switches open, each refused in production by the configuration
 * (TEST_ONLY_SWITCHES): TEST_CLOCK moves the server clock, LEGAL_TEST_MODE publishes a new legal
 * document version. Production code holds none of these routes.
 */
import { startServer } from '../server.ts';
import { testSwitchRoutes } from './test-switch-routes.ts';

startServer({ testRoutes: testSwitchRoutes }).catch((error: unknown) => {
  process.stderr.write(
    `Test server failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
