/** Starts the real server process (config, PGlite on disk, migrations, seed, HTTP) and stops it. */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  let out = '';
  const child = spawn(tsx, ['server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

async function waitFor(url: string, ms: number): Promise<Response> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

describe('server process', () => {
  it('refuses a bad configuration with a clear message and exit code 1', async () => {
    const run = start({ PORT: 'eighty', GOLD_ONLY: 'perhaps' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid server configuration');
    expect(run.output()).toContain('PORT must be a whole number');
    expect(run.output()).toContain('GOLD_ONLY must be true or false');
  }, 30_000);

  it('refuses to start with a test switch on an https PUBLIC_ORIGIN, naming it, exit code 1', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-main-'));
    dirs.push(dataDir);
    const run = start({
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: 'https://play.luckycrown.example',
      TEST_CLOCK: 'true',
      GAMES_TEST_MODE: '',
      LEGAL_TEST_MODE: '',
      SEED_DEMO_PLAYER: '',
    });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('Invalid server configuration');
    expect(run.output()).toContain(
      'TEST_CLOCK must be off in production (PUBLIC_ORIGIN is https://play.luckycrown.example)',
    );
    expect(run.output()).not.toContain('GAMES_TEST_MODE');
    // Refused before anything was opened: no database, no lock file.
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 30_000);

  it('migrates, seeds, serves and shuts down cleanly', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-main-'));
    dirs.push(dataDir);
    const port = String(20_000 + Math.floor(Math.random() * 20_000));
    const run = start({
      PORT: port,
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'dist'),
      PASSWORD_HASH_COST: 'test',
      DATABASE_URL: '',
    });
    try {
      const health = await waitFor(`http://127.0.0.1:${port}/api/v1/health`, 60_000);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
      const app = await fetch(`http://127.0.0.1:${port}/lobby`);
      expect(app.status).toBe(503);
      expect(statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
      expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(true);
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  }, 90_000);
});
