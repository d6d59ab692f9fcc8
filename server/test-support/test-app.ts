/**
 * Test harness: builds the real app on a fresh database per test file. PGlite in memory by
 * default; when TEST_DATABASE_URL is set, a new PostgreSQL schema (t_<random>) used as
 * search_path and dropped afterwards, so the same suite runs on a real server in CI.
 * Requests go through `app.request()`; `Client` keeps cookies and the CSRF header like a browser.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { API_PATHS, API_PREFIX } from '../../src/contract/api-paths.ts';
import { AUTH_SCHEME, CSRF_COOKIE, CSRF_HEADER } from '../../src/contract/constants.ts';
import { createApp, featureHooks } from '../app.ts';
import { loadConfig, type Config } from '../platform/config.ts';
import type { Database } from '../db/driver.ts';
import { migrate } from '../db/migrate.ts';
import { openPglite } from '../db/pglite-driver.ts';
import { openPostgres } from '../db/postgres-driver.ts';
import { createPasswordHasher } from '../core/sessions/password-hash.ts';
import type { AppDeps } from '../core/deps.ts';
import { createLogger } from '../platform/logger.ts';
import { createOutboxEmail } from '../providers/email/outbox-email.ts';
import type { Providers } from '../providers/providers.ts';
import { inProcessSandboxes, type InProcessSandboxes } from '../providers/sandboxes.ts';
import { WEBHOOK_SIGNATURE_HEADER } from '../../src/contract/payments.ts';
import { supportDeskSecret } from '../features/support-desk/support-desk-jwt.ts';
import { JOIN_SUBJECT, sandboxRobotCheck } from '../core/robot-check.ts';
import { seed } from '../seed.ts';
import { testSwitches } from './test-switches.ts';

export interface TestDatabase {
  db: Database;
  drop(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite(null);
    return { db, drop: () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`CREATE SCHEMA ${schema}`);
  const db = await openPostgres(url, { schema, max: 5 });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.unsafe(`DROP SCHEMA ${schema} CASCADE`);
      await admin.end();
    },
  };
}

/** The app as the test entries build it: the product's plus what its test switches add. */
export function createTestApp(deps: AppDeps): ReturnType<typeof createApp> {
  const switched = testSwitches(deps);
  return createApp(switched.deps, { testRoutes: switched.routes });
}

export interface TestContext {
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  db: Database;
  clock: { now: number; advance(seconds: number): void };
  dataDir: string;
  /** The in-memory provider sandboxes behind `deps.providers` (tests play the browser's part on them). */
  sandboxes: Omit<InProcessSandboxes, 'providers'>;
  close(): Promise<void>;
}

export interface TestContextOptions {
  seedDemo?: boolean;
  /** Providers in place of the sandboxes' (a failing SMS gateway, a rewired identity provider). */
  providers?: Partial<Providers>;
  /**
   * The payments sandbox: its settle delay (PAYMENTS_SANDBOX_SETTLE_MS unless given), its limits,
   * and whether its webhooks are delivered to this app when a test flushes them (otherwise they
   * stay queued).
   */
  payments?: {
    settleDelayMs?: number;
    limitsCents?: { daily: number; weekly: number; monthly: number };
    deliverWebhooks?: boolean;
  };
}

export async function createTestContext(
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lc-api-test-'));
  const config: Config = loadConfig({
    PASSWORD_HASH_COST: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'dist'),
    TRUST_PROXY: 'true',
    // Suites count a new player's coins from zero; the welcome offer's own tests switch it on.
    WELCOME_OFFER_AT_JOIN: 'false',
    ...env,
  });
  const { db, drop } = await openTestDatabase();
  await migrate(db);
  const hasher = createPasswordHasher(config.passwordHashCost);
  await seed(db, hasher, { demoPlayer: options.seedDemo ?? true, goldOnly: config.goldOnly });
  const clock = {
    now: Date.now(),
    advance(seconds: number) {
      this.now += seconds * 1000;
    },
  };
  const now = () => clock.now;
  const secrets = {
    jwtSecret: TEST_JWT_SECRET,
    csrfSecret: 'test-csrf-secret-0123456789abcdef012345678',
    paymentsSecret: 'test-payments-secret-0123456789abcdef012345',
    vendorWalletSecret: 'test-vendor-wallet-secret-0123456789abcdef',
    w9EncryptionKey: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
  };
  const payments = options.payments ?? {};
  let app: ReturnType<typeof createApp> | null = null;
  const { providers, ...sandboxes } = inProcessSandboxes(
    {
      config,
      secrets,
      now,
      db,
      supportDeskJwtSecret: supportDeskSecret(config.supportDeskJwtSecret, secrets.jwtSecret),
    },
    {
      payments: {
        settleDelayMs: payments.settleDelayMs,
        limitsCents: payments.limitsCents,
        deliverWebhook: payments.deliverWebhooks
          ? async (apiPath, rawBody, signature) => {
              const res = await app!.request(`${API_PREFIX}${apiPath}`, {
                method: 'POST',
                headers: { 'Content-Type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
                body: rawBody,
              });
              return res.status;
            }
          : null,
      },
    },
  );
  const deps: AppDeps = {
    config,
    db,
    secrets,
    logger: createLogger('silent'),
    email: createOutboxEmail(db, path.join(dataDir, 'outbox'), now),
    hasher,
    hooks: featureHooks,
    now,
    providers: { ...providers, ...options.providers },
  };
  app = createTestApp(deps);
  return {
    deps,
    app,
    db,
    clock,
    dataDir,
    sandboxes,
    close: async () => {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like client: keeps cookies, sends the CSRF header on unsafe methods and the JWT when it has one. */
export class Client {
  cookies = new Map<string, string>();
  token: string | null = null;
  /** Sent as X-Forwarded-For (the test config trusts one proxy hop). */
  ip: string;

  constructor(
    private readonly ctx: TestContext,
    ip?: string,
  ) {
    this.ip =
      ip ??
      `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  }

  private storeCookies(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async raw(
    method: string,
    apiPath: string,
    init: { body?: unknown; headers?: Record<string, string>; csrf?: boolean; rawBody?: string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { 'X-Forwarded-For': this.ip, ...init.headers };
    const unsafe = !['GET', 'HEAD'].includes(method);
    if (unsafe && init.csrf !== false) {
      if (!this.cookies.has(CSRF_COOKIE)) await this.request('GET', API_PATHS.csrf);
      headers[CSRF_HEADER] ??= this.cookies.get(CSRF_COOKIE) ?? '';
    }
    if (this.token && !headers.Authorization) headers.Authorization = `${AUTH_SCHEME} ${this.token}`;
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | undefined = init.rawBody;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }
    const url =
      apiPath.startsWith('/api') || !apiPath.startsWith('/') || apiPath.startsWith('//')
        ? apiPath
        : `${API_PREFIX}${apiPath}`;
    const res = await this.ctx.app.request(url, { method, headers, body });
    this.storeCookies(res);
    return res;
  }

  async request<T = Record<string, unknown>>(
    method: string,
    apiPath: string,
    init: Parameters<Client['raw']>[2] = {},
  ): Promise<JsonResponse<T>> {
    const res = await this.raw(method, apiPath, init);
    const text = await res.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: res.status, body: body as T, headers: res.headers };
  }
}

let counter = 0;
/** A valid sign-up payload; each call gets a unique person (names, email) in an eligible state. */
/** The API tests' server secret (every test context has it). */
const TEST_JWT_SECRET = 'test-jwt-secret-0123456789abcdef0123456789';
/** The sandbox robot check of every test context, minting the join's test tokens. */
const testRobotCheck = sandboxRobotCheck(TEST_JWT_SECRET, 0);
const TEN_YEARS_MS = 10 * 365 * 86_400_000;

/**
 * A solved robot-check token for a join (`g_token`, `g_id`), as the join page sends it: signed by
 * the test contexts' secret for the join subject, single use, with no work to do (difficulty 0)
 * and valid for ten years so suites that move the clock still join. The robot-check tests fetch
 * real challenges from `GET /users/robot-check` instead.
 */
export function joinRobotToken(): { g_token: string; g_id: string } {
  const challenge = testRobotCheck.challenge(JOIN_SUBJECT, Date.now() + TEN_YEARS_MS);
  return { g_token: `${challenge.challenge}:0`, g_id: challenge.site_key };
}

export function signUpPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const tag = `${randomBytes(3).toString('hex')}${counter}`;
  const letters = tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  return {
    email: `player.${tag}@example.com`,
    first_name: `Alex${letters}`,
    last_name: `Rivera${letters}`,
    password1: 'Velvet-Harbor-42',
    password2: 'Velvet-Harbor-42',
    postal_code: '60601',
    birth_year: 1985,
    birth_month: 3,
    birth_day: 14,
    ...joinRobotToken(),
    ...overrides,
  };
}

/**
 * A second instance of the app on the same PostgreSQL schema (its own connection pool), for
 * concurrency tests that send a player's requests through two servers as production would.
 * On PGlite (one connection, one process) there is none: `instancesOf` answers the one client.
 * The second instance has the first's dependencies (its providers too) but its own pool.
 */
export interface SecondInstance {
  /** The player's clients: one per app instance, sharing the sign-in and cookies. */
  instancesOf(client: Client): Client[];
  /** The second instance's database (its own pool); null on PGlite. */
  db: Database | null;
  close(): Promise<void>;
}

export async function openSecondInstance(ctx: TestContext): Promise<SecondInstance> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { instancesOf: (client) => [client], db: null, close: async () => {} };
  const schema = (await ctx.db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;
  const db = await openPostgres(url, { schema, max: 5 });
  const deps = { ...ctx.deps, db };
  const app = createApp(deps);
  return {
    instancesOf(client) {
      const other = new Client({ ...ctx, app }, client.ip);
      other.token = client.token;
      other.cookies = new Map(client.cookies);
      return [client, other];
    },
    db,
    close: () => db.close(),
  };
}
