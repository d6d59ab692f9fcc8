/**
 * The benchmark behind `npm run bench` (tests/bench/run.ts loads it; it lives here so the server
 * TypeScript project type-checks it with the code it measures). Purchase and balance-read throughput and p50/p99
 * latency at 1, 10 and 100 concurrent clients, on PGlite (embedded, file-backed under /tmp) and on
 * PostgreSQL (BENCH_DATABASE_URL, or a server on 127.0.0.1:5432 when one answers), each through:
 *  - "app": the product's HTTP stack, served by createAppServer as main.ts serves it (Hono app
 *    from createApp: security headers, JWT auth with its account lookup, idempotency middleware,
 *    wallet transaction, JSON answer; the balance read through the node:http fast path in front of
 *    it). Balance read is the real GET /api/v1/wallet/balances. Purchase is a bench route with the
 *    same middleware as the pay call around `creditPurchase` in `walletTransaction`: the product's
 *    pay call also waits for the card processor sandbox, which would measure the sandbox rather
 *    than the ledger;
 *    Game round is the real POST /api/v1/games/crown-jewels/rounds (a 100 Gold Coin slot spin: the
 *    bet debited, the spin decided from the player's provably fair seed, the win credited, the
 *    round stored, all in one transaction), with its CSRF token and Idempotency-Key;
 *  - "bare": a plain node:http server running the same SQL (the same readBalances / creditPurchase
 *    functions, no framework, no auth, no idempotency record): the baseline.
 * Each client is a loop of sequential requests over keep-alive HTTP for BENCH_SECONDS (default 3)
 * after a short warm-up; every client buys for its own player (100 players), as real traffic does.
 * Writes bench-results/bench-<date>.json and replaces the Benchmarks table in docs/performance.md.
 * App and bare are measured side by side in alternating slices (BENCH_SLICES, default 6) so both
 * see the same background load; every request carries the Accept-Encoding header a browser sends.
 * Env: BENCH_SECONDS (per server and cell), BENCH_DATABASE_URL, BENCH_CLIENTS (e.g. "1,10,100"),
 * BENCH_OPERATIONS ("balance,purchase,round"), BENCH_SLICES, BENCH_SKIP_PGLITE=1, BENCH_NO_DOCS=1 (do not
 * rewrite the table in docs/performance.md).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import postgres from 'postgres';
import { IDEMPOTENCY_HEADER, CSRF_COOKIE, CSRF_HEADER } from '../../src/contract/constants.ts';
import { createApp } from '../../server/app.ts';
import { createAppServer } from '../../server/app-server.ts';
import type { Database } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite-driver.ts';
import { openPostgres } from '../../server/db/postgres-driver.ts';
import { createPasswordHasher } from '../../server/core/sessions/password-hash.ts';
import { readBalances } from '../../server/core/ledger/balances.ts';
import { creditPurchase } from '../../server/features/payments/purchase-credit.ts';
import { walletTransaction } from '../../server/core/ledger/wallet-transaction.ts';
import type { AppEnv } from '../../server/http/app-env.ts';
import type { AppDeps } from '../../server/core/deps.ts';
import { createAuthSession } from '../../server/core/sessions/auth-sessions.ts';
import { issueAccessToken, requireAuth } from '../../server/http/auth.ts';
import { idempotent } from '../../server/http/idempotency.ts';
import { createOutboxEmail } from '../../server/providers/email/outbox-email.ts';
import { benchDeps } from './bench-deps.ts';
import { seed } from '../../server/seed.ts';
import { GAMES_API_PATHS, HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import { API_PREFIX } from '../../src/contract/api-paths.ts';
import { GAME_ENGINES } from '../../games/engines/registry.ts';
import { issueCsrfToken } from '../../server/http/csrf.ts';
import { setClientSeed } from '../../server/features/games/fair-seeds.ts';
import { startRound, type RoundsDeps } from '../../server/features/games/rounds.ts';
import { acceptLatestWithoutAsking } from '../../server/features/legal/legal-acceptance.ts';
import { creditCoins } from '../../server/core/ledger/ledger.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const WARMUP_MS = 500;
/** Warm-up of each later slice: lets the other server's in-flight requests drain. */
const SLICE_WARMUP_MS = 100;
const SLICES = Math.max(2, Number(process.env.BENCH_SLICES ?? 6));
type Operation = 'balance' | 'purchase' | 'round';
const OPERATIONS = (process.env.BENCH_OPERATIONS ?? 'balance,purchase,round').split(',') as Operation[];
/** The game round measured: one Crown Jewels spin (start and finish in one call) of 100 Gold Coins. */
const ROUND_GAME = HOUSE_GAME_IDS.slots;
const ROUND_BET = { betValue: 100, currency: 'gold' as const };
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,10,100').split(',').map(Number);
const PLAYERS = Math.max(...CLIENTS);
const PROMO_SETTINGS = { welcomePromoSweepsCents: 100, goldOnly: false };

interface Result {
  database: 'pglite' | 'postgres';
  server: 'app' | 'bare';
  operation: Operation;
  clients: number;
  requests: number;
  errors: number;
  rps: number;
  p50_ms: number;
  p99_ms: number;
}

interface Target {
  name: 'pglite' | 'postgres';
  db: Database;
  close(): Promise<void>;
}

async function openTargets(): Promise<Target[]> {
  const targets: Target[] = [];
  if (!process.env.BENCH_SKIP_PGLITE) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-bench-pglite-'));
    const db = await openPglite(path.join(dir, 'pglite'));
    targets.push({
      name: 'pglite',
      db,
      close: async () => (await db.close(), rmSync(dir, { recursive: true, force: true })),
    });
  }
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = postgres(url, { max: 1, onnotice: () => undefined, connect_timeout: 2 });
  try {
    await admin`select 1`;
    const schema = `bench_${randomBytes(5).toString('hex')}`;
    await admin.unsafe(`CREATE SCHEMA ${schema}`);
    const db = await openPostgres(url, { schema, max: 20 });
    targets.push({
      name: 'postgres',
      db,
      close: async () => {
        await db.close();
        await admin.unsafe(`DROP SCHEMA ${schema} CASCADE`);
        await admin.end();
      },
    });
  } catch (error) {
    await admin.end({ timeout: 1 }).catch(() => undefined);
    console.warn(
      `PostgreSQL not benchmarked (${url.replace(/\/\/[^@]*@/, '//***@')}): ${(error as Error).message}. Set BENCH_DATABASE_URL.`,
    );
  }
  return targets;
}

/** Players made straight in SQL (sign-up's password hashing is not what is measured). */
async function makePlayers(db: Database, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const tag = randomBytes(6).toString('hex');
    const rows = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, person_key, household_key, birth_year, birth_month, birth_day, postal_code, state_or_province)
       VALUES ($1, 'x', 'Bench', 'Player', $2, $3, 1990, 1, 1, '60601', 'IL') RETURNING id`,
      [`bench.${tag}@example.com`, `bench-person-${tag}`, `bench-household-${tag}`],
    );
    const id = rows[0]!.id;
    // Players made in SQL accept the documents in force, as sign-up records it: play is refused otherwise.
    await acceptLatestWithoutAsking(db, id, 'seed', Date.now());
    // As a player's app does before the first round: a client seed of the player's own (the server
    // never picks one and refuses rounds without it).
    await walletTransaction(db, id, (tx) =>
      setClientSeed(tx, id, randomBytes(16).toString('hex'), Date.now()),
    );
    // Gold for the game rounds: a spin never runs out of coins during the measurement.
    await walletTransaction(db, id, (tx) =>
      creditCoins(tx, {
        userId: id,
        goldCoins: 1_000_000_000,
        sweepsCents: 0,
        sweepsBucket: 'free',
        kind: 'adjustment',
        reference: 'bench',
        requestKey: `bench-fund-${id}`,
        description: 'Benchmark coins',
      }),
    );
    ids.push(id);
  }
  return ids;
}

const depsFor = (db: Database, dataDir: string): AppDeps =>
  benchDeps(db, dataDir, (d) => createOutboxEmail(d, path.join(dataDir, 'outbox'), Date.now));

let purchaseSeq = 0;

/** The product's stack plus the bench purchase route (same middleware as a money route). */
function appServer(deps: AppDeps): Hono<AppEnv> {
  const outer = new Hono<AppEnv>();
  outer.post('/bench/purchase', requireAuth(deps), idempotent(deps.db, deps.now), async (c) => {
    const body = (await c.req.json()) as { purchase_id: string };
    const userId = c.get('userId');
    const r = await walletTransaction(deps.db, userId, (tx) =>
      creditPurchase(tx, {
        userId,
        purchaseId: body.purchase_id,
        amountUsdCents: 999,
        goldCoins: 10_000,
        sweepsCents: 100,
        nowMs: deps.now(),
        promoSettings: PROMO_SETTINGS,
      }),
    );
    return c.json({ balances: r.balances }, 201);
  });
  outer.route('/', createApp(deps));
  return outer;
}

/** Baseline: node:http, the same SQL through the same functions, nothing else. */
function bareServer(db: Database): http.Server {
  const rounds: RoundsDeps = { db, now: Date.now, config: { goldOnly: false }, engines: GAME_ENGINES };
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const userId = String(req.headers['x-user-id']);
      const run = async () => {
        if (req.method === 'GET') return readBalances(db, userId);
        if (req.url === '/round')
          return startRound(rounds, {
            userId,
            gameId: ROUND_GAME,
            ...ROUND_BET,
            options: {},
            requestKey: randomUUID(),
          });
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { purchase_id: string };
        const r = await walletTransaction(db, userId, (tx) =>
          creditPurchase(tx, {
            userId,
            purchaseId: body.purchase_id,
            amountUsdCents: 999,
            goldCoins: 10_000,
            sweepsCents: 100,
            nowMs: Date.now(),
            promoSettings: PROMO_SETTINGS,
          }),
        );
        return { balances: r.balances };
      };
      run().then(
        (answer) => {
          res.writeHead(req.method === 'GET' ? 200 : 201, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(answer));
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

function send(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string>,
  body?: string,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: pathname, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    if (body) req.end(body);
    else req.end();
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

interface Sample {
  latencies: number[];
  errors: number;
  seconds: number;
}

/**
 * Runs `clients` sequential request loops for `warmupMs` + `ms` and adds to `into` every request
 * that started after the warm-up (each client makes at least one), with the time from the end of
 * the warm-up to the last of them finishing. Counting by start, not by finish inside the window, measures a cell whose requests
 * take longer than a slice too (at 100 clients a PGlite game round takes about a second: counted
 * by finish, a short slice saw none and printed 0 req/s).
 */
async function runSlice(
  into: Sample,
  clients: number,
  ms: number,
  warmupMs: number,
  request: (client: number) => Promise<number>,
  okStatus: number,
): Promise<void> {
  const recordFrom = performance.now() + warmupMs;
  const stopAt = recordFrom + ms;
  let lastDone = stopAt;
  await Promise.all(
    Array.from({ length: clients }, async (_, i) => {
      // Each client makes at least one counted request, however long the warm-up's took.
      let counted = false;
      while (performance.now() < stopAt || !counted) {
        const t0 = performance.now();
        let status = 0;
        try {
          status = await request(i);
        } catch {
          status = 0;
        }
        const done = performance.now();
        if (t0 < recordFrom) continue;
        counted = true;
        lastDone = Math.max(lastDone, done);
        if (status === okStatus) into.latencies.push(done - t0);
        else into.errors += 1;
      }
    }),
  );
  into.seconds += (lastDone - recordFrom) / 1000;
}

function summarize(sample: Sample): Omit<Result, 'database' | 'server' | 'operation' | 'clients'> {
  const sorted = [...sample.latencies].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    requests: sorted.length,
    errors: sample.errors,
    rps: Math.round(sorted.length / Math.max(sample.seconds, 1e-9)),
    p50_ms: round(percentile(sorted, 50)),
    p99_ms: round(percentile(sorted, 99)),
  };
}

/**
 * Measures app and bare side by side: BENCH_SLICES alternating slices of each (the order flips
 * every slice), so both see the same background load on a shared machine; the ratio of the two is
 * what the figures are read for.
 */
async function measurePair(
  clients: number,
  requests: Record<'app' | 'bare', (client: number) => Promise<number>>,
  okStatus: number,
): Promise<Record<'app' | 'bare', ReturnType<typeof summarize>>> {
  const samples = {
    app: { latencies: [], errors: 0, seconds: 0 } as Sample,
    bare: { latencies: [], errors: 0, seconds: 0 } as Sample,
  };
  const sliceMs = (SECONDS * 1000) / SLICES;
  for (let slice = 0; slice < SLICES; slice++) {
    const order = slice % 2 === 0 ? (['bare', 'app'] as const) : (['app', 'bare'] as const);
    for (const server of order) {
      const warmup = slice < 2 ? WARMUP_MS : SLICE_WARMUP_MS;
      await runSlice(samples[server], clients, sliceMs, warmup, requests[server], okStatus);
    }
  }
  return { app: summarize(samples.app), bare: summarize(samples.bare) };
}

async function benchTarget(target: Target): Promise<Result[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-bench-data-'));
  await migrate(target.db);
  await seed(target.db, createPasswordHasher('test'), { demoPlayer: false });
  const deps = depsFor(target.db, dataDir);
  const players = await makePlayers(target.db, PLAYERS);
  const sessions = await Promise.all(players.map((id) => createAuthSession(deps.db, id, Date.now())));
  const tokens = await Promise.all(
    players.map((id, i) => issueAccessToken(deps.secrets.jwtSecret, id, sessions[i]!)),
  );

  const app = createAppServer(deps, appServer(deps).fetch).listen(0, '127.0.0.1');
  const bare = bareServer(target.db);
  // Sockets wait while the other server's slice runs: keep them open on both servers alike, so a
  // client never reuses a socket the server is just closing (status 0 in the results).
  for (const server of [app, bare] as http.Server[]) server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  await new Promise<void>((r) => (app.listening ? r() : app.once('listening', () => r())));
  const appPort = (app.address() as AddressInfo).port;
  const barePort = (bare.address() as AddressInfo).port;

  // Browsers always offer compression: both servers get the header a browser sends.
  const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd', Accept: 'application/json' };
  const auth = (server: 'app' | 'bare', i: number): Record<string, string> =>
    server === 'app'
      ? { ...browser, Authorization: `JWT ${tokens[i % players.length]!.token}` }
      : { ...browser, 'X-User-Id': players[i % players.length]! };
  const requestFor =
    (server: 'app' | 'bare', operation: 'balance' | 'purchase') =>
    (i: number): Promise<number> => {
      const port = server === 'app' ? appPort : barePort;
      if (operation === 'balance')
        return send(port, 'GET', server === 'app' ? '/api/v1/wallet/balances' : '/balances', auth(server, i));
      const body = JSON.stringify({ purchase_id: `bench-${++purchaseSeq}-${randomUUID()}` });
      return send(
        port,
        'POST',
        server === 'app' ? '/bench/purchase' : '/purchase',
        { ...auth(server, i), 'Content-Type': 'application/json', [IDEMPOTENCY_HEADER]: randomUUID() },
        body,
      );
    };

  // The game round goes through the real route: a CSRF token bound to each player's session.
  const csrf = sessions.map((sessionId) => issueCsrfToken(deps.secrets.csrfSecret, sessionId));
  const roundRequest = (server: 'app' | 'bare', i: number): Promise<number> => {
    const headers = {
      ...auth(server, i),
      'Content-Type': 'application/json',
      [IDEMPOTENCY_HEADER]: randomUUID(),
      Cookie: `${CSRF_COOKIE}=${csrf[i % players.length]!}`,
      [CSRF_HEADER]: csrf[i % players.length]!,
    };
    const pathname = server === 'app' ? `${API_PREFIX}${GAMES_API_PATHS.startRound(ROUND_GAME)}` : '/round';
    return send(server === 'app' ? appPort : barePort, 'POST', pathname, headers, JSON.stringify(ROUND_BET));
  };

  const results: Result[] = [];
  for (const clients of CLIENTS) {
    for (const operation of OPERATIONS) {
      const pair = await measurePair(
        clients,
        operation === 'round'
          ? { app: (i) => roundRequest('app', i), bare: (i) => roundRequest('bare', i) }
          : { app: requestFor('app', operation), bare: requestFor('bare', operation) },
        operation === 'balance' ? 200 : 201,
      );
      for (const server of ['bare', 'app'] as const) {
        const r = pair[server];
        results.push({ database: target.name, server, operation, clients, ...r });
        console.log(
          `${target.name.padEnd(8)} ${server.padEnd(4)} ${operation.padEnd(8)} c=${String(clients).padStart(3)}  ${String(r.rps).padStart(6)} req/s  p50 ${r.p50_ms} ms  p99 ${r.p99_ms} ms  errors ${r.errors}`,
        );
      }
      console.log(
        `${' '.repeat(14)}app/bare ${Math.round((100 * pair.app.rps) / Math.max(pair.bare.rps, 1))} %`,
      );
    }
  }
  await new Promise<void>((r) => app.close(() => r()));
  await new Promise<void>((r) => bare.close(() => r()));
  rmSync(dataDir, { recursive: true, force: true });
  return results;
}

const OPERATION_LABELS: Record<Operation, string> = {
  balance: 'balance read',
  purchase: 'purchase credit',
  round: 'game round (slot spin)',
};

function markdown(results: Result[], meta: Record<string, string>): string {
  const lines = [
    `Run ${meta.date} on ${meta.machine}, ${meta.load}; ${SECONDS} s per server and cell in ${SLICES} alternating slices (app, bare) after a ${WARMUP_MS} ms warm-up; figures in requests/second and milliseconds.`,
    '',
    '| Database | Operation | Clients | app req/s | app p50 | app p99 | bare req/s | bare p50 | bare p99 | app/bare | errors (app/bare) |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const dbs = [...new Set(results.map((r) => r.database))];
  for (const database of dbs)
    for (const operation of ['balance', 'purchase', 'round'] as const)
      for (const clients of CLIENTS) {
        const a = results.find(
          (r) =>
            r.database === database &&
            r.operation === operation &&
            r.clients === clients &&
            r.server === 'app',
        );
        const b = results.find(
          (r) =>
            r.database === database &&
            r.operation === operation &&
            r.clients === clients &&
            r.server === 'bare',
        );
        if (!a || !b) continue;
        lines.push(
          `| ${database} | ${OPERATION_LABELS[operation]} | ${clients} | ${a.rps} | ${a.p50_ms} | ${a.p99_ms} | ${b.rps} | ${b.p50_ms} | ${b.p99_ms} | ${Math.round((100 * a.rps) / Math.max(b.rps, 1))} % | ${a.errors}/${b.errors} |`,
        );
      }
  return lines.join('\n');
}

/** Runs every cell, writes bench-results/bench-<date>.json under `root` and the table into root/docs/performance.md. */
export async function runBenchmark(ROOT: string): Promise<void> {
  const targets = await openTargets();
  const results: Result[] = [];
  for (const target of targets) {
    try {
      results.push(...(await benchTarget(target)));
    } finally {
      await target.close();
    }
  }
  agent.destroy();
  const date = new Date().toISOString();
  const meta = {
    date,
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`,
    load: `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (1/5/15 min) at the end of the run`,
  };
  const outDir = path.join(ROOT, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `bench-${date.slice(0, 19).replace(/[:T]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ ...meta, seconds_per_cell: SECONDS, results }, null, 2)}\n`);
  console.log(`results written to ${path.relative(ROOT, file)}`);
  // Trial runs while tuning leave the recorded table alone.
  if (process.env.BENCH_NO_DOCS) return;

  const doc = path.join(ROOT, 'docs/performance.md');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const table = `${start}\n${markdown(results, meta)}\n${end}`;
  let text = existsSync(doc) ? readFileSync(doc, 'utf8') : '# Performance\n';
  if (text.includes(start) && text.includes(end)) {
    text = text.slice(0, text.indexOf(start)) + table + text.slice(text.indexOf(end) + end.length);
  } else {
    text = `${text.trimEnd()}\n\n## Benchmarks\n\n${table}\n`;
  }
  writeFileSync(doc, text);
  console.log('summary written to docs/performance.md (Benchmarks)');
}
