/**
 * Operator console API: the operator's own sign-in and session (never a player token, and its
 * token never a player's), the throttled sign-in, and the console's own actions (identity state,
 * purchase-limit decrease, game maintenance, named properties), each with exactly one audit row
 * written in the action's transaction. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import { OPERATOR_API_PATHS, OPERATOR_SESSION_IDLE_SECONDS } from '../../../src/contract/operator.ts';
import { Client, createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { readLimits, setLimits } from '../purchase-limits/purchase-limits.ts';
import { signUpPlayer, type TestPlayer } from '../../test-support/wallet-test-helpers.ts';
import { runOperatorAction } from '../../core/audit.ts';
import {
  auditCount,
  newOperator,
  OPERATOR_PASSWORD,
  OperatorClient,
  signedInOperator,
} from '../../test-support/operator-test-support.ts';

let ctx: TestContext;
let op: Awaited<ReturnType<typeof signedInOperator>>;
let player: TestPlayer;
let playerEmail: string;

beforeAll(async () => {
  ctx = await createTestContext();
  op = await signedInOperator(ctx);
  player = await signUpPlayer(ctx);
  const me = await player.client.request<{ email: string }>('GET', '/users/me');
  playerEmail = me.body.email;
});
afterAll(() => ctx.close());

const operatorRoutes = () =>
  [
    ...new Map(
      ctx.app.routes
        .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${API_PREFIX}/operator`))
        .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path.slice(API_PREFIX.length) }]),
    ).values(),
  ].map((r) => ({
    ...r,
    url: r.path.replace(':id', 'x1').replace(':action', 'approve').replace(':name', 'support_url'),
  }));

/** Routes open without an operator session: the CSRF token and the sign-in itself. */
const OPEN = new Set([`GET ${OPERATOR_API_PATHS.csrf}`, `POST ${OPERATOR_API_PATHS.session}`]);

async function auditRows(subject: string) {
  return ctx.db.query<{
    action: string;
    before: unknown;
    after: unknown;
    reason: string | null;
    operator_id: string;
  }>('SELECT action, before, after, reason, operator_id FROM operator_audit WHERE subject = $1 ORDER BY id', [
    subject,
  ]);
}

describe('operator sign-in and session', () => {
  it('signs in with its own credentials: httpOnly cookies scoped to the operator API', async () => {
    const o = await newOperator(ctx);
    const client = new OperatorClient(ctx);
    const wrong = await client.signIn(o.email, 'not-the-password-at-all');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const ok = await client.signIn(o.email);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ operator: { email: o.email } });
    const session = client.setCookieLines.find((l) => l.startsWith('lc_operator='))!;
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/Path=\/api\/v1\/operator/);
    expect(session).toMatch(/SameSite=Strict/);
    expect(client.setCookieLines.find((l) => l.startsWith('lc_operator_csrf='))).toMatch(/HttpOnly/);
    expect((await client.request('GET', OPERATOR_API_PATHS.session)).status).toBe(200);
    expect((await client.request('DELETE', OPERATOR_API_PATHS.session)).status).toBe(204);
    expect((await client.request('GET', OPERATOR_API_PATHS.session)).status).toBe(401);
  });

  it('a player email and password is no operator sign-in', async () => {
    const client = new OperatorClient(ctx);
    const res = await client.signIn('demo@luckycrown.example', 'DemoPlayer#2026');
    expect(res.status).toBe(401);
  });

  it('the session ends after the idle window', async () => {
    const o = await newOperator(ctx);
    const client = new OperatorClient(ctx);
    await client.signIn(o.email);
    ctx.clock.advance(OPERATOR_SESSION_IDLE_SECONDS + 61);
    expect((await client.request('GET', OPERATOR_API_PATHS.session)).status).toBe(401);
    // The shared operator's session idled too: it signs in again.
    expect((await op.client.signIn(op.email)).status).toBe(200);
  });

  it('an unsafe request needs the operator CSRF token of its own session', async () => {
    const other = await signedInOperator(ctx);
    const body = { on: false, reason: 'csrf test' };
    const path = OPERATOR_API_PATHS.gameMaintenance('blackjack');
    expect((await op.client.request('POST', path, { body, csrf: false })).status).toBe(403);
    // Another operator's token (valid, bound to another session): refused.
    const res = await op.client.request('POST', path, {
      body,
      headers: { 'X-CSRF-Token': other.client.csrf! },
    });
    expect(res.status).toBe(403);
    // The player's CSRF token (cookie and header) is not an operator token.
    const p = new Client(ctx);
    await p.request('GET', '/auth/csrf');
    const playerCsrf = p.cookies.get('lc_csrf')!;
    const mixed = await op.client.request('POST', path, {
      body,
      headers: {
        'X-CSRF-Token': playerCsrf,
        Cookie: `lc_operator=${op.client.cookies.get('lc_operator')}; lc_operator_csrf=${playerCsrf}`,
      },
    });
    expect(mixed.status).toBe(403);
  });
});

describe('no operator route answers anything but an operator session', () => {
  it('lists the operator routes', () => {
    expect(operatorRoutes().length).toBeGreaterThanOrEqual(14);
  });

  it('every route refuses no token, a player token and a bad token', async () => {
    for (const route of operatorRoutes()) {
      if (OPEN.has(`${route.method} ${route.path}`)) continue;
      const where = `${route.method} ${route.path}`;
      // No token at all (with a valid anonymous operator CSRF token, so the session check answers).
      const anon = new OperatorClient(ctx);
      const body = route.method === 'GET' ? undefined : {};
      const none = await anon.request(route.method, route.url, { body });
      expect(none.status, where).toBe(401);
      // The player's access token, refresh and CSRF cookies, as a browser signed in as a player sends them.
      const asPlayer = await ctx.app.request(`${API_PREFIX}${route.url}`, {
        method: route.method,
        headers: {
          Authorization: `JWT ${player.client.token}`,
          Cookie: [...player.client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'X-CSRF-Token': player.client.cookies.get('lc_csrf') ?? '',
          'Content-Type': 'application/json',
        },
        body: route.method === 'GET' ? undefined : '{}',
      });
      expect(asPlayer.status, where).toBe(route.method === 'GET' ? 401 : 401);
      // The player's token sent with a live operator session: refused too.
      const both = await op.client.request(route.method, route.url, {
        body,
        headers: { Authorization: `JWT ${player.client.token}` },
      });
      expect(both.status, where).toBe(401);
      // The player's JWT as the operator cookie, and a made-up token.
      for (const bad of [player.client.token!, 'A'.repeat(43), 'not a token']) {
        const forged = new OperatorClient(ctx);
        await forged.request('GET', OPERATOR_API_PATHS.csrf);
        forged.cookies.set('lc_operator', encodeURIComponent(bad));
        const res = await forged.request(route.method, route.url, { body });
        expect(res.status, `${where} with ${bad.slice(0, 8)}`).toBe(401);
      }
    }
  });

  it('every player route that needs a sign-in refuses the operator session token', async () => {
    const operatorToken = decodeURIComponent(op.client.cookies.get('lc_operator')!);
    const playerRoutes = [
      ...new Map(
        ctx.app.routes
          .filter(
            (r) =>
              r.method !== 'ALL' &&
              r.path.startsWith(`${API_PREFIX}/`) &&
              !r.path.startsWith(`${API_PREFIX}/operator`),
          )
          .map((r) => [`${r.method} ${r.path}`, r]),
      ).values(),
    ];
    let checked = 0;
    for (const route of playerRoutes) {
      const url = route.path.replace(/:[^/]+/g, 'x1');
      const anon = new Client(ctx);
      const body = route.method === 'GET' ? undefined : {};
      const signedOut = await anon.request(route.method, url, { body });
      if (signedOut.status !== 401) continue;
      const res = await anon.request(route.method, url, {
        body,
        headers: {
          Authorization: `JWT ${operatorToken}`,
          Cookie: `lc_csrf=${anon.cookies.get('lc_csrf') ?? ''}; lc_operator=${operatorToken}; lc_refresh=${operatorToken}`,
        },
      });
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(10);
  });
});

describe('sign-in throttle', () => {
  it('a parallel burst of 12 from one address: 5 × 401 then 429, the right password inside it refused', async () => {
    const o = await newOperator(ctx);
    const ip = '10.77.0.1';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        new OperatorClient(ctx, ip).signIn(o.email, i === 11 ? OPERATOR_PASSWORD : `wrong-password-${i}`),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect(statuses.filter((s) => s === 401 || s === 200).length).toBe(5);
    const after = await new OperatorClient(ctx, ip).signIn(o.email);
    expect(after.status).toBe(429);
    expect(after.headers.get('Retry-After')).toMatch(/^\d+$/);
    // The operator from another address is not locked out.
    expect((await new OperatorClient(ctx, '10.77.0.2').signIn(o.email)).status).toBe(200);
  });

  it('sequential attempts sent while earlier ones are in flight: 5 counted, the rest 429', async () => {
    const o = await newOperator(ctx);
    const ip = '10.78.0.1';
    const inFlight: Promise<number>[] = [];
    for (let i = 0; i < 9; i++) {
      inFlight.push(new OperatorClient(ctx, ip).signIn(o.email, `wrong-${i}-password`).then((r) => r.status));
      await new Promise((r) => setTimeout(r, 2));
    }
    const statuses = await Promise.all(inFlight);
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(4);
  });

  it('operator and player sign-ins are counted apart', async () => {
    const o = await newOperator(ctx);
    const ip = '10.79.0.1';
    for (let i = 0; i < 5; i++) await new OperatorClient(ctx, ip).signIn(o.email, `wrong-${i}-password`);
    const playerLogin = await new Client(ctx, ip).request('POST', '/auth/login', {
      body: { email: playerEmail, password: 'Velvet-Harbor-42' },
    });
    expect(playerLogin.status).toBe(200);
  });
});

describe('actions write exactly one audit row in their transaction', () => {
  it('game maintenance on and off, visible in the public catalogue', async () => {
    const before = await auditCount(ctx);
    const until = new Date(ctx.clock.now + 3600_000).toISOString();
    const on = await op.client.request('POST', OPERATOR_API_PATHS.gameMaintenance('blackjack'), {
      body: { on: true, until, reason: 'dealer shoe update' },
    });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({
      before: { maintenance: false },
      after: { maintenance: true, maintenance_until: until },
    });
    const catalogue = await new Client(ctx).request<{ results: Array<{ id: string; maintenance: boolean }> }>(
      'GET',
      '/games',
    );
    expect(catalogue.body.results.find((g) => g.id === 'blackjack')).toMatchObject({ maintenance: true });
    const off = await op.client.request('POST', OPERATOR_API_PATHS.gameMaintenance('blackjack'), {
      body: { on: false },
    });
    expect(off.status).toBe(200);
    expect(await auditCount(ctx)).toBe(before + 2);
    const rows = await auditRows('blackjack');
    expect(rows.map((r) => r.action)).toEqual(['game_maintenance_on', 'game_maintenance_off']);
    expect(rows[0]).toMatchObject({ operator_id: op.id, reason: 'dealer shoe update' });
  });

  it('refused maintenance changes write nothing', async () => {
    const before = await auditCount(ctx);
    const past = new Date(ctx.clock.now - 1000).toISOString();
    const cases: Array<[string, unknown, number]> = [
      [OPERATOR_API_PATHS.gameMaintenance('blackjack'), { on: true, until: past }, 400],
      [OPERATOR_API_PATHS.gameMaintenance('blackjack'), { on: true, until: 'tomorrow' }, 400],
      [OPERATOR_API_PATHS.gameMaintenance('no-such-game'), { on: true }, 404],
      [OPERATOR_API_PATHS.gameMaintenance('blackjack'), { on: 'yes' }, 400],
    ];
    for (const [path, body, status] of cases)
      expect((await op.client.request('POST', path, { body })).status, JSON.stringify(body)).toBe(status);
    expect(await auditCount(ctx)).toBe(before);
  });

  it('named properties: validated (JSON against its schema), read-only ones refused, audited', async () => {
    const before = await auditCount(ctx);
    const put = (name: string, value: string) =>
      op.client.request('PUT', OPERATOR_API_PATHS.property(name), { body: { value, reason: 'test' } });
    const values = JSON.stringify({
      redeemable_sweeps_coins_per_usd: 1,
      ach_minimum_redemption_usd: 90,
      paper_check_minimum_redemption_usd: 100,
      paypal_minimum_redemption_usd: 50,
      prizeout_minimum_redemption_usd: 25,
      ach_low_minimum_redemption_usd: 50,
      paper_check_low_minimum_redemption_usd: 50,
      paypal_low_minimum_redemption_usd: 25,
      prizeout_low_minimum_redemption_usd: 10,
    });
    expect((await put('redemption_values', values)).status).toBe(200);
    const refused: Array<[string, string, number]> = [
      ['redemption_values', '{"redeemable_sweeps_coins_per_usd": 1}', 400],
      ['redemption_values', values.replace('90', '-5'), 400],
      ['redemption_values', 'not json', 400],
      ['prohibited_states', '["NY","XX"]', 400],
      ['coin_store_enabled', 'maybe', 400],
      ['minimum_client_version', '1.2', 400],
      ['support_url', 'javascript:alert(1)', 400],
      ['gold_only_mode', 'true', 409],
      ['inactivity_timeout_seconds', '60', 409],
      ['no_such_property', 'x', 404],
    ];
    for (const [name, value, status] of refused)
      expect((await put(name, value)).status, `${name}=${value}`).toBe(status);
    expect((await put('coin_store_enabled', ' FALSE ')).body).toMatchObject({
      before: { value: 'true' },
      after: { value: 'false' },
    });
    const publicAnswer = await new Client(ctx).request<{ results: Array<{ key: string; value: string }> }>(
      'GET',
      '/properties?names=coin_store_enabled',
    );
    expect(publicAnswer.body.results[0]).toEqual({ key: 'coin_store_enabled', value: 'false' });
    await put('coin_store_enabled', 'true');
    expect(await auditCount(ctx)).toBe(before + 3);
    const listed = await op.client.request<{ results: Array<{ name: string; read_only: boolean }> }>(
      'GET',
      OPERATOR_API_PATHS.properties,
    );
    expect(listed.body.results.find((p) => p.name === 'gold_only_mode')).toMatchObject({ read_only: true });
  });

  it("a player's identity state, with a reason, through the identity history", async () => {
    const before = await auditCount(ctx);
    const res = await op.client.request('POST', OPERATOR_API_PATHS.identity, {
      body: { email: playerEmail.toUpperCase(), state: 'verified', reason: 'documents checked by phone' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      before: { identity_state: 'none' },
      after: { identity_state: 'verified' },
    });
    const me = await player.client.request<{ identity_state: string }>('GET', '/users/me');
    expect(me.body.identity_state).toBe('verified');
    const history = await ctx.db.query('SELECT reason FROM kyc_state_changes WHERE user_id = $1', [
      player.id,
    ]);
    expect(history).toEqual([{ reason: 'documents checked by phone' }]);
    for (const [body, status] of [
      [{ email: 'nobody@example.com', state: 'verified', reason: 'x' }, 404],
      [{ email: playerEmail, state: 'approved', reason: 'x' }, 400],
      [{ email: playerEmail, state: 'rejected', reason: '   ' }, 400],
      [{ email: playerEmail, state: 'rejected' }, 400],
    ] as const)
      expect((await op.client.request('POST', OPERATOR_API_PATHS.identity, { body })).status).toBe(status);
    expect(await auditCount(ctx)).toBe(before + 1);
  });

  it('purchase limits: a decrease takes effect at once (ending a pending increase); an increase is refused', async () => {
    const p = await signUpPlayer(ctx);
    const email = (await p.client.request<{ email: string }>('GET', '/users/me')).body.email;
    await setLimits(ctx.db, p.id, { daily: 200_00, weekly: 500_00 }, ctx.clock.now);
    // The player asks to raise the daily limit: pending for its cooling-off.
    await setLimits(ctx.db, p.id, { daily: 300_00 }, ctx.clock.now);
    const before = await auditCount(ctx);
    const path = OPERATOR_API_PATHS.purchaseLimitDecrease;
    const res = await op.client.request('POST', path, {
      body: { email, period: 'daily', amount_usd: 50, reason: 'player asked support' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      before: { period: 'daily', amount_usd: 200, pending: { amount_usd: 300 } },
      after: { period: 'daily', amount_usd: 50, pending: null },
    });
    const limits = await readLimits(ctx.db, p.id, ctx.clock.now);
    expect(limits.daily).toMatchObject({ amountCents: 50_00, pending: null });
    for (const [body, status] of [
      [{ email, period: 'daily', amount_usd: 50, reason: 'same' }, 409],
      [{ email, period: 'daily', amount_usd: 80, reason: 'higher' }, 409],
      [{ email, period: 'monthly', amount_usd: 400, reason: 'below weekly' }, 409],
      [{ email, period: 'daily', amount_usd: 0, reason: 'zero' }, 400],
      [{ email, period: 'daily', amount_usd: 10.005, reason: 'fraction of a cent' }, 400],
      [{ email, period: 'yearly', amount_usd: 10, reason: 'x' }, 400],
      [{ email: 'nobody@example.com', period: 'daily', amount_usd: 10, reason: 'x' }, 404],
    ] as const)
      expect((await op.client.request('POST', path, { body })).status, JSON.stringify(body)).toBe(status);
    // A first limit where none was set is a decrease too (from no ceiling).
    const first = await op.client.request('POST', path, {
      body: { email, period: 'monthly', amount_usd: 900, reason: 'support request' },
    });
    expect(first.status).toBe(200);
    expect(await auditCount(ctx)).toBe(before + 2);
  });

  it('an action whose audit row cannot be written changes nothing, and a failing action writes no row', async () => {
    const before = await auditCount(ctx);
    await expect(
      runOperatorAction(
        ctx.db,
        { operatorId: '00000000-0000-4000-8000-000000000000', nowMs: ctx.clock.now },
        async (tx) => {
          await tx.query("UPDATE games SET maintenance = true WHERE id = 'blackjack'");
          return {
            action: 'game_maintenance_on',
            playerId: null,
            subject: 'blackjack',
            before: null,
            after: null,
            reason: null,
          };
        },
      ),
    ).rejects.toThrow();
    await expect(
      runOperatorAction(ctx.db, { operatorId: op.id, nowMs: ctx.clock.now }, async (tx) => {
        await tx.query("UPDATE games SET maintenance = true WHERE id = 'blackjack'");
        throw new Error('the action failed after a write');
      }),
    ).rejects.toThrow('the action failed');
    const game = await ctx.db.query<{ maintenance: boolean }>(
      "SELECT maintenance FROM games WHERE id = 'blackjack'",
    );
    expect(game[0]!.maintenance).toBe(false);
    expect(await auditCount(ctx)).toBe(before);
  });

  it('a parallel burst of maintenance-on calls on one game: every call audited once, the last state on', async () => {
    const before = await auditCount(ctx);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        op.client.request('POST', OPERATOR_API_PATHS.gameMaintenance('klondike'), { body: { on: true } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(await auditCount(ctx)).toBe(before + 6);
    // Each row's before is the state the previous call left: the row lock ordered them.
    const rows = await auditRows('klondike');
    expect(rows.filter((r) => (r.before as { maintenance: boolean }).maintenance === false)).toHaveLength(1);
    await op.client.request('POST', OPERATOR_API_PATHS.gameMaintenance('klondike'), { body: { on: false } });
  });

  it('the audit list shows the latest rows with their operator', async () => {
    const res = await op.client.request<{ results: Array<{ operator_email: string; action: string }> }>(
      'GET',
      `${OPERATOR_API_PATHS.audit}?limit=5`,
    );
    expect(res.status).toBe(200);
    expect(res.body.results).toHaveLength(5);
    expect(res.body.results[0]).toMatchObject({ operator_email: op.email, action: 'game_maintenance_off' });
  });
});

describe('bad input answers 4xx in the error shape', () => {
  it('malformed, huge and NUL-holding requests', async () => {
    const cases: Array<
      [string, string, { rawBody?: string; body?: unknown; headers?: Record<string, string> }]
    > = [
      ['PUT', OPERATOR_API_PATHS.property('support_url'), { rawBody: '{"value": "x", "reason": "y"' }],
      ['PUT', OPERATOR_API_PATHS.property('support_url'), { body: { value: 'a\u0000b', reason: 'y' } }],
      [
        'PUT',
        OPERATOR_API_PATHS.property('support_url'),
        { body: { value: 'x'.repeat(70_000), reason: 'y' } },
      ],
      ['PUT', `${OPERATOR_API_PATHS.properties}/%00`, { body: { value: 'x', reason: 'y' } }],
      ['PUT', `${OPERATOR_API_PATHS.properties}/%ED%A0%80`, { body: { value: 'x', reason: 'y' } }],
      ['POST', OPERATOR_API_PATHS.identity, { rawBody: '['.repeat(5000) + ']'.repeat(5000) }],
      ['POST', OPERATOR_API_PATHS.identity, { body: [] }],
      [
        'POST',
        OPERATOR_API_PATHS.identity,
        { body: { email: 'a@b.co', state: 'verified', reason: 'x', extra: 1 } },
      ],
      [
        'POST',
        OPERATOR_API_PATHS.purchaseLimitDecrease,
        { rawBody: '{"email":"a@b.co","period":"daily","amount_usd":1e999,"reason":"x"}' },
      ],
      ['POST', OPERATOR_API_PATHS.gameMaintenance('%00'), { body: { on: true } }],
      ['POST', OPERATOR_API_PATHS.gameMaintenance('x'.repeat(3000)), { body: { on: true } }],
      ['POST', OPERATOR_API_PATHS.session, { body: { email: 'a\u0000@b.co', password: 'x' } }],
      ['POST', OPERATOR_API_PATHS.session, { body: { email: 'a@b.co', password: 'x'.repeat(300) } }],
      [
        'POST',
        OPERATOR_API_PATHS.session,
        { rawBody: 'email=a', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
      ],
      ['GET', `${OPERATOR_API_PATHS.audit}?limit=-1`, {}],
      ['GET', `${OPERATOR_API_PATHS.audit}?limit=1e3`, {}],
      ['GET', `${OPERATOR_API_PATHS.audit}?limit=%00`, {}],
    ];
    const before = await auditCount(ctx);
    for (const [method, path, init] of cases) {
      const res = await op.client.request<{ code?: string; message?: string }>(method, path, init);
      const where = `${method} ${path.slice(0, 80)}`;
      expect(res.status, where).toBeGreaterThanOrEqual(400);
      expect(res.status, where).toBeLessThan(500);
      expect(typeof res.body.code, where).toBe('string');
      expect(typeof res.body.message, where).toBe('string');
    }
    expect(await auditCount(ctx)).toBe(before);
  });
});

describe('fuzzing with a live operator session', () => {
  it('random path parameters, queries and bodies on every operator route: never 5xx, always the error shape', async () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        '\u0000',
        '\uD800',
        '%00',
        '%ED%A0%80',
        '../..',
        'x'.repeat(5000),
        '1e999',
        '__proto__',
      ),
    );
    const value: fc.Arbitrary<unknown> = fc.oneof(
      hostile,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(hostile, { maxLength: 3 }),
    );
    const fields = [
      'email',
      'state',
      'reason',
      'period',
      'amount_usd',
      'on',
      'until',
      'value',
      'postal_request_code',
      'password',
    ];
    const body = fc.oneof(
      fc.dictionary(fc.constantFrom(...fields), value, { maxKeys: 5 }),
      fc.constant('[[[['),
      fc.constant('"just a string"'),
    );
    // A lone surrogate cannot be percent-encoded by the URL API: send its raw UTF-8 bytes' escape instead.
    const enc = (v: string) => {
      try {
        return encodeURIComponent(v);
      } catch {
        return '%ED%A0%80';
      }
    };
    const before = await auditCount(ctx);
    for (const route of operatorRoutes()) {
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostile, { minLength: 3, maxLength: 3 }),
          hostile,
          body,
          async (params, query, b) => {
            let i = 0;
            const path = route.path.replace(/:[^/]+/g, () => enc(params[i++] ?? ''));
            const url = `${path}?limit=${enc(query)}&status=${enc(query)}`;
            const init = route.method === 'GET' ? {} : typeof b === 'string' ? { rawBody: b } : { body: b };
            const res = await op.client.request<{ code?: unknown; message?: unknown }>(
              route.method,
              url,
              init,
            );
            if (res.status >= 500)
              throw new Error(`${route.method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
            if (res.status >= 400) {
              expect(typeof res.body.code).toBe('string');
              expect(typeof res.body.message).toBe('string');
            }
          },
        ),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 25) },
      );
      // A fuzzed sign-out would end the shared session: sign in again for the next route.
      if ((await op.client.request('GET', OPERATOR_API_PATHS.session)).status !== 200)
        await op.client.signIn(op.email);
    }
    // Random input never completes an action (no player, game or property matches it).
    expect(await auditCount(ctx)).toBe(before);
  }, 120_000);
});
