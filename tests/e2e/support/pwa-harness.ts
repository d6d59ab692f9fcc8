/**
 * Harness of the PWA browser specs (tests/e2e/pwa-*.spec.ts). These specs need things the shared
 * e2e servers cannot give them: production builds with a chosen APP_VERSION, a server whose build
 * folder changes under it (a release), a server restarted on the same data folder, and the
 * service worker allowed. So each spec builds its own dist folders and runs its own server
 * (`tsx server/main.ts`) on a port of its own in 8470-8479.
 *
 * Builds are cached in the temp directory under a key made of APP_VERSION and a hash of every
 * source the build reads, so an unchanged tree is built once, and a lock lets parallel workers
 * share one build instead of racing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { sandboxEnv } from '../../../scripts/lib/sandbox-ports.mjs';

export const ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** Tree the builds come from: PWA_SOURCE_ROOT lets a fix be tried on a patched copy of the tree. */
const SOURCE_ROOT = process.env.PWA_SOURCE_ROOT ? resolve(process.env.PWA_SOURCE_ROOT) : ROOT;
const BUILD_CACHE = join(tmpdir(), 'lucky-crown-pwa-builds');

/** What `vite build` reads: a change to any of these makes a new build. */
const BUILD_INPUTS = [
  'src',
  'sw',
  'games',
  'public',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  'package.json',
  'tsconfig.app.json',
];

function hashInputs(): string {
  const hash = createHash('sha256');
  const walk = (path: string): void => {
    if (!existsSync(path)) return;
    const st = statSync(path);
    if (st.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || name.endsWith('.test.ts') || name.endsWith('.test.tsx')) continue;
        walk(join(path, name));
      }
      return;
    }
    hash.update(relative(SOURCE_ROOT, path));
    hash.update(readFileSync(path));
  };
  for (const input of BUILD_INPUTS) walk(join(SOURCE_ROOT, input));
  hash.update(SOURCE_ROOT);
  return hash.digest('hex').slice(0, 16);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** A directory lock (mkdir is atomic); a lock left by a dead process is taken over. */
async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const lock = join(BUILD_CACHE, `${name}.lock`);
  mkdirSync(BUILD_CACHE, { recursive: true });
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, 'pid'), String(process.pid));
      break;
    } catch {
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lock, 'pid'), 'utf8'));
      } catch {
        // the owner is still writing its pid
      }
      let alive = owner > 0;
      if (owner > 0) {
        try {
          process.kill(owner, 0);
        } catch {
          alive = false;
        }
      }
      if (owner > 0 && !alive) rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error(`timed out waiting for the build lock ${lock}`);
      await sleep(500);
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * A production build of the current tree with APP_VERSION=`version`, as a folder path. Built once
 * per version and source state; later calls answer the cached folder.
 */
export async function productionBuild(version: string): Promise<string> {
  const key = `${version}-${hashInputs()}`;
  const dir = join(BUILD_CACHE, key);
  const done = join(dir, '.build-complete');
  return withLock('build', async () => {
    if (existsSync(done)) return dir;
    // Builds of older trees are dropped after a day so the temp folder does not grow (not at once:
    // a spec of the same run may still be serving one while others edit the tree).
    for (const name of readdirSync(BUILD_CACHE)) {
      const old = join(BUILD_CACHE, name);
      if (name !== key && !name.endsWith('.lock') && Date.now() - statSync(old).mtimeMs > 24 * 3600_000)
        rmSync(old, { recursive: true, force: true });
    }
    const vite = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'vite.cmd' : 'vite');
    const child = spawn(vite, ['build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: SOURCE_ROOT,
      env: { ...process.env, APP_VERSION: version },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
    if (code !== 0) throw new Error(`vite build (APP_VERSION=${version}) failed (${code}):\n${output}`);
    writeFileSync(done, new Date().toISOString());
    return dir;
  });
}

const tempDirs: string[] = [];

/** A temporary folder, removed by removeTempDirs() (call it in afterAll). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `lucky-crown-pwa-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** A private copy of a build, which a spec may change (delete a chunk, copy a release over it). */
export function copyOfBuild(build: string): string {
  const into = tempDir('dist');
  cpSync(build, into, { recursive: true });
  return into;
}

/**
 * Deploys release `build` into the served folder. 'keep-old' copies over it (old hashed chunks
 * stay, as on a CDN); 'replace' removes the old release first, so its chunks are gone.
 */
export function deployOver(build: string, served: string, mode: 'keep-old' | 'replace' = 'keep-old'): void {
  if (mode === 'replace')
    for (const name of readdirSync(served)) rmSync(join(served, name), { recursive: true, force: true });
  cpSync(build, served, { recursive: true, force: true });
}

/** The entry script of a build's index.html (`/assets/index-HASH.js`). */
export function entryScriptOf(build: string): string {
  const html = readFileSync(join(build, 'index.html'), 'utf8');
  const src = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
  if (!src) throw new Error(`no entry script in ${build}/index.html`);
  return src;
}

/** A hashed chunk of a build whose file name starts with `prefix` (e.g. "policy-page-"). */
/**
 * The URL of the chunk built from a source module (e.g. 'src/features/policies/policy-page.tsx'),
 * read from the build manifest: app chunks are named by their hash alone.
 */
export function chunkOf(build: string, sourceModule: string): string {
  const manifest = JSON.parse(readFileSync(join(build, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const entry = manifest[sourceModule];
  if (!entry) throw new Error(`no chunk for ${sourceModule} in ${build}/.vite/manifest.json`);
  return `/${entry.file}`;
}

export interface AppServer {
  origin: string;
  port: number;
  dataDir: string;
  distDir: string;
  /** Server output, for failure messages. */
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the real server on `port` serving `distDir`, on `dataDir` (a fresh temp folder unless
 * given, so a restart can keep the database). Its sandboxes sit 1000-5000 above it
 * (scripts/lib/sandbox-ports.mjs: their defaults are other PWA specs' ports, which sit two apart).
 */
export async function startServer(opts: {
  port: number;
  distDir: string;
  dataDir?: string;
}): Promise<AppServer> {
  const { port, distDir } = opts;
  const dataDir = opts.dataDir ?? tempDir(`data-${port}`);
  const origin = `http://localhost:${port}`;
  if (await answers(`${origin}/api/v1/health`))
    throw new Error(`port ${port} is already in use: another PWA spec run, or a server left running`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    ...sandboxEnv(port),
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: 'warn',
    // As on the shared e2e servers (scripts/e2e-server.mjs): no promo pop-up after sign-in covering
    // the page a spec looks at, and new players join with no coins.
    SEED_PROMOTIONS: 'false',
    WELCOME_OFFER_AT_JOIN: 'false',
  };
  for (const name of [
    'DATABASE_URL',
    'GOLD_ONLY',
    'SESSION_INACTIVITY_SECONDS',
    'TEST_CLOCK',
    'LEGAL_TEST_MODE',
  ])
    delete env[name];
  const tsx = join(ROOT, 'node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');
  const child: ChildProcess = spawn(tsx, ['server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const deadline = Date.now() + 120_000;
  while (!(await answers(`${origin}/api/v1/health`))) {
    if (child.exitCode !== null)
      throw new Error(`server on port ${port} exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server on port ${port} did not answer within 120 s:\n${output}`);
    }
    await sleep(250);
  }
  return {
    origin,
    port,
    dataDir,
    distDir,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(10_000)]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  };
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * Sets a named property the way an operator does, with SQL on the server's database. The server
 * must be stopped (PGlite has one connection); it reads the new value once started again.
 */
export async function setNamedPropertyOffline(dataDir: string, key: string, value: string): Promise<void> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(join(dataDir, 'pglite'));
  try {
    await db.waitReady;
    await db.query(
      'INSERT INTO named_properties (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value',
      [key, value],
    );
  } finally {
    await db.close();
  }
}

/** Waits until a service worker controls the page and is activated. */
export async function waitForControllingWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => r(), { once: true }),
      );
    }
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none'), { timeout: 15_000 })
    .toBe('activated');
}

/** Waits until the active worker has filled its precache (the install step finished). */
export async function waitForPrecache(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const names = await caches.keys();
          const precache = names.find((n) => n.startsWith('workbox-precache'));
          if (!precache) return 0;
          return (await (await caches.open(precache)).keys()).length;
        }),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(10);
}

/**
 * One production build served for the whole spec file: started before its tests (serially, the
 * worker and caches are per origin), stopped and cleaned up after. Answers the server's origin.
 */
export function serveBuildForThisFile(port: number, version: string): { readonly origin: string } {
  let server: AppServer | undefined;
  test.describe.configure({ mode: 'default' });
  test.beforeAll(async () => {
    test.setTimeout(300_000);
    server = await startServer({ port, distDir: await productionBuild(version) });
  });
  test.afterAll(async () => {
    await server?.stop();
    removeTempDirs();
  });
  return {
    get origin() {
      if (!server) throw new Error('The spec server has not started.');
      return server.origin;
    },
  };
}
