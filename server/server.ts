/**
 * Starting the server: read and validate the configuration, open the database (PGlite in
 * DATA_DIR, or PostgreSQL at DATABASE_URL), migrate, seed, then serve the API and the built app on
 * PORT beside the provider sandboxes. main.ts starts it for players; the browser tests' entry
 * (test-support/test-server.ts) starts it with the test-only routes mounted.
 */
import { createSupportSandbox } from './providers/support-desk/sandbox/support-sandbox.ts';
import {
  attachSocialProviders,
  createSocialSandboxProviders,
} from './features/social-auth/social-providers.ts';
import { supportDeskSecret } from './features/support-desk/support-desk-jwt.ts';
import { createServerClock } from './core/clock.ts';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
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
import {
  attachPaymentProviders,
  createSandboxProviders,
  httpWebhookDelivery,
} from './features/payments/payment-providers.ts';
import { startReconciliationJob } from './features/payments/reconcile-job.ts';
import { startInterruptedRoundsJob } from './features/games/interrupted-rounds.ts';
import { startWeekCloseJob } from './features/leaderboard/week-close.ts';
import { GAME_ENGINES } from '../games/engines/registry.ts';
import { attachVendorGameProvider } from './features/vendor-wallet/vendor-provider.ts';
import { attachIdentityProviders, createIdentitySandboxProviders } from './features/kyc/kyc-provider.ts';
import { operatorCredentialsFromEnv, type OperatorCredentials } from './features/operator/environment.ts';
import { ensureOperatorFromEnvironment } from './features/operator/operators.ts';
import { createLogger } from './platform/logger.ts';
import { createOutboxEmail } from './providers/email/outbox-email.ts';
import { createVendorSandbox } from './providers/vendor-games/sandbox/vendor-sandbox.ts';
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
  /** Routes mounted under the API prefix beside the product's (the test server entry's switches). */
  testRoutes?: (deps: AppDeps) => Hono<AppEnv>[];
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
  // One clock for the whole server; with TEST_CLOCK on, browser tests can move it forward.
  const testClock = config.testClock ? createServerClock() : undefined;
  if (testClock)
    logger.warn('TEST_CLOCK is on: POST /api/v1/test/clock moves the server clock; for browser tests only');
  const now = testClock ? testClock.now : Date.now;
  const email = createOutboxEmail(db, path.join(config.dataDir, 'outbox'), now);
  const deps: AppDeps = { config, db, secrets, logger, email, hasher, now, testClock, hooks: featureHooks };
  // Payments sandbox (card processor + pay-by-bank) on its own origin; state kept in DATA_DIR.
  const payments = createSandboxProviders(deps, {
    stateDir: config.dataDir,
    autoDeliver: true,
    sandboxFetch: {
      apiBase: `http://127.0.0.1:${config.cardSandboxPort}`,
      fetch: (url, init) => fetch(url, init),
    },
    deliverWebhook: httpWebhookDelivery(`http://127.0.0.1:${config.port}`),
  });
  attachPaymentProviders(deps, payments);
  // Settles purchases left unfinished (crash, lost webhook) and frees claims of dead servers.
  const reconciliation = startReconciliationJob(deps, { intervalMs: config.reconcileIntervalSeconds * 1000 });
  // Game vendor sandbox on its own origin: its slot page and backend, which calls our wallet.
  const vendor = createVendorSandbox({
    origin: config.vendorSandboxOrigin,
    appOrigin: config.publicOrigin,
    walletApiBase: `http://127.0.0.1:${config.port}`,
    secret: secrets.vendorWalletSecret,
    fetch: (url, init) => fetch(url, init),
    now,
  });
  attachVendorGameProvider(deps, vendor.provider);
  // Identity verification sandbox on its own origin: its frame and its server-to-server API.
  const identity = createIdentitySandboxProviders(deps, {
    stateDir: config.dataDir,
    sandboxFetch: {
      apiBase: `http://127.0.0.1:${config.kycSandboxPort}`,
      fetch: (url, init) => fetch(url, init),
    },
  });
  attachIdentityProviders(deps, identity);
  // Google / Facebook identity provider sandbox on its own origin: its popup, its keys (JWKS), and
  // the data deletion requests it sends to our callback.
  const social = createSocialSandboxProviders(deps, {
    stateDir: config.dataDir,
    sandboxFetch: {
      apiBase: `http://127.0.0.1:${config.socialSandboxPort}`,
      fetch: (url, init) => fetch(url, init),
    },
    callback: { apiBase: `http://127.0.0.1:${config.port}`, fetch: (url, init) => fetch(url, init) },
  });
  attachSocialProviders(deps, social);
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
  const app = createApp(deps, { testRoutes: options.testRoutes?.(deps) ?? [] });

  if (!existsSync(path.join(config.distDir, 'index.html'))) {
    logger.warn('no built app found; app routes answer 503 until `npm run build` is run', {
      dist_dir: config.distDir,
    });
  }
  const server = createAppServer(deps, app.fetch);
  server.listen(config.port, () => {
    logger.info('Lucky Crown server listening', {
      url: `http://localhost:${(server.address() as AddressInfo).port}`,
      public_origin: config.publicOrigin,
      database: config.databaseUrl ? 'postgresql' : `pglite (${path.join(config.dataDir, 'pglite')})`,
      outbox: path.join(config.dataDir, 'outbox'),
    });
    // The prerendered pages' module (React on the server, about 0.6 s to load) loads on the first
    // page request: ask for the sign-in page now, so the first visitor after a start does not wait.
    const port = (server.address() as AddressInfo).port;
    void fetch(`http://127.0.0.1:${port}${ROUTES.login}`, { headers: { accept: 'text/html' } })
      .then((res) => res.arrayBuffer())
      .catch(() => undefined);
  });

  const sandboxServer = payments.sandbox
    ? serve({ fetch: payments.sandbox.app.fetch, port: config.cardSandboxPort }, (info) => {
        logger.info('payments sandbox listening', {
          url: `http://localhost:${info.port}`,
          origin: config.cardSandboxOrigin,
        });
      })
    : null;
  // A busy sandbox port must not take the API down: payments answer "provider unavailable" meanwhile.
  sandboxServer?.on('error', (error: Error) => {
    logger.error('payments sandbox could not listen; set CARD_SANDBOX_PORT to a free port', {
      port: config.cardSandboxPort,
      error: error.message,
    });
  });

  const vendorServer = serve({ fetch: vendor.app.fetch, port: config.vendorSandboxPort }, (info) => {
    logger.info('game vendor sandbox listening', {
      url: `http://localhost:${info.port}`,
      origin: config.vendorSandboxOrigin,
    });
  });
  // Like the payments sandbox: a busy port must not take the API down.
  vendorServer.on('error', (error: Error) => {
    logger.error('game vendor sandbox could not listen; set VENDOR_SANDBOX_PORT to a free port', {
      port: config.vendorSandboxPort,
      error: error.message,
    });
  });

  const kycServer = identity.sandbox
    ? serve({ fetch: identity.sandbox.app.fetch, port: config.kycSandboxPort }, (info) => {
        logger.info('identity verification sandbox listening', {
          url: `http://localhost:${info.port}`,
          origin: config.kycSandboxOrigin,
        });
      })
    : null;
  // Like the other sandboxes: a busy port must not take the API down (verification answers 503).
  kycServer?.on('error', (error: Error) => {
    logger.error('identity verification sandbox could not listen; set KYC_SANDBOX_PORT to a free port', {
      port: config.kycSandboxPort,
      error: error.message,
    });
  });

  // The help center sandbox on its own origin: JWT sign-in from the app, public pages otherwise.
  const supportSite = createSupportSandbox({
    appOrigin: config.publicOrigin,
    secret: supportDeskSecret(config.supportDeskJwtSecret, secrets.jwtSecret),
    now,
  });
  const supportServer = serve({ fetch: supportSite.fetch, port: config.supportSandboxPort }, (info) => {
    logger.info('support site sandbox listening', {
      url: `http://localhost:${info.port}`,
      origin: config.supportSiteOrigin,
    });
  });
  // Like the other sandboxes: a busy port must not take the API down (the help center link fails).
  supportServer.on('error', (error: Error) => {
    logger.error('support site sandbox could not listen; set SUPPORT_SANDBOX_PORT to a free port', {
      port: config.supportSandboxPort,
      error: error.message,
    });
  });

  const socialServer = social.sandbox
    ? serve({ fetch: social.sandbox.app.fetch, port: config.socialSandboxPort }, (info) => {
        logger.info('social sign-in sandbox listening', {
          url: `http://localhost:${info.port}`,
          origin: config.socialSandboxOrigin,
        });
      })
    : null;
  // Like the other sandboxes: a busy port must not take the API down (social sign-in answers 503).
  socialServer?.on('error', (error: Error) => {
    logger.error('social sign-in sandbox could not listen; set SOCIAL_SANDBOX_PORT to a free port', {
      port: config.socialSandboxPort,
      error: error.message,
    });
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    void reconciliation.stop();
    void interruptedRounds.stop();
    void weekClose.stop();
    payments.sandbox?.card.stop();
    payments.sandbox?.bank.stop();
    sandboxServer?.close();
    vendorServer.close();
    kycServer?.close();
    supportServer.close();
    socialServer?.close();
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
