/**
 * Session rules held by the server: inactivity ends a session at its next refresh, logout stops
 * the access token at once, only well-formed tokens of ours are accepted, CSRF tokens belong to
 * one session, and cookies carry the __Host- prefix on https.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '../../../src/contract/constants.ts';
import { activityIntervalSeconds } from '../../http/auth.ts';
import { issueCsrfToken } from '../../http/csrf.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';

const INACTIVITY_SECONDS = 5;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    { SESSION_INACTIVITY_SECONDS: String(INACTIVITY_SECONDS) },
    { seedDemo: false },
  );
});
afterAll(async () => ctx?.close());

/** A new player signed in on a new client (token set, refresh and CSRF cookies held). */
async function signedIn(context = ctx): Promise<{ client: Client; email: string; password: string }> {
  const payload = signUpPayload();
  const client = new Client(context);
  const res = await client.request('POST', '/users', { body: payload });
  expect(res.status).toBe(201);
  client.token = String(res.body.token);
  return { client, email: String(payload.email), password: String(payload.password1) };
}

const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed with the server's own key, with any header and claims. */
function forge(
  claims: Record<string, unknown>,
  header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' },
) {
  const signed = `${b64(header)}.${b64(claims)}`;
  const digest = header.alg === 'HS512' ? 'sha512' : 'sha256';
  const signature =
    header.alg === 'none'
      ? ''
      : createHmac(digest, ctx.deps.secrets.jwtSecret).update(signed).digest('base64url');
  return `${signed}.${signature}`;
}

const me = (client: Client, token = client.token!) =>
  client.request('GET', '/users/me', { headers: { Authorization: `JWT ${token}` } });

describe('inactivity (SESSION_INACTIVITY_SECONDS=5)', () => {
  it('refuses a refresh after the window without activity, and the session is over', async () => {
    const { client } = await signedIn();
    ctx.clock.advance(24);
    const refresh = await client.request('POST', '/auth/refresh');
    expect(refresh.status).toBe(401);
    expect(refresh.body).toMatchObject({ code: 'REFRESH_FAILED' });
    expect(client.cookies.has('lc_refresh')).toBe(false);
    // The ended session's access token stops too.
    expect((await me(client)).body).toMatchObject({ code: 'NOT_AUTHENTICATED' });
  });

  it('refuses a refresh just past the window plus the activity interval, not before the window', async () => {
    const a = await signedIn();
    ctx.clock.advance(INACTIVITY_SECONDS);
    expect((await a.client.request('POST', '/auth/refresh')).status).toBe(200);
    const b = await signedIn();
    ctx.clock.advance(INACTIVITY_SECONDS + activityIntervalSeconds(INACTIVITY_SECONDS) + 1);
    expect((await b.client.request('POST', '/auth/refresh')).status).toBe(401);
  });

  it('refreshes inside the window keep the session alive past it', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < 5; i++) {
      ctx.clock.advance(4);
      expect((await client.request('POST', '/auth/refresh')).status).toBe(200);
    }
  });

  it('authenticated requests count as activity, recorded at most once per interval', async () => {
    const { client } = await signedIn();
    const original = ctx.db.query.bind(ctx.db);
    const sessionStatements: string[] = [];
    ctx.db.query = ((sql: string, params?: readonly unknown[]) => {
      if (sql.includes('auth_sessions')) sessionStatements.push(sql.trim().split(/\s+/)[0]!);
      return original(sql, params);
    }) as typeof ctx.db.query;
    try {
      // 20 requests inside one interval: one read each, no write.
      for (let i = 0; i < 20; i++) expect((await me(client)).status).toBe(200);
      expect(sessionStatements.filter((s) => s === 'SELECT')).toHaveLength(20);
      expect(sessionStatements.filter((s) => s === 'UPDATE')).toHaveLength(0);
      // Requests every 2 s for 12 s: each records activity, so the refresh after them is allowed.
      for (let i = 0; i < 6; i++) {
        ctx.clock.advance(2);
        expect((await me(client)).status).toBe(200);
      }
      expect(sessionStatements.filter((s) => s === 'UPDATE')).toHaveLength(6);
    } finally {
      ctx.db.query = original;
    }
    ctx.clock.advance(3);
    expect((await client.request('POST', '/auth/refresh')).status).toBe(200);
  });
});

describe('logout', () => {
  it('stops the access token at once', async () => {
    const { client } = await signedIn();
    const token = client.token!;
    expect((await me(client)).status).toBe(200);
    expect((await client.raw('POST', '/auth/logout')).status).toBe(204);
    const after = await me(new Client(ctx), token);
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'NOT_AUTHENTICATED' });
  });

  it('ends the session of the access token even without the refresh cookie', async () => {
    const { client } = await signedIn();
    const token = client.token!;
    client.cookies.delete('lc_refresh');
    expect((await client.raw('POST', '/auth/logout')).status).toBe(204);
    expect((await me(new Client(ctx), token)).status).toBe(401);
  });

  it('a new sign-in in the same browser ends the session its refresh cookie held', async () => {
    const { client, email, password } = await signedIn();
    const first = client.token!;
    const again = await client.request('POST', '/auth/login', { body: { email, password } });
    expect(again.status).toBe(200);
    expect((await me(client, first)).status).toBe(401);
    expect((await me(client, String(again.body.token))).status).toBe(200);
  });
});

describe('access token checks', () => {
  let valid: Record<string, unknown>;
  let client: Client;
  beforeAll(async () => {
    ({ client } = await signedIn());
    valid = claimsOf(client.token!);
  });

  it('accepts a token forged the way the server signs (control)', async () => {
    expect((await me(client, forge(valid))).status).toBe(200);
  });

  it.each([
    ['without exp', (c: Record<string, unknown>) => ({ ...c, exp: undefined })],
    ['without iat', (c: Record<string, unknown>) => ({ ...c, iat: undefined })],
    ['with exp as text', (c: Record<string, unknown>) => ({ ...c, exp: String(c.exp) })],
    [
      'living longer than the TTL',
      (c: Record<string, unknown>) => ({ ...c, exp: Number(c.iat) + ACCESS_TOKEN_TTL_SECONDS + 60 }),
    ],
    [
      'issued in the future',
      (c: Record<string, unknown>) => ({ ...c, iat: Number(c.iat) + 3600, exp: Number(c.iat) + 3600 + 60 }),
    ],
    ['of another issuer', (c: Record<string, unknown>) => ({ ...c, iss: 'someone-else' })],
    ['for another audience', (c: Record<string, unknown>) => ({ ...c, aud: 'another-api' })],
    ['of another type', (c: Record<string, unknown>) => ({ ...c, typ: 'refresh' })],
    ['without a session', (c: Record<string, unknown>) => ({ ...c, sid: undefined })],
    [
      'naming an unknown session',
      (c: Record<string, unknown>) => ({ ...c, sid: '00000000-0000-4000-8000-000000000000' }),
    ],
    ['naming a malformed session', (c: Record<string, unknown>) => ({ ...c, sid: "x' OR 1=1 --" })],
    [
      'for another player than its session',
      (c: Record<string, unknown>) => ({ ...c, sub: '00000000-0000-4000-8000-000000000001' }),
    ],
  ])('refuses a token %s', async (_, change) => {
    const res = await me(client, forge(change(valid)));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'NOT_AUTHENTICATED' });
  });

  it.each([
    ['alg none', { alg: 'none', typ: 'JWT' }],
    ['alg HS512', { alg: 'HS512', typ: 'JWT' }],
    ['a kid', { alg: 'HS256', typ: 'JWT', kid: 'k1' }],
    ['typ other than JWT', { alg: 'HS256', typ: 'at+jwt' }],
  ])('refuses a token whose header has %s', async (_, header) => {
    expect((await me(client, forge(valid, header))).status).toBe(401);
  });

  it('refuses a token signed with another key', async () => {
    const signed = forge(valid).split('.').slice(0, 2).join('.');
    const foreign = createHmac('sha256', 'another-secret-0123456789abcdef0123456789')
      .update(signed)
      .digest('base64url');
    const res = await me(client, `${signed}.${foreign}`);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'NOT_AUTHENTICATED' });
  });

  it('answers TOKEN_EXPIRED for an expired token of ours, and for one signed before tokens named sessions', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await me(client, forge({ ...valid, iat: now - 1000, exp: now - 100 }));
    expect(expired.body).toMatchObject({ code: 'TOKEN_EXPIRED' });
    const legacy = forge({ sub: valid.sub, iat: now, exp: now + 60, jti: 'j', typ: 'access' });
    expect((await me(client, legacy)).body).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});

describe('CSRF tokens bound to the session', () => {
  const patchMe = (client: Client, csrf: string) => {
    client.cookies.set('lc_csrf', csrf);
    return client.request('PATCH', '/users/me', {
      body: { first_name: 'Robin' },
      headers: { 'X-CSRF-Token': csrf },
    });
  };

  it('sign-in replaces the anonymous token with one bound to the new session', async () => {
    const client = new Client(ctx);
    const before = String((await client.request('GET', '/auth/csrf')).body.csrf_token);
    expect(before.startsWith('anon.')).toBe(true);
    const res = await client.request('POST', '/users', { body: signUpPayload() });
    const sid = String(claimsOf(String(res.body.token)).sid);
    expect(client.cookies.get('lc_csrf')!.startsWith(`${sid}.`)).toBe(true);
    // Asked again, the same bound token.
    expect((await client.request('GET', '/auth/csrf')).body.csrf_token).toBe(client.cookies.get('lc_csrf'));
  });

  it("refuses a signed-in request carrying the anonymous token or another session's token", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const own = a.client.cookies.get('lc_csrf')!;
    expect((await patchMe(a.client, issueCsrfToken(ctx.deps.secrets.csrfSecret))).body).toMatchObject({
      code: 'CSRF_FAILED',
    });
    expect((await patchMe(a.client, b.client.cookies.get('lc_csrf')!)).body).toMatchObject({
      code: 'CSRF_FAILED',
    });
    expect((await patchMe(a.client, own)).status).toBe(200);
  });

  it("refuses a refresh carrying another session's token; /auth/csrf hands out the right one", async () => {
    const a = await signedIn();
    const b = await signedIn();
    a.client.cookies.set('lc_csrf', b.client.cookies.get('lc_csrf')!);
    const refused = await a.client.request('POST', '/auth/refresh');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'CSRF_FAILED' });
    const fresh = await a.client.request('GET', '/auth/csrf');
    expect(String(fresh.body.csrf_token).startsWith(`${String(claimsOf(a.client.token!).sid)}.`)).toBe(true);
    expect((await a.client.request('POST', '/auth/refresh')).status).toBe(200);
  });
});

describe('cookies on an https origin', () => {
  let https: TestContext;
  beforeAll(async () => {
    https = await createTestContext({ PUBLIC_ORIGIN: 'https://play.example.com' }, { seedDemo: false });
  });
  afterAll(async () => https?.close());

  it('are named __Host- (Secure, Path=/, no Domain) and only those are read', async () => {
    const client = new Client(https);
    const csrf = await client.request('GET', '/auth/csrf');
    const anon = String(csrf.body.csrf_token);
    expect(csrf.headers.getSetCookie().join('\n')).toMatch(
      /^__Host-lc_csrf=[^;]+; Max-Age=\d+; Path=\/; Secure; SameSite=Strict$/m,
    );
    const header = { 'X-CSRF-Token': anon };
    const join = await client.request('POST', '/users', { body: signUpPayload(), headers: header });
    expect(join.status).toBe(201);
    const cookies = join.headers.getSetCookie();
    const refresh = cookies.find((c) => c.startsWith('__Host-lc_refresh='))!;
    expect(refresh).toMatch(/Path=\/;/);
    expect(refresh).toMatch(/HttpOnly/);
    expect(refresh).toMatch(/Secure/);
    expect(refresh).not.toMatch(/Domain/i);
    expect(cookies.some((c) => c.startsWith('lc_'))).toBe(false);

    const bound = client.cookies.get('__Host-lc_csrf')!;
    expect(
      (await client.request('POST', '/auth/refresh', { headers: { 'X-CSRF-Token': bound } })).status,
    ).toBe(200);
    // A cookie without the prefix (settable by a sibling subdomain) is not read.
    const planted = new Client(https);
    planted.cookies.set('lc_csrf', anon);
    const refused = await planted.request('POST', '/auth/login', {
      body: { email: 'nobody@example.com', password: 'Whatever-Pass-1' },
      headers: { 'X-CSRF-Token': anon },
    });
    expect(refused.body).toMatchObject({ code: 'CSRF_FAILED' });
  });
});
