/**
 * The server's entry for browser tests (scripts/e2e-server.mjs): the same server as main.ts, plus
 * what its test-only switches add, each refused in production by the configuration
 * (TEST_ONLY_SWITCHES): TEST_CLOCK gives the server a clock that moves forward on request, LEGAL_TEST_MODE publishes a new legal
 * document version, GAMES_TEST_MODE deals chosen solitaire decks. Production code holds none of them.
 */
import { createServerClock } from '../core/clock.ts';
import { startServer } from '../server.ts';
import { testSwitches } from './test-switches.ts';

startServer({
  testSwitches,
  movableClock: (config) => (config.testClock ? createServerClock() : undefined),
}).catch((error: unknown) => {
  process.stderr.write(
    `Test server failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
