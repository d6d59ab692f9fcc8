/** The dependencies every route and job receives, built by main.ts (or a test harness) and composed by app.ts. */
import type { EngineRegistry } from '../../games/engines/registry.ts';
import type { Config } from '../platform/config.ts';
import type { Database } from '../db/driver.ts';
import type { Logger } from '../platform/logger.ts';
import type { EmailProvider } from '../providers/email/email-provider.ts';
import type { Providers } from '../providers/providers.ts';
import type { Secrets } from '../platform/secrets.ts';
import type { ServerClock } from './clock.ts';
import type { LoginResponse } from '../../src/contract/schemas.ts';
import type { PasswordHasher } from './sessions/password-hash.ts';
import type { UserRow } from './users/users-repo.ts';

export interface AppDeps {
  config: Config;
  db: Database;
  secrets: Secrets;
  logger: Logger;
  email: EmailProvider;
  /**
   * The other outside services (card processor, pay-by-bank, identity verification, SMS, game
   * vendor, social sign-in, help center): server.ts builds them (server/providers/sandboxes.ts for
   * the demo), the API test harness builds them in memory.
   */
  providers: Providers;
  hasher: PasswordHasher;
  /** Clock in epoch ms; tests move it to cross time windows. */
  now: () => number;
  /** The movable clock behind `now` when TEST_CLOCK is on (server/core/clock.ts). */
  testClock?: ServerClock;
  /** What features do at moments core announces (app.ts composes them: featureHooks). */
  hooks: ServerHooks;
  /** The house-game engines by game id; games/engines/registry.ts when absent (test entries give their own). */
  gameEngines?: EngineRegistry;
}

/** What a feature adds to the answer of a session that starts: the promotions shown, a bonus earned. */
export type SessionStartExtras = Partial<
  Pick<LoginResponse, 'promopopups' | 'promocarousels' | 'quantity_ghc' | 'quantity_gld'>
>;

/**
 * The moments core announces to the features that act on them, so core and sign-in import no
 * feature: a session started (join, sign-in, sign-in link, social sign-in), where the login bonus
 * is granted and the promotions to show are read.
 */
export interface ServerHooks {
  sessionStarted: readonly ((deps: AppDeps, user: UserRow, nowMs: number) => Promise<SessionStartExtras>)[];
}
