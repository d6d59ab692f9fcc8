/**
 * Starting the server: read and validate the configuration, open the database (PGlite in
 * DATA_DIR, or PostgreSQL at DATABASE_URL), migrate, seed, then serve the API and the built app on
 * PORT beside the provider sandboxes. main.ts starts it for players; the browser tests' entry
 * (test-support/test-server.ts) starts it with the test-only routes mounted.
 */
import { supportDeskSecret } from './features/support-desk/support-desk-jwt.ts';
import type { ServerClock } from './core/clock.ts';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Hono } from 'hono';
import type { AppDeps } from './core/deps.ts';
import type { AppEnv } from './http/app-env.ts';
import { ROUTES } from '../src/contract/routes.ts';
import { createApp, featureHooks } from './app.ts';
import { createAppServer } from './app-server.ts';
import { ConfigError, loadConfig, type Config } from './platform/config.ts';
import { migrate } from './db/migrate.ts';
import { openDatabase } from './db/open-database.ts';
import { createPasswordHasher } from './core/sessions/password-hash.ts';
import { startReconciliationJob } from './features/payments/reconcile-job.ts';
import { startInterruptedRoundsJob } from './features/games/interrupted-rounds.ts';
import { startWeekCloseJob } from './features/leaderboard/week-close.ts';
import { GAME_ENGINES } from '../games/engines/registry.ts';
import { operatorCredentialsFromEnv, type OperatorCredentials } from './features/operator/environment.ts';
import { ensureOperatorFromEnvironment } from './features/operator/operators.ts';
import { createLogger } from './platform/logger.ts';
import { createOutboxEmail } from './providers/email/outbox-email.ts';
import { createSmtpEmail, smtpTransport, type SmtpDelivery } from './providers/email/smtp-email.ts';
import { startPrizeOutPollJob } from './features/redemption/public.ts';
import { startSandboxes } from './providers/sandboxes.ts';
import { loadSecrets } from './platform/secrets.ts';
import { seed, seedOptionsOf } from './seed.ts';

/** PGlite is a single-process database: a second server on the same DATA_DIR would corrupt it. */
function lockDataDir(config: Config): () => void {
  if (config.databaseUrl) return () => undefined;
  const lock = path.join(config.dataDir, 'server.pid');
  if (existsSync(lock)) {
    const pid = Number(readFileSync(lock, 'utf8'));
    let alive = false;
    try {
      if (pid > 0 && pid !== process.pid) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (alive)
      throw new Error(
        `Another server (pid ${pid}) is using ${config.dataDir}. Stop it or choose another DATA_DIR.`,
      );
  }
  writeFileSync(lock, String(process.pid));
  return () => rmSync(lock, { force: true });
}

export interface StartOptions {
  /**
   * What the test server entry's switches add: the dependencies the app is built with and routes
   * mounted under the API prefix beside the product's.
   */
  testSwitches?: (deps: AppDeps) => { deps: AppDeps; routes: Hono<AppEnv>[] };
  /** The test server entry's movable clock (TEST_CLOCK); the product runs on the machine's clock. */
  movableClock?: (config: Config) => ServerClock | undefined;
}

export async function startServer(options: StartOptions = {}): Promise<void> {
  let config: Config;
  let envOperator: OperatorCredentials | null;
  try {
    config = loadConfig();
    envOperator = operatorCredentialsFromEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  if (config.passwordHashCost !== 'owasp')
    logger.warn(
      'PASSWORD_HASH_COST=test lowers password hashing cost: for test suites only, never production',
    );
  mkdirSync(config.dataDir, { recursive: true });
  const unlock = lockDataDir(config);
  const secrets = loadSecrets(config.dataDir, config);
  const db = await openDatabase(config);
  const applied = await migrate(db);
  if (applied.length > 0) logger.info('migrations applied', { versions: applied });
  const hasher = createPasswordHasher(config.passwordHashCost);
  await seed(db, hasher, seedOptionsOf(config, logger));
  // The operator of OPERATOR_EMAIL / OPERATOR_PASSWORD: created when missing (docs/operations.md).
  if (envOperator) {
    const outcome = await ensureOperatorFromEnvironment(db, hasher, envOperator, Date.now());
    logger.info('operator from the environment', { email: envOperator.email, outcome });
  }
  // One clock for the whole server; the test entry's, with TEST_CLOCK on, moves forward on request.
  const testClock = options.movableClock?.(config);
  if (testClock)
    logger.warn('TEST_CLOCK is on: POST /api/v1/test/clock moves the server clock; for browser tests only');
  const now = testClock ? testClock.now : Date.now;
  // Every mail is an outbox row (and .eml file); with SMTP_URL the rows are also sent through the
  // relay, after the sender's transaction committed, retried until accepted (docs/operations.md).
  const outboxDir = path.join(config.dataDir, 'outbox');
  let mailDelivery: SmtpDelivery | null = null;
  let email = createOutboxEmail(db, outboxDir, now);
  if (config.smtpUrl) {
    const smtp = createSmtpEmail({ db, transport: smtpTransport(config.smtpUrl), now, logger, outboxDir });
    email = smtp.email;
    mailDelivery = smtp.delivery;
    // Mail queued before a restart (or while the relay was down) goes out now.
    mailDelivery.kick();
  }
  // The provider sandboxes, each on its own port and origin (server/providers/sandboxes.ts): the
  // demo's card processor and bank, identity verification, SMS outbox, game vendor, social sign-in
  // and help center. A real provider replaces its sandbox in `providers` (docs/operations.md).
  const sandboxes = startSandboxes({
    config,
    secrets,
    now,
    db,
    logger,
    supportDeskJwtSecret: supportDeskSecret(config.supportDeskJwtSecret, secrets.jwtSecret),
  });
  const deps: AppDeps = {
    config,
    db,
    secrets,
    logger,
    email,
    hasher,
    now,
    testClock,
    hooks: featureHooks,
    providers: sandboxes.providers,
  };
  // Settles purchases left unfinished (crash, lost webhook) and frees claims of dead servers.
  const reconciliation = startReconciliationJob(deps, { intervalMs: config.reconcileIntervalSeconds * 1000 });
  // Polls prize-outs the provider is still processing and sends again those it never answered.
  const prizeOutPoll = config.goldOnly
    ? null
    : startPrizeOutPollJob(deps, { intervalMs: config.reconcileIntervalSeconds * 1000 });
  // Completes game rounds left open for 24 hours with each game's default action.
  const interruptedRounds = startInterruptedRoundsJob(
    { db, now, engines: GAME_ENGINES, logger },
    { intervalMs: config.gamesAutoCompleteIntervalSeconds * 1000 },
  );
  // Closes ended challenge weeks and pays their prizes (also at start: a week that ended while the
  // server was down is paid now).
  const weekClose = startWeekCloseJob(
    { db, now, config, logger },
    { intervalMs: config.leaderboardCloseIntervalSeconds * 1000 },
  );
  const switched = options.testSwitches?.(deps) ?? { deps, routes: [] };
  const app = createApp(switched.deps, { testRoutes: switched.routes });

  if (!existsSync(path.join(config.distDir, 'index.html'))) {
    logger.warn('no built app found; app routes answer 503 until `npm run build` is run', {
      dist_dir: config.distDir,
    });
  }
  const server = createAppServer(switched.deps, app.fetch);
  server.listen(config.port, () => {
    logger.info('Lucky Crown server listening', {
      url: `http://localhost:${(server.address() as AddressInfo).port}`,
      public_origin: config.publicOrigin,
      database: config.databaseUrl ? 'postgresql' : `pglite (${path.join(config.dataDir, 'pglite')})`,
      outbox: outboxDir,
      mail: config.smtpUrl ? 'smtp relay and outbox' : 'outbox only',
    });
    // The prerendered pages' module (React on the server, about 0.6 s to load) loads on the first
    // page request: ask for the sign-in page now, so the first visitor after a start does not wait.
    const port = (server.address() as AddressInfo).port;
    void fetch(`http://127.0.0.1:${port}${ROUTES.login}`, { headers: { accept: 'text/html' } })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    void reconciliation.stop();
    void prizeOutPoll?.stop();
    void interruptedRounds.stop();
    void weekClose.stop();
    void mailDelivery?.stop();
    sandboxes.stop();
    server.close(() => {
      void db.close().finally(() => {
        unlock();
        process.exit(0);
      });
    });
    // Keep-alive connections may hold close() open; do not hang forever.
    setTimeout(() => {
      unlock();
      process.exit(0);
    }, 5000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
