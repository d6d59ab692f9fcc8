/**
 * A real server process (tsx server/main.ts on a temporary DATA_DIR: PGlite there, or a fresh
 * schema of TEST_DATABASE_URL when it is set) killed with SIGKILL
 * in the middle of a burst of card purchases, then started again. Without any request from the
 * player, the reconciliation job must bring every purchase to a final state within a minute, with
 * what the processor charged equal to what was credited, and no Idempotency-Key left claimed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX } from '../../../src/contract/api-paths.ts';
import { AUTH_SCHEME, CSRF_HEADER, IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import { PAYMENTS_API_PATHS, SANDBOX_TEST_CARDS as CARDS } from '../../../src/contract/payments.ts';
import type { Database } from '../../db/driver.ts';
import { openPglite } from '../../db/pglite-driver.ts';
import { openPostgres } from '../../db/postgres-driver.ts';
import { signUpPayload } from '../../test-support/test-app.ts';
import { ownAddress } from '../../test-support/payments-test-support.ts';
import { solveChallenge } from '../../core/robot-check.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-reconcile-crash-'));
const pgUrl = process.env.TEST_DATABASE_URL ?? null;
const schema = `t_crash_${randomBytes(5).toString('hex')}`;
const admin = pgUrl ? postgres(pgUrl, { max: 1, onnotice: () => undefined }) : null;
beforeAll(async () => {
  await admin?.unsafe(`CREATE SCHEMA ${schema}`);
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await admin?.unsafe(`DROP SCHEMA ${schema} CASCADE`);
  await admin?.end();
});

/** The server's database URL: the test schema as search_path (postgres.js reads it from the URL). */
const databaseUrl = (): string => {
  if (!pgUrl) return '';
  const url = new URL(pgUrl);
  url.searchParams.set('search_path', schema);
  return url.toString();
};
const openServerDatabase = (): Promise<Database> =>
  pgUrl ? openPostgres(pgUrl, { schema, max: 2 }) : openPglite(path.join(dataDir, 'pglite'));

const port = 21_000 + Math.floor(Math.random() * 20_000);
const sandboxPort = port + 1;
const base = `http://127.0.0.1:${port}`;
const GOLD_BY_CENTS: Record<number, number> = { 199: 20_000, 499: 50_000 };
const BURST = 20;
const ORPHAN_WAIT_MS = 15_000;
const KILL_AFTER_ANSWERS = 5;

function startServer(): { child: ChildProcess; exited: Promise<number | null>; output: () => string } {
  let out = '';
  // node --import tsx (not the tsx wrapper): the pid killed is the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      CARD_SANDBOX_PORT: String(sandboxPort),
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'dist'),
      DATABASE_URL: databaseUrl(),
      PASSWORD_HASH_COST: 'test',
      SEED_DEMO_PLAYER: 'false',
      RECONCILE_INTERVAL_SECONDS: '1',
      PAYMENTS_SANDBOX_SETTLE_MS: '300',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => out };
}

async function waitForHealth(ms: number): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(`${base}${API_PREFIX}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A browser-like player over real HTTP: cookie jar, CSRF header, JWT. */
class Player {
  cookies = new Map<string, string>();
  csrf = '';
  token = '';

  async call(method: string, apiPath: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (method !== 'GET') {
      if (!this.csrf) await this.refreshCsrf();
      h[CSRF_HEADER] = this.csrf;
    }
    if (this.token) h.Authorization = `${AUTH_SCHEME} ${this.token}`;
    if (this.cookies.size > 0) h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (body !== undefined) h['Content-Type'] = 'application/json';
    const res = await fetch(`${base}${API_PREFIX}${apiPath}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Record<string, unknown> };
  }

  async refreshCsrf() {
    this.csrf = '';
    const res = await this.call('GET', API_PATHS.csrf);
    this.csrf = String(res.body.csrf_token);
  }
}

interface SandboxIntent {
  status: string;
  amount: number;
  metadata: Record<string, string>;
}
const sandboxIntents = (): SandboxIntent[] =>
  Object.values(
    (
      JSON.parse(readFileSync(path.join(dataDir, 'card-sandbox.json'), 'utf8')) as {
        paymentIntents: Record<string, SandboxIntent>;
      }
    ).paymentIntents,
  );

describe('after kill -9 during a burst of purchases', () => {
  it('every purchase is final within a minute of the restart and charged = credited, with no client action', async () => {
    let server = startServer();
    await waitForHealth(90_000);
    const player = new Player();
    // The join's robot check, solved as the page does (this server has its own secret).
    const check = await player.call('GET', API_PATHS.joinRobotCheck);
    const challenge = String(check.body.challenge);
    const signUp = await player.call(
      'POST',
      API_PATHS.users,
      signUpPayload({
        g_token: `${challenge}:${solveChallenge(challenge, Number(check.body.difficulty))}`,
        g_id: check.body.site_key,
      }),
    );
    expect(signUp.status).toBe(201);
    player.token = String(signUp.body.token);
    await player.refreshCsrf();
    expect((await player.call('PATCH', PAYMENTS_API_PATHS.address, ownAddress())).status).toBe(200);
    const config = await player.call('GET', PAYMENTS_API_PATHS.paymentsConfig);
    const publishableKey = String(
      (config.body.card_processor as { publishable_key: string }).publishable_key,
    );
    const goldBefore = Number((await player.call('GET', API_PATHS.balances)).body.balance_total_gld);

    const tokens = await Promise.all(
      Array.from({ length: BURST }, async () => {
        const res = await fetch(`http://127.0.0.1:${sandboxPort}/card/v1/tokens`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${publishableKey}` },
          body: JSON.stringify({
            number: CARDS.success,
            exp_month: 12,
            exp_year: new Date().getUTCFullYear() + 2,
            cvc: '123',
            postal_code: '60606',
          }),
        });
        return String(((await res.json()) as { id: string }).id);
      }),
    );

    // The burst; SIGKILL once a few answers are back and the rest are in flight.
    let answered = 0;
    let killedAfter = -1;
    const burst = tokens.map((token, i) =>
      player
        .call(
          'POST',
          PAYMENTS_API_PATHS.cardPurchases,
          {
            package_id: i % 2 === 0 ? 'gold-199' : 'gold-499',
            payment_method: { type: 'card_token', token },
            confirm_repeat: true,
          },
          { [IDEMPOTENCY_HEADER]: randomUUID() },
        )
        .then(() => {
          answered += 1;
          if (answered === KILL_AFTER_ANSWERS && killedAfter < 0) {
            killedAfter = answered;
            server.child.kill('SIGKILL');
          }
        })
        .catch(() => undefined),
    );
    await Promise.all(burst);
    await server.exited;
    expect(killedAfter).toBe(KILL_AFTER_ANSWERS);
    expect(answered).toBeLessThan(BURST);

    // Restart; from here on the player only reads the balance (no status check, no retry).
    server = startServer();
    await waitForHealth(90_000);
    const restartedAt = Date.now();
    const expectedGold = () =>
      goldBefore +
      sandboxIntents()
        .filter((pi) => pi.status === 'succeeded')
        .reduce((sum, pi) => sum + GOLD_BY_CENTS[pi.amount]!, 0);
    let settled = false;
    while (!settled && Date.now() - restartedAt < 60_000) {
      await new Promise((r) => setTimeout(r, 500));
      const busy = sandboxIntents().some(
        (pi) => pi.status === 'processing' || pi.status === 'requires_action',
      );
      const gold = Number((await player.call('GET', API_PATHS.balances)).body.balance_total_gld);
      settled = !busy && gold === expectedGold();
    }
    const settledAfterMs = Date.now() - restartedAt;
    // A purchase the processor never saw is failed by the job after its grace period (two
    // intervals, at least 10 s): give it that long, then read the database.
    await new Promise((r) => setTimeout(r, Math.max(0, restartedAt + ORPHAN_WAIT_MS - Date.now())));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(settled, server.output()).toBe(true);

    // The database after a clean stop: every purchase final, charged = credited, no claim left.
    const db = await openServerDatabase();
    try {
      const purchases = await db.query<{
        id: string;
        status: string;
        amount_usd_cents: number;
        updated_at: Date;
        provider_reference: string | null;
        error_sub_code: string | null;
      }>(
        'SELECT id, status, amount_usd_cents, updated_at, provider_reference, error_sub_code FROM purchases',
      );
      expect(purchases.length).toBeGreaterThanOrEqual(answered);
      expect(purchases.filter((p) => p.status !== 'succeeded' && p.status !== 'failed')).toEqual([]);
      for (const p of purchases) expect(new Date(p.updated_at).getTime()).toBeLessThan(restartedAt + 60_000);
      const charged = sandboxIntents()
        .filter((pi) => pi.status === 'succeeded')
        .reduce((sum, pi) => sum + pi.amount, 0);
      const credited = purchases
        .filter((p) => p.status === 'succeeded')
        .reduce((sum, p) => sum + p.amount_usd_cents, 0);
      expect(credited).toBe(charged);
      const usage = await db.query<{ total: string | number }>(
        'SELECT COALESCE(sum(amount_usd_cents), 0) AS total FROM purchase_limit_usage',
      );
      expect(Number(usage[0]!.total)).toBe(credited);
      // Each intent belongs to one purchase, and a succeeded intent's purchase is succeeded.
      const byId = new Map(purchases.map((p) => [p.id, p.status]));
      for (const pi of sandboxIntents())
        if (pi.status === 'succeeded') expect(byId.get(pi.metadata.purchase_id!)).toBe('succeeded');
      // Purchases the processor never saw failed as "not started": nothing charged.
      for (const p of purchases.filter((x) => x.provider_reference === null))
        expect(p).toMatchObject({ status: 'failed', error_sub_code: 'provider_unavailable' });
      expect(await db.query('SELECT key FROM idempotency_requests WHERE status IS NULL')).toEqual([]);
      console.info(
        `reconcile-crash (${pgUrl ? 'PostgreSQL' : 'PGlite'}): ${purchases.length} purchases (${answered} answered before the kill), ` +
          `${purchases.filter((p) => p.status === 'succeeded').length} succeeded, charged ${charged} = credited ${credited} cents, ` +
          `${purchases.filter((p) => p.provider_reference === null).length} never reached the processor, ` +
          `settled ${settledAfterMs} ms after the restart`,
      );
    } finally {
      await db.close();
    }
  }, 240_000);
});
