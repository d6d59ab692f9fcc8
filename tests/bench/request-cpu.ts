/**
 * CPU per balance read, HTTP stack only: the product's server (createApp served by
 * createAppServer, as main.ts serves it), a minimal Hono app and a bare node:http server answer GET /api/v1/wallet/balances
 * over keep-alive HTTP with the database answers stubbed (a resolved promise of fixed rows), so
 * what is measured is the framework, the middleware and the route, not the database. The client
 * runs in the same process and is the same for all three, so the differences are the servers'.
 * Microseconds of process CPU per request hold up on a loaded machine, unlike requests/second.
 *
 *   npx tsx tests/bench/request-cpu.ts            # µs/request of each server
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx tests/bench/request-cpu.ts app
 *
 * Env: CPU_REQUESTS (per server and round, default 20000), CPU_CLIENTS (default 10), CPU_ROUNDS (3),
 * CPU_DATABASE_URL (a PostgreSQL server instead of the stub: a temporary schema with one player, to
 * see what the database driver adds to each server's CPU).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { serve } from '@hono/node-server';
import postgres from 'postgres';
import { Hono } from 'hono';
import { API_PATHS, API_PREFIX } from '../../src/contract/api-paths.ts';
import { AUTH_SCHEME } from '../../src/contract/constants.ts';
import { createApp } from '../../server/app.ts';
import { createAppServer } from '../../server/app-server.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPostgres } from '../../server/db/postgres-driver.ts';
import { createAuthSession } from '../../server/core/sessions/auth-sessions.ts';
import type { Database, Row } from '../../server/db/driver.ts';
import type { AppDeps } from '../../server/core/deps.ts';
import { issueAccessToken } from '../../server/http/auth.ts';
import type { EmailProvider } from '../../server/providers/email/email-provider.ts';
import { benchDeps } from './bench-deps.ts';
import { readBalances, type BalanceRow } from '../../server/core/ledger/balances.ts';

const REQUESTS = Number(process.env.CPU_REQUESTS ?? 20_000);
const CLIENTS = Number(process.env.CPU_CLIENTS ?? 10);
const ROUNDS = Number(process.env.CPU_ROUNDS ?? 3);
const STUB_USER_ID = '00000000-0000-4000-8000-000000000001';
const STUB_SESSION_ID = '00000000-0000-4000-8000-000000000002';
const BALANCE_ROWS: BalanceRow[] = [
  { currency: 'gold', bucket: 'main', amount_minor: 1_000_000 },
  { currency: 'sweeps', bucket: 'paid', amount_minor: 2_500 },
  { currency: 'sweeps', bucket: 'free', amount_minor: 100 },
  { currency: 'sweeps', bucket: 'redeemable', amount_minor: 0 },
];

/** Every statement answers the session + balance rows of one live session (activity just recorded). */
function stubDatabase(): Database {
  const rows = BALANCE_ROWS.map((b) => ({
    user_id: STUB_USER_ID,
    ended_at: null,
    last_active_at: new Date(),
    account_state: 'active',
    ...b,
  }));
  const query = <T extends Row>(): Promise<T[]> => {
    rows.forEach((r) => (r.last_active_at = new Date()));
    return Promise.resolve(rows as unknown as T[]);
  };
  return {
    kind: 'postgres',
    query,
    exec: () => Promise.resolve(),
    transactionOnce: (fn) => fn({ query }),
    close: () => Promise.resolve(),
  };
}

const stubDeps = (db: Database): AppDeps =>
  benchDeps(db, path.join(os.tmpdir(), 'lc-request-cpu'), () => ({}) as EmailProvider);

/** app: the product's server; app-hono: the same app through Hono's adapter only (no fast path). */
type ServerName = 'app' | 'app-hono' | 'hono' | 'bare';

function startServer(name: ServerName, deps: AppDeps): Promise<http.Server> {
  let server: http.Server;
  if (name === 'bare') {
    server = http.createServer((req, res) => {
      void readBalances(deps.db, String(req.headers['x-user-id'])).then((answer) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer));
      });
    });
    server.listen(0, '127.0.0.1');
  } else if (name === 'hono') {
    const app = new Hono();
    app.get(`${API_PREFIX}${API_PATHS.balances}`, async (c) =>
      c.json(await readBalances(deps.db, String(c.req.header('X-User-Id')))),
    );
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  } else if (name === 'app-hono') {
    server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  } else {
    server = createAppServer(deps, createApp(deps).fetch).listen(0, '127.0.0.1');
  }
  return new Promise((resolve) =>
    server.listening ? resolve(server) : server.once('listening', () => resolve(server)),
  );
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

function get(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: 'GET', path: `${API_PREFIX}${API_PATHS.balances}`, headers, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** µs of process CPU (user + system) per request over `count` requests from CLIENTS loops. */
async function cpuPerRequest(port: number, headers: Record<string, string>, count: number): Promise<number> {
  let left = count;
  const started = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (left-- > 0) {
        const status = await get(port, headers);
        if (status !== 200) throw new Error(`status ${status}`);
      }
    }),
  );
  const used = process.cpuUsage(started);
  return (used.user + used.system) / count;
}

/** A temporary schema on CPU_DATABASE_URL with one player and a session; dropped on exit. */
async function realDatabase(
  url: string,
): Promise<{ db: Database; userId: string; sessionId: string; drop(): Promise<void> }> {
  const schema = `cpu_${randomBytes(5).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres(url, { schema, max: 20 });
  await migrate(db);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, person_key, household_key, birth_year, birth_month, birth_day, postal_code, state_or_province)
     VALUES ('cpu@example.com', 'x', 'Cpu', 'Player', 'cpu-person', 'cpu-household', 1990, 1, 1, '60601', 'IL') RETURNING id`,
  );
  const userId = rows[0]!.id;
  for (const [currency, bucket, amount] of [
    ['gold', 'main', 1_000_000],
    ['sweeps', 'paid', 2_500],
    ['sweeps', 'free', 100],
    ['sweeps', 'redeemable', 0],
  ] as const)
    await db.query(
      'INSERT INTO wallet_balances (user_id, currency, bucket, amount_minor) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [userId, currency, bucket, amount],
    );
  const sessionId = await createAuthSession(db, userId, Date.now());
  return {
    db,
    userId,
    sessionId,
    drop: async () => {
      await db.close();
      await admin.unsafe(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

async function main(): Promise<void> {
  const only = process.argv[2] as ServerName | undefined;
  const names: ServerName[] = only ? [only] : ['bare', 'hono', 'app-hono', 'app'];
  const url = process.env.CPU_DATABASE_URL;
  const real = url ? await realDatabase(url) : null;
  const deps = stubDeps(real?.db ?? stubDatabase());
  const userId = real?.userId ?? STUB_USER_ID;
  const token = (await issueAccessToken(deps.secrets.jwtSecret, userId, real?.sessionId ?? STUB_SESSION_ID))
    .token;
  const headers = {
    'Accept-Encoding': 'gzip, deflate, br, zstd',
    Accept: 'application/json',
    Authorization: `${AUTH_SCHEME} ${token}`,
    'X-User-Id': userId,
  };
  const servers = new Map<ServerName, number>();
  for (const name of names) {
    const server = await startServer(name, deps);
    servers.set(name, (server.address() as AddressInfo).port);
    await cpuPerRequest(servers.get(name)!, headers, 2_000); // warm-up (JIT)
  }
  const results = new Map<ServerName, number[]>(names.map((n) => [n, []]));
  for (let round = 0; round < ROUNDS; round++)
    for (const name of names)
      results.get(name)!.push(await cpuPerRequest(servers.get(name)!, headers, REQUESTS));
  for (const [name, values] of results) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${name.padEnd(8)} ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} µs CPU/request (rounds: ${values.map((v) => v.toFixed(1)).join(', ')})`,
    );
  }
  await real?.drop();
  process.exit(0);
}

await main();
