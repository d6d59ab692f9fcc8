#!/usr/bin/env node
/**
 * Makes sure the project's dependencies (and, with --browser, a Chromium for Playwright) are
 * present before anything else runs. Plain Node with no dependencies: it must work on a fresh
 * clone where node_modules does not exist yet.
 *
 * Stores a marker file, node_modules/.lucky-crown-deps.json, holding a hash of package.json and
 * package-lock.json as of the last successful install; a different hash means the lockfile
 * changed (for example after `git pull`) and dependencies are installed again.
 *
 * Usage: node scripts/ensure-deps.mjs [--browser] [--check]
 *   --browser  also make sure a Chromium exists for the browser tests
 *   --check    report what would be done, change nothing (exit 1 when something is missing)
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const wantBrowser = args.has('--browser');
const checkOnly = args.has('--check');

const nodeModules = join(root, 'node_modules');
const lockfile = join(root, 'package-lock.json');
const packageJson = join(root, 'package.json');
const marker = join(nodeModules, '.lucky-crown-deps.json');
/** Tools every script of the project calls; if one is missing the install is incomplete. */
const requiredBins = ['vite', 'vitest', 'tsx', 'playwright', 'tsc'];
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

const log = (msg) => console.log(`[deps] ${msg}`);
const fail = (msg) => {
  console.error(`[deps] ERROR: ${msg}`);
  process.exit(1);
};

function run(cmd, cmdArgs, extraEnv = {}) {
  log(`$ ${cmd} ${cmdArgs.join(' ')}`);
  const res = spawnSync(cmd, cmdArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...extraEnv },
    shell: process.platform === 'win32',
  });
  if (res.error) return { ok: false, why: res.error.message };
  return { ok: res.status === 0, why: `exit code ${res.status ?? res.signal}` };
}

function dependencyHash() {
  const h = createHash('sha256');
  h.update(readFileSync(packageJson));
  if (existsSync(lockfile)) h.update(readFileSync(lockfile));
  return h.digest('hex');
}

function readMarker() {
  try {
    return JSON.parse(readFileSync(marker, 'utf8'));
  } catch {
    return null;
  }
}

/** Why dependencies must be installed, or null when they are up to date. */
function installReason(hash) {
  if (!existsSync(nodeModules)) return 'node_modules is missing';
  const missing = requiredBins.filter(
    (b) => !existsSync(join(nodeModules, '.bin', b)) && !existsSync(join(nodeModules, '.bin', `${b}.cmd`)),
  );
  if (missing.length > 0) return `node_modules is incomplete (missing ${missing.join(', ')})`;
  const m = readMarker();
  if (m) return m.hash === hash ? null : 'package.json or package-lock.json changed since the last install';
  // No marker (installed by hand): fall back to timestamps. npm writes node_modules/.package-lock.json
  // on every install, so it is newer than the lockfile when the install is current.
  if (existsSync(lockfile)) {
    const installed = existsSync(join(nodeModules, '.package-lock.json'))
      ? statSync(join(nodeModules, '.package-lock.json')).mtimeMs
      : statSync(nodeModules).mtimeMs;
    if (statSync(lockfile).mtimeMs > installed + 1000) return 'package-lock.json is newer than node_modules';
  }
  return null;
}

function ensureNodeModules() {
  const hash = dependencyHash();
  const reason = installReason(hash);
  if (!reason) {
    log(`dependencies up to date (installed with ${readMarker()?.command ?? 'an earlier install'})`);
    if (!checkOnly && !readMarker()) writeMarker(hash);
    return true;
  }
  if (checkOnly) {
    log(`would install dependencies: ${reason}`);
    return false;
  }
  const hasLock = existsSync(lockfile);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // `npm ci` installs exactly the lockfile; a fresh clone must pass it (scripts/lib/lockfile-check.mjs
  // tests that the lockfile lacks nothing). Outside CI a failed `npm ci` falls back to
  // `npm install` so a developer with an edited package.json is not stuck; in CI it is an error.
  let command = hasLock ? 'npm ci' : 'npm install';
  log(`installing dependencies (${reason}) with ${command}...`);
  let res = run(npm, [hasLock ? 'ci' : 'install', '--no-audit', '--no-fund']);
  if (!res.ok && hasLock) {
    if (process.env.CI)
      fail(`npm ci failed (${res.why}): the lockfile does not match package.json or the registry.`);
    log(`npm ci failed (${res.why}); falling back to npm install (it may update package-lock.json)`);
    command = 'npm install';
    res = run(npm, ['install', '--no-audit', '--no-fund']);
  }
  if (!res.ok) fail(`${command} failed (${res.why}). Fix the error above and run again.`);
  // npm install may have written a lockfile: hash again so the marker matches what is on disk.
  writeMarker(dependencyHash(), command);
  log(`dependencies installed with ${command}`);
  return true;
}

function writeMarker(hash, command = 'unknown (installed by hand)') {
  try {
    const body = { hash, command, installed_at: new Date().toISOString() };
    writeFileSync(marker, `${JSON.stringify(body, null, 2)}\n`);
  } catch (e) {
    log(`note: could not write ${marker}: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** Playwright's own downloaded Chromium, when one exists (npx playwright install chromium). */
async function playwrightBrowser() {
  try {
    const entry = join(nodeModules, 'playwright-core', 'index.js');
    if (!existsSync(entry)) return null;
    const mod = await import(pathToFileURL(entry).href);
    const pw = mod.default ?? mod;
    const p = pw.chromium.executablePath();
    return p && existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

async function ensureChromium() {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE || process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) {
      log(`Chromium: ${fromEnv} (from environment)`);
      return true;
    }
    fail(`Chromium set in the environment does not exist: ${fromEnv}`);
  }
  if (existsSync(DEBIAN_CHROMIUM)) {
    log(`Chromium: ${DEBIAN_CHROMIUM}`);
    return true;
  }
  const own = await playwrightBrowser();
  if (own) {
    log(`Chromium: ${own} (Playwright's browser)`);
    return true;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (checkOnly) {
    log('would install Chromium (none found)');
    return false;
  }
  if (isRoot && hasApt) {
    log("no Chromium found: installing Debian's chromium package (apt-get)...");
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    const upd = run('apt-get', ['update'], env);
    if (!upd.ok) fail(`apt-get update failed (${upd.why})`);
    const inst = run('apt-get', ['install', '-y', 'chromium'], env);
    if (!inst.ok || !existsSync(DEBIAN_CHROMIUM)) fail(`apt-get install chromium failed (${inst.why})`);
    log(`Chromium installed: ${DEBIAN_CHROMIUM}`);
    return true;
  }
  fail(
    [
      'no Chromium found for the browser tests. Install one of these, then run again:',
      '  - Debian/Ubuntu:   sudo apt-get install -y chromium',
      "  - Playwright's:    npx playwright install chromium",
      '  - or point PLAYWRIGHT_CHROMIUM_EXECUTABLE at an existing Chromium/Chrome binary.',
    ].join('\n'),
  );
  return false;
}

const depsOk = ensureNodeModules();
const browserOk = wantBrowser ? await ensureChromium() : true;
if (checkOnly && !(depsOk && browserOk)) process.exit(1);
