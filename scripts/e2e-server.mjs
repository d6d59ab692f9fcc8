#!/usr/bin/env node
/**
 * Starts the real server (production build in ./dist + API) for the browser tests, on its own
 * fresh data folder: a temporary DATA_DIR (embedded PGlite) created here and deleted when the
 * server stops, so every test run starts from an empty, freshly migrated and seeded database.
 * Started by playwright.config.ts (webServer); stopped with SIGTERM.
 *
 * Usage: node scripts/e2e-server.mjs --port 8499 [--inactivity-seconds 6] [--gold-only]
 * --gold-only runs the product in gold-only mode (GOLD_ONLY=true; tests/e2e/gold-only.spec.ts).
 * --property name=value (repeatable) stores a named property before the server starts
 * (server/test-support/set-named-properties.ts), e.g. mobile_verification_enabled=true.
 * --complimentary-gold keeps the complimentary Gold offer on (comp_state_award_gold; set to 0 by default here).
 * --welcome-offer applies the welcome offer FREECOINS at join (WELCOME_OFFER_AT_JOIN=true; off by default here).
 * --legal-test-mode opens the test path that publishes a new legal document version (LEGAL_TEST_MODE=true).
 * --test-clock opens GET/POST /api/v1/test/clock, which moves the server clock forward (TEST_CLOCK=true).
 * --seed-promotions seeds the starter promotions (SEED_PROMOTIONS=true; off without it).
 * Set KEEP_E2E_DATA=1 to keep the data folder for a look afterwards (its path is printed).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sandboxEnv } from './lib/sandbox-ports.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function option(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const port = option('port');
if (!port || !/^\d+$/.test(port)) {
  console.error(
    '[e2e-server] usage: node scripts/e2e-server.mjs --port <port> [--inactivity-seconds <n>] [--gold-only]',
  );
  process.exit(2);
}
const distDir = process.env.DIST_DIR ?? join(root, 'dist');
if (!existsSync(join(distDir, 'index.html'))) {
  console.error(
    `[e2e-server] no production build at ${distDir}: run \`npx vite build\` first (npm run test:e2e does).`,
  );
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), `lucky-crown-e2e-${port}-`));
const env = {
  ...process.env,
  PORT: port,
  DATA_DIR: dataDir,
  DIST_DIR: distDir,
  PUBLIC_ORIGIN: `http://localhost:${port}`,
  // The sandboxes (card, vendor, identity, support site, social sign-in) are origins of their own,
  // 1000-5000 ports above (the defaults PORT + 1 ... + 5 are the other e2e servers' ports).
  ...sandboxEnv(Number(port)),
  // Sandbox payments settle faster than the default 1.5 s, so purchase tests don't idle.
  PAYMENTS_SANDBOX_SETTLE_MS: process.env.PAYMENTS_SANDBOX_SETTLE_MS ?? '300',
  // Every spec signs players up from 127.0.0.1; the production per-address limit would stop the run.
  SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
  // The operator the specs sign in as on /operator (tests/e2e/support/operator.ts, E2E_OPERATOR).
  OPERATOR_EMAIL: 'operator@luckycrown.example',
  OPERATOR_PASSWORD: 'Operator#Console-2026',
};
// The browser tests always run on the embedded database, and in the full product unless
// --gold-only asks for gold-only mode, whatever the caller's shell says.
delete env.DATABASE_URL;
const goldOnly = process.argv.includes('--gold-only');
if (goldOnly) env.GOLD_ONLY = 'true';
else delete env.GOLD_ONLY;
// --legal-test-mode: POST /api/v1/test/legal-documents/publish publishes a new document version on
// the running server (tests/e2e/legal-and-responsible-play.spec.ts, on a server of its own: a new
// terms version asks every player, which would stop other specs' players). Never in production.
if (process.argv.includes('--legal-test-mode')) env.LEGAL_TEST_MODE = 'true';
else delete env.LEGAL_TEST_MODE;
// --test-clock: GET/POST /api/v1/test/clock reads and moves the server clock forward (the next
// Eastern day for daily and login bonuses, a week's end for the leaderboard).
if (process.argv.includes('--test-clock')) env.TEST_CLOCK = 'true';
else delete env.TEST_CLOCK;
// A moved clock reaches a challenge week's end at once: the week-close job looks every 2 s there.
env.LEADERBOARD_CLOSE_INTERVAL_SECONDS = process.argv.includes('--test-clock') ? '2' : '60';
// --seed-promotions: the starter promo pop-ups and carousel slides (tests/e2e/promotions.spec.ts, on a
// server of its own). Off otherwise: a pop-up after every sign-in would cover the other specs' pages.
env.SEED_PROMOTIONS = process.argv.includes('--seed-promotions') ? 'true' : 'false';
// --welcome-offer: a new player who types no code joins with FREECOINS, as in production
// (tests/e2e/welcome-offer.spec.ts, on a server of its own). Off otherwise: the other specs count a
// new player's coins from zero.
env.WELCOME_OFFER_AT_JOIN = process.argv.includes('--welcome-offer') ? 'true' : 'false';
const inactivity = option('inactivity-seconds');
if (inactivity) env.SESSION_INACTIVITY_SECONDS = inactivity;
else delete env.SESSION_INACTIVITY_SECONDS;

console.error(
  `[e2e-server] port ${port}, DATA_DIR ${dataDir}${inactivity ? `, inactivity ${inactivity} s` : ''}${goldOnly ? ', gold-only' : ''}`,
);
const tsx = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
const properties = process.argv.flatMap((arg, i) =>
  arg === '--property' ? [process.argv[i + 1] ?? ''] : [],
);
// --complimentary-gold keeps the complimentary Gold offer on (tests/e2e/complimentary-gold.spec.ts, on
// a server of its own). Off otherwise (comp_state_award_gold=0): the offer's dialog would cover the
// game pages of the other specs' players, who join with no Gold.
if (
  !process.argv.includes('--complimentary-gold') &&
  !properties.some((p) => p.startsWith('comp_state_award_gold='))
)
  properties.push('comp_state_award_gold=0');
if (properties.length > 0) {
  const set = spawnSync(tsx, ['server/test-support/set-named-properties.ts', ...properties], {
    cwd: root,
    env,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (set.status !== 0) {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(set.status ?? 1);
  }
}
const child = spawn(tsx, ['server/test-support/test-server.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});

let stopping = false;
function cleanup() {
  if (process.env.KEEP_E2E_DATA === '1') {
    console.error(`[e2e-server] kept data folder ${dataDir}`);
    return;
  }
  try {
    rmSync(dataDir, { recursive: true, force: true });
  } catch {
    // A folder left in the temp directory is harmless; never fail the run over it.
  }
}

for (const sig of ['SIGTERM', 'SIGINT']) {
  process.on(sig, () => {
    stopping = true;
    if (child.exitCode === null) child.kill(sig);
  });
}
child.on('exit', (code, signal) => {
  cleanup();
  if (!stopping && code !== 0) console.error(`[e2e-server] server exited (${code ?? signal})`);
  process.exit(stopping ? 0 : (code ?? 1));
});
child.on('error', (e) => {
  console.error(`[e2e-server] could not start the server: ${e.message}`);
  cleanup();
  process.exit(1);
});
