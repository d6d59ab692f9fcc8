/**
 * The node:http fast path for the balance read answers exactly what the Hono app answers (status,
 * headers, body) for every kind of request, and answers the signed-in GET itself. Two servers run
 * on the same app and database: the product's (createAppServer) and the Hono app alone (the
 * adapter's listener, as before the fast path); each request goes to both.
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX } from '../../src/contract/api-paths.ts';
import { AUTH_SCHEME } from '../../src/contract/constants.ts';
import { PROPERTY_NAMES } from '../../src/contract/properties.ts';
import { createAppServer } from '../app-server.ts';
import { createAuthSession } from '../core/sessions/auth-sessions.ts';
import { createTestContext, type TestContext } from '../test-support/test-app.ts';
import { issueAccessToken, TOKEN_AUDIENCE, TOKEN_ISSUER } from './auth.ts';

const BALANCES = `${API_PREFIX}${API_PATHS.balances}`;
/** Set by Node on every answer (time, keep-alive), not by the app. */
const TRANSPORT_HEADERS = new Set(['date', 'connection', 'keep-alive']);

interface Answer {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

interface Servers {
  ctx: TestContext;
  /** The product's server and the Hono app alone. */
  fast: number;
  hono: number;
  /** Requests the product's server handed to the Hono app. */
  honoCalls: { count: number };
  close(): Promise<void>;
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function startServers(env: Record<string, string> = {}): Promise<Servers> {
  const ctx = await createTestContext(env, { seedDemo: false });
  const honoCalls = { count: 0 };
  const fastServer = createAppServer(ctx.deps, (request, bindings) => {
    honoCalls.count += 1;
    return ctx.app.fetch(request, bindings);
  });
  const honoServer = http.createServer((req, res) => void getRequestListener(ctx.app.fetch)(req, res));
  const fast = await listen(fastServer);
  const hono = await listen(honoServer);
  return {
    ctx,
    fast,
    hono,
    honoCalls,
    close: async () => {
      fastServer.closeAllConnections();
      honoServer.closeAllConnections();
      await Promise.all([fastServer, honoServer].map((s) => new Promise((r) => s.close(r))));
      await ctx.close();
    },
  };
}

/** One request over a fresh connection; header values may repeat (an array sends each). */
function send(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string | string[]> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (!TRANSPORT_HEADERS.has(name) && value !== undefined) kept[name] = value;
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same request to both servers: the answers must be identical. */
async function bothAnswer(
  servers: Servers,
  method: string,
  path: string,
  headers: Record<string, string | string[]> = {},
): Promise<Answer> {
  const fromHono = await send(servers.hono, method, path, headers);
  const fromFast = await send(servers.fast, method, path, headers);
  expect(fromFast).toEqual(fromHono);
  return fromFast;
}

/** A player made in SQL (sign-up is not what is tested) with coins in every bucket and a session. */
async function signedIn(ctx: TestContext): Promise<{ token: string; userId: string }> {
  const tag = randomBytes(6).toString('hex');
  const rows = await ctx.db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, first_name, last_name, person_key, household_key, birth_year, birth_month, birth_day, postal_code, state_or_province)
     VALUES ($1, 'x', 'Fast', 'Reader', $2, $3, 1990, 1, 1, '60601', 'IL') RETURNING id`,
    [`fast.${tag}@example.com`, `fast-person-${tag}`, `fast-household-${tag}`],
  );
  const userId = rows[0]!.id;
  // Coins in every bucket, so a wrong or missing amount shows in the body.
  for (const [currency, bucket, amount] of [
    ['gold', 'main', 123_456],
    ['sweeps', 'paid', 2_575],
    ['sweeps', 'free', 101],
    ['sweeps', 'redeemable', 4_200],
  ] as const)
    await ctx.db.query(
      `INSERT INTO wallet_balances (user_id, currency, bucket, amount_minor) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, currency, bucket) DO UPDATE SET amount_minor = EXCLUDED.amount_minor`,
      [userId, currency, bucket, amount],
    );
  const sessionId = await createAuthSession(ctx.db, userId, ctx.clock.now);
  const { token } = await issueAccessToken(ctx.deps.secrets.jwtSecret, userId, sessionId);
  return { token, userId };
}

/** A token signed with the app's secret, with the claims given (for expired and odd tokens). */
function signedToken(secret: string, claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}`;
  return `${signed}.${createHmac('sha256', secret).update(signed).digest('base64url')}`;
}

const browser = { 'Accept-Encoding': 'gzip, deflate, br, zstd', Accept: 'application/json' };

describe('balance read fast path (default configuration)', () => {
  let servers: Servers;
  let token: string;
  let userId: string;
  beforeAll(async () => {
    servers = await startServers();
    ({ token, userId } = await signedIn(servers.ctx));
  });
  afterAll(async () => servers?.close());

  it('answers a signed-in read itself, with what the app answers (with and without gzip offered)', async () => {
    for (const extra of [{}, browser, { 'Accept-Encoding': 'gzip' }] as Record<string, string>[]) {
      const before = servers.honoCalls.count;
      const answer = await bothAnswer(servers, 'GET', BALANCES, {
        ...extra,
        Authorization: `${AUTH_SCHEME} ${token}`,
      });
      expect(servers.honoCalls.count).toBe(before);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({
        balance_paid_ghc: 25.75,
        balance_free_ghc: 1.01,
        balance_redeemable_ghc: 42,
        balance_redeemable_available_ghc: 42,
        balance_total_ghc: 68.76,
        balance_total_gld: 123_456,
      });
      expect(answer.headers).toMatchObject({
        'content-type': 'application/json',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('leaves every refusal to the app: missing, tampered, expired and foreign tokens', async () => {
    const secret = servers.ctx.deps.secrets.jwtSecret;
    const now = Math.floor(Date.now() / 1000);
    const [head, body, signature] = token.split('.') as [string, string, string];
    const sid = (JSON.parse(Buffer.from(body, 'base64url').toString()) as { sid: string }).sid;
    const claims = { sub: userId, sid, typ: 'access', iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE };
    const cases: [Record<string, string | string[]>, number, string][] = [
      [{}, 401, 'NOT_AUTHENTICATED'],
      [{ Authorization: '' }, 401, 'NOT_AUTHENTICATED'],
      [{ Authorization: token }, 401, 'NOT_AUTHENTICATED'],
      [{ Authorization: `Bearer ${token}` }, 401, 'NOT_AUTHENTICATED'],
      [
        { Authorization: `${AUTH_SCHEME} ${head}.${body}.${signature.slice(0, -2)}AA` },
        401,
        'NOT_AUTHENTICATED',
      ],
      [
        {
          Authorization: `${AUTH_SCHEME} ${signedToken(secret, { ...claims, iat: now - 1000, exp: now - 100 })}`,
        },
        401,
        'TOKEN_EXPIRED',
      ],
      [
        { Authorization: `${AUTH_SCHEME} ${signedToken(secret, { ...claims, iat: now })}` },
        401,
        'NOT_AUTHENTICATED',
      ],
      [
        {
          Authorization: `${AUTH_SCHEME} ${signedToken('another-secret-0123456789abcdef0123456789', { ...claims, iat: now, exp: now + 60 })}`,
        },
        401,
        'NOT_AUTHENTICATED',
      ],
      // Node keeps the first of two Authorization headers; the app reads both and refuses.
      [{ Authorization: [`${AUTH_SCHEME} ${token}`, `${AUTH_SCHEME} ${token}`] }, 401, 'NOT_AUTHENTICATED'],
    ];
    for (const [headers, status, code] of cases) {
      const answer = await bothAnswer(servers, 'GET', BALANCES, { ...browser, ...headers });
      expect(answer.status).toBe(status);
      expect(JSON.parse(answer.body)).toMatchObject({ code });
    }
  });

  it('leaves other methods, HEAD, query strings and other spellings of the path to the app', async () => {
    const auth = { ...browser, Authorization: `${AUTH_SCHEME} ${token}` };
    const before = servers.honoCalls.count;
    const statuses: number[] = [];
    for (const [method, path] of [
      ['HEAD', BALANCES],
      ['POST', BALANCES],
      ['DELETE', BALANCES],
      ['GET', `${BALANCES}?fresh=1`],
      ['GET', `${BALANCES}?bad=%FF`],
      ['GET', `${BALANCES}/`],
      ['GET', BALANCES.toUpperCase()],
      ['GET', `${API_PREFIX}/wallet/./balances`],
    ] as const)
      statuses.push((await bothAnswer(servers, method, path, auth)).status);
    // HEAD, CSRF refusals, query ignored, bad query, no route, the app shell (not built here).
    expect(statuses).toEqual([200, 403, 403, 200, 400, 404, 503, 200]);
    expect(servers.honoCalls.count - before).toBe(statuses.length);
  });

  it('leaves an unusual Host header to the app', async () => {
    const auth = { Authorization: `${AUTH_SCHEME} ${token}` };
    for (const host of ['LOCALHOST', 'localhost:99999', 'bad host', 'a@b'])
      await bothAnswer(servers, 'GET', BALANCES, { ...auth, Host: host });
  });

  it('refuses an ended session, a closed account and a pending mobile verification, as the app does', async () => {
    const ended = await signedIn(servers.ctx);
    await servers.ctx.db.query('UPDATE auth_sessions SET ended_at = now() WHERE user_id = $1', [
      ended.userId,
    ]);
    const endedAnswer = await bothAnswer(servers, 'GET', BALANCES, {
      Authorization: `${AUTH_SCHEME} ${ended.token}`,
    });
    expect(endedAnswer.status).toBe(401);

    const closed = await signedIn(servers.ctx);
    await servers.ctx.db.query(`UPDATE users SET account_state = 'closed' WHERE id = $1`, [closed.userId]);
    const closedAnswer = await bothAnswer(servers, 'GET', BALANCES, {
      Authorization: `${AUTH_SCHEME} ${closed.token}`,
    });
    expect(closedAnswer.status).toBe(403);
    expect(JSON.parse(closedAnswer.body)).toMatchObject({ code: 'ACCOUNT_CLOSED' });

    // Pending mobile verification while the property is on: refused on this route.
    const pending = await signedIn(servers.ctx);
    await servers.ctx.db.query(
      `INSERT INTO named_properties (key, value) VALUES ($1, 'true') ON CONFLICT (key) DO UPDATE SET value = 'true'`,
      [PROPERTY_NAMES.mobileVerificationEnabled],
    );
    await servers.ctx.db.query(
      `UPDATE users SET account_state = 'pending_mobile_verification' WHERE id = $1`,
      [pending.userId],
    );
    try {
      const pendingAnswer = await bothAnswer(servers, 'GET', BALANCES, {
        Authorization: `${AUTH_SCHEME} ${pending.token}`,
      });
      expect(pendingAnswer.status).toBe(403);
      expect(JSON.parse(pendingAnswer.body)).toMatchObject({ code: 'MOBILE_VERIFICATION_REQUIRED' });
    } finally {
      await servers.ctx.db.query('DELETE FROM named_properties WHERE key = $1', [
        PROPERTY_NAMES.mobileVerificationEnabled,
      ]);
    }
  });

  it('leaves a database failure to the app, which answers its 500', async () => {
    const db = servers.ctx.deps.db;
    const query = db.query.bind(db);
    db.query = (() => Promise.reject(new Error('connection lost'))) as typeof db.query;
    try {
      const answer = await bothAnswer(servers, 'GET', BALANCES, { Authorization: `${AUTH_SCHEME} ${token}` });
      expect(answer.status).toBe(500);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'INTERNAL_ERROR' });
    } finally {
      db.query = query;
    }
  });

  it('is off at debug level, where the app logs every request', async () => {
    const deps = { ...servers.ctx.deps, logger: { ...servers.ctx.deps.logger, level: 'debug' as const } };
    let calls = 0;
    const server = createAppServer(deps, (request, bindings) => {
      calls += 1;
      return servers.ctx.app.fetch(request, bindings);
    });
    const port = await listen(server);
    try {
      const res = await send(port, 'GET', BALANCES, { Authorization: `${AUTH_SCHEME} ${token}` });
      expect(res.status).toBe(200);
      expect(calls).toBe(1);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });

  it('records the session activity as the route does', async () => {
    const player = await signedIn(servers.ctx);
    const interval = Math.min(
      60,
      Math.max(1, Math.ceil(servers.ctx.deps.config.sessionInactivitySeconds / 10)),
    );
    servers.ctx.clock.advance(interval + 1);
    const before = await servers.ctx.db.query<{ last_active_at: Date }>(
      'SELECT last_active_at FROM auth_sessions WHERE user_id = $1',
      [player.userId],
    );
    const calls = servers.honoCalls.count;
    const res = await send(servers.fast, 'GET', BALANCES, {
      Authorization: `${AUTH_SCHEME} ${player.token}`,
    });
    expect(res.status).toBe(200);
    expect(servers.honoCalls.count).toBe(calls);
    const after = await servers.ctx.db.query<{ last_active_at: Date }>(
      'SELECT last_active_at FROM auth_sessions WHERE user_id = $1',
      [player.userId],
    );
    expect(new Date(after[0]!.last_active_at).getTime()).toBeGreaterThan(
      new Date(before[0]!.last_active_at).getTime(),
    );
  });
});

describe('balance read fast path (gold-only, country block, https origin)', () => {
  let servers: Servers;
  let token: string;
  beforeAll(async () => {
    servers = await startServers({
      GOLD_ONLY: 'true',
      TRUST_COUNTRY_HEADER: 'CF-IPCountry',
      PUBLIC_ORIGIN: 'https://casino.example',
    });
    ({ token } = await signedIn(servers.ctx));
  });
  afterAll(async () => servers?.close());

  it('answers Gold only, with HSTS, for a player in an allowed or unknown country', async () => {
    for (const country of [undefined, 'US', ' us ', 'XX']) {
      const before = servers.honoCalls.count;
      const answer = await bothAnswer(servers, 'GET', BALANCES, {
        ...browser,
        Authorization: `${AUTH_SCHEME} ${token}`,
        ...(country === undefined ? {} : { 'CF-IPCountry': country }),
      });
      expect(servers.honoCalls.count).toBe(before);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({
        balance_paid_ghc: 0,
        balance_free_ghc: 0,
        balance_redeemable_ghc: 0,
        balance_redeemable_available_ghc: 0,
        balance_total_ghc: 0,
        balance_total_gld: 123_456,
      });
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('leaves a blocked country to the app, which refuses it (also signed out)', async () => {
    for (const headers of [
      { Authorization: `${AUTH_SCHEME} ${token}`, 'CF-IPCountry': 'FR' },
      { Authorization: `${AUTH_SCHEME} ${token}`, 'CF-IPCountry': 't1' },
      { Authorization: `${AUTH_SCHEME} ${token}`, 'CF-IPCountry': ['US', 'FR'] },
      { 'CF-IPCountry': 'DE' },
    ] as Record<string, string | string[]>[]) {
      const answer = await bothAnswer(servers, 'GET', BALANCES, headers);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'ACCESS_CURRENTLY_UNAVAILABLE' });
    }
  });
});
