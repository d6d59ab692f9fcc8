/**
 * A spec that needs a server of its own (a mode or test path that would disturb the other specs'
 * players) starts it here: `useOwnServer(...)` registers beforeAll / afterAll for the file, reuses
 * a matching server left on the port by a local run, and stops the one it started (SIGTERM: the
 * wrapper deletes its temporary data folder). The file's tests run in order in one worker.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { test } from '@playwright/test';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');

export interface OwnServer {
  port: number;
  /** Flags for scripts/e2e-server.mjs after --port, e.g. ['--test-clock']. */
  flags: string[];
  /** 'ours' when a server of the right kind answers on the port, 'other' for a different one, null when none. */
  probe(origin: string): Promise<'ours' | 'other' | null>;
  /** Environment variables for the server, read when it starts (e.g. SMTP_URL of a mail server the spec started). */
  env?: () => Record<string, string>;
}

export function useOwnServer(options: OwnServer): {
  origin: string;
  /** The server's DATA_DIR (its mail outbox is DATA_DIR/outbox), once started here; null for a reused server. */
  dataDir(): string | null;
} {
  const origin = `http://localhost:${options.port}`;
  let server: ChildProcess | null = null;
  let log = '';

  test.describe.configure({ mode: 'default', timeout: 150_000 });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    const running = await options.probe(origin);
    if (running === 'ours') return;
    if (running === 'other')
      throw new Error(`port ${options.port} serves another kind of server; choose a free port`);
    server = spawn(
      process.execPath,
      [join(ROOT, 'scripts', 'e2e-server.mjs'), '--port', String(options.port), ...options.flags],
      { cwd: ROOT, env: { ...process.env, ...options.env?.() }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
    const deadline = Date.now() + 150_000;
    while ((await options.probe(origin)) !== 'ours') {
      if (server.exitCode !== null)
        throw new Error(`server on ${options.port} exited (${server.exitCode}):\n${log}`);
      if (Date.now() > deadline) throw new Error(`server on ${options.port} did not answer in time:\n${log}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });

  test.afterAll(async () => {
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  });

  return {
    origin,
    dataDir: () => /DATA_DIR (\S+?),?\s/.exec(log)?.[1] ?? null,
  };
}
