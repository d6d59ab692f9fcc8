/** Hono context variables and the dependencies every route receives. */
import type { EngineRegistry } from '../../games/engines/registry.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/driver.ts';
import type { PasswordHasher } from '../features/auth/password-hash.ts';
import type { Logger } from '../logger.ts';
import type { EmailProvider } from '../providers/email/email-provider.ts';
import type { Secrets } from '../secrets.ts';
import type { ServerClock } from './test-clock.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  secrets: Secrets;
  logger: Logger;
  email: EmailProvider;
  hasher: PasswordHasher;
  /** Clock in epoch ms; tests move it to cross time windows. */
  now: () => number;
  /** The movable clock behind `now` when TEST_CLOCK is on (server/http/test-clock.ts). */
  testClock?: ServerClock;
  /** The house-game engines by game id; games/engines/registry.ts when absent (tests add their own). */
  gameEngines?: EngineRegistry;
}

export interface AppEnv {
  Variables: {
    /** Set by requireAuth: the signed-in player's id. */
    userId: string;
    /** Set by requireAuth: the sign-in session of the access token. */
    sessionId: string;
    /** Set by the CSRF check on unsafe requests: the session its token was issued to ('anon' before sign-in). */
    csrfSessionId: string | undefined;
  };
}
