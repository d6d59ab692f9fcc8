import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { sign } from 'hono/jwt';
import { LoginResponseSchema, RefreshResponseSchema } from '../../../src/contract/schemas.ts';
import { ERROR_TEXTS } from '../../../src/contract/errors.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { DEMO_PLAYER } from '../../seed.ts';
import { issueCsrfToken } from '../../http/csrf.ts';
import { REUSE_GRACE_SECONDS } from '../../core/sessions/refresh-tokens.ts';
import { LOGIN_PER_ACCOUNT_AND_CLIENT, LOGIN_PER_CLIENT } from '../../core/throttle.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function newPlayer(overrides: Record<string, unknown> = {}) {
  const payload = signUpPayload(overrides);
  const res = await new Client(ctx).request('POST', '/users', { body: payload });
  expect(res.status).toBe(201);
  return {
    email: String(payload.email),
    password: String(payload.password1),
    id: String((res.body.user as { id: string }).id),
  };
}

const login = (client: Client, email: string, password: string) =>
  client.request('POST', '/auth/login', { body: { email, password } });

describe('login', () => {
  it('signs in the seeded demo player with its balances', async () => {
    const client = new Client(ctx);
    const res = await login(client, DEMO_PLAYER.email, DEMO_PLAYER.password);
    expect(res.status).toBe(200);
    expect(is(res.body, LoginResponseSchema)).toBe(true);
    expect(res.body).toMatchObject({
      balances: { balance_total_gld: 250000, balance_total_ghc: 25, balance_free_ghc: 25 },
      promopopups: [],
      promocarousels: [],
      quantity_ghc: 0,
      quantity_gld: 0,
    });
    client.token = String(res.body.token);
    const balances = await client.request('GET', '/wallet/balances');
    expect(balances.body).toMatchObject({ balance_total_gld: 250000, balance_total_ghc: 25 });
  });

  it('email is case-insensitive', async () => {
    const p = await newPlayer();
    expect((await login(new Client(ctx), p.email.toUpperCase(), p.password)).status).toBe(200);
  });

  it('wrong password and unknown email answer the same 401', async () => {
    const p = await newPlayer();
    const wrong = await login(new Client(ctx), p.email, 'Wrong-Password-1');
    const unknown = await login(new Client(ctx), `nobody.${Date.now()}@example.com`, 'Wrong-Password-1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('refuses a closed account with 403 ACCOUNT_CLOSED', async () => {
    const p = await newPlayer();
    await ctx.db.query("UPDATE users SET account_state = 'closed' WHERE id = $1", [p.id]);
    const res = await login(new Client(ctx), p.email, p.password);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_CLOSED' });
  });

  it('throttles sign-ins per account and address: 429 with the Server Busy text, Retry-After and retry_after_seconds', async () => {
    const p = await newPlayer();
    const stranger = new Client(ctx);
    for (let i = 0; i < LOGIN_PER_ACCOUNT_AND_CLIENT.limit; i++) {
      expect((await login(stranger, p.email, `Wrong-Password-${i}`)).status).toBe(401);
    }
    const blocked = await login(stranger, p.email, p.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: ERROR_TEXTS.serverBusy,
      field: null,
    });
    expect(blocked.body.message).toBe(
      'Our system is currently experiencing a high load, please try again later.',
    );
    const retryAfter = Number(blocked.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.body.extra).toEqual({ retry_after_seconds: retryAfter });
    // The owner, from their own address, is not locked out by the stranger.
    expect((await login(new Client(ctx), p.email, p.password)).status).toBe(200);
    // After the window the right password works again from the stranger's address too.
    ctx.clock.advance(retryAfter + 1);
    expect((await login(stranger, p.email, p.password)).status).toBe(200);
  });

  it('throttles unknown emails exactly like known ones', async () => {
    const email = `ghost.${Date.now()}@example.com`;
    const client = new Client(ctx);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await login(client, email, 'Whatever-Pass-1'));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]!.status).toBe(429);
    expect(answers[5]!.body.message).toBe(ERROR_TEXTS.serverBusy);
  });

  it('throttles sign-ins per client address over all accounts', async () => {
    const client = new Client(ctx, '203.0.113.77');
    // Whole misses per account and address, over fewer accounts than the spraying limit: the
    // address-wide attempt count is what refuses.
    const perAccount = LOGIN_PER_ACCOUNT_AND_CLIENT.limit;
    for (let i = 0; i < LOGIN_PER_CLIENT.limit; i++) {
      const email = `spray${Math.floor(i / perAccount)}.${ctx.clock.now}@example.com`;
      expect((await login(client, email, 'Whatever-Pass-1')).status).toBe(401);
    }
    const blocked = await login(client, DEMO_PLAYER.email, DEMO_PLAYER.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toBeTruthy();
    // Another address is not affected.
    expect((await login(new Client(ctx), DEMO_PLAYER.email, DEMO_PLAYER.password)).status).toBe(200);
  });

  it('a successful sign-in forgives the misses made from that address', async () => {
    const p = await newPlayer();
    const client = new Client(ctx);
    for (let i = 0; i < 4; i++) await login(client, p.email, 'Wrong-Password-x');
    expect((await login(client, p.email, p.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login(client, p.email, 'Wrong-Password-x')).status).toBe(401);
  });
});

describe('access token', () => {
  it('requires the JWT scheme; refuses missing, malformed and foreign tokens', async () => {
    const client = new Client(ctx);
    expect((await client.request('GET', '/users/me')).body).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    const res = await login(client, DEMO_PLAYER.email, DEMO_PLAYER.password);
    const token = String(res.body.token);
    const bearer = await client.request('GET', '/users/me', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(bearer.status).toBe(401);
    const forged = await sign(
      { sub: 'x', exp: Math.floor(Date.now() / 1000) + 60, typ: 'access' },
      'another-secret-another-secret-12345',
      'HS256',
    );
    expect(
      (await client.request('GET', '/users/me', { headers: { Authorization: `JWT ${forged}` } })).status,
    ).toBe(401);
    expect(
      (await client.request('GET', '/users/me', { headers: { Authorization: `JWT ${token}` } })).status,
    ).toBe(200);
  });

  it('answers TOKEN_EXPIRED for an expired token', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await sign(
      { sub: 'x', iat: past - 900, exp: past, typ: 'access' },
      ctx.deps.secrets.jwtSecret,
      'HS256',
    );
    const res = await new Client(ctx).request('GET', '/users/me', {
      headers: { Authorization: `JWT ${expired}` },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'TOKEN_EXPIRED' });
  });
});

describe('refresh and logout', () => {
  it('sign-in sets the session hint beside the refresh cookie: at the root, no token, HttpOnly', async () => {
    const client = new Client(ctx);
    const res = await client.raw('POST', '/auth/login', {
      body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
    });
    expect(res.status).toBe(200);
    const hint = res.headers.getSetCookie().find((c) => c.startsWith('lc_signed_in='));
    expect(hint).toMatch(/^lc_signed_in=1;/);
    expect(hint).toMatch(/Path=\/;/);
    expect(hint).toMatch(/HttpOnly/);
    expect(hint).not.toContain(client.cookies.get('lc_refresh'));
    // A failed refresh (an unknown token) clears both.
    const stranger = new Client(ctx);
    stranger.cookies.set('lc_refresh', 'made-up-token-value');
    stranger.cookies.set('lc_signed_in', '1');
    const refused = await stranger.raw('POST', '/auth/refresh');
    expect(refused.status).toBe(401);
    expect(stranger.cookies.has('lc_signed_in')).toBe(false);
  });

  it('rotates the refresh cookie and answers a new access token', async () => {
    const client = new Client(ctx);
    await login(client, DEMO_PLAYER.email, DEMO_PLAYER.password);
    const first = client.cookies.get('lc_refresh');
    const res = await client.request('POST', '/auth/refresh');
    expect(res.status).toBe(200);
    expect(is(res.body, RefreshResponseSchema)).toBe(true);
    expect(res.body.method).toBe('refresh');
    const second = client.cookies.get('lc_refresh');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    client.token = String(res.body.token);
    expect((await client.request('GET', '/users/me')).status).toBe(200);
  });

  it('reuse of a superseded token (after the grace period) revokes the whole family', async () => {
    const client = new Client(ctx);
    await login(client, DEMO_PLAYER.email, DEMO_PLAYER.password);
    const stolen = client.cookies.get('lc_refresh')!;
    expect((await client.request('POST', '/auth/refresh')).status).toBe(200);
    // The new token is used: the rotation away from the stolen one is final.
    expect((await client.request('POST', '/auth/refresh')).status).toBe(200);
    ctx.clock.advance(REUSE_GRACE_SECONDS + 1);
    const attacker = new Client(ctx);
    attacker.cookies.set('lc_refresh', stolen);
    const reuse = await attacker.request('POST', '/auth/refresh');
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 'REFRESH_FAILED' });
    // The legitimate holder of the newest token is signed out too.
    const legit = await client.request('POST', '/auth/refresh');
    expect(legit.status).toBe(401);
    expect(legit.body).toMatchObject({ code: 'REFRESH_FAILED' });
  });

  it('within the grace period a just-superseded token gets an access token without a new cookie', async () => {
    const client = new Client(ctx);
    await login(client, DEMO_PLAYER.email, DEMO_PLAYER.password);
    const old = client.cookies.get('lc_refresh')!;
    expect((await client.request('POST', '/auth/refresh')).status).toBe(200);
    expect((await client.request('POST', '/auth/refresh')).status).toBe(200);
    const otherTab = new Client(ctx);
    otherTab.cookies.set('lc_refresh', old);
    const res = await otherTab.request('POST', '/auth/refresh');
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('lc_refresh='))).toBe(false);
    expect((await client.request('POST', '/auth/refresh')).status).toBe(200);
  });

  it('refuses a missing or unknown refresh cookie', async () => {
    const client = new Client(ctx);
    expect((await client.request('POST', '/auth/refresh')).body).toMatchObject({ code: 'REFRESH_FAILED' });
    client.cookies.set('lc_refresh', 'made-up-token-value');
    expect((await client.request('POST', '/auth/refresh')).status).toBe(401);
  });

  it('logout revokes the refresh token, clears the cookie and answers 204', async () => {
    const client = new Client(ctx);
    await login(client, DEMO_PLAYER.email, DEMO_PLAYER.password);
    const token = client.cookies.get('lc_refresh')!;
    const res = await client.raw('POST', '/auth/logout');
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie().join('\n')).toMatch(/lc_refresh=;.*Max-Age=0/i);
    expect(client.cookies.has('lc_refresh')).toBe(false);
    // The session hint goes with it.
    expect(res.headers.getSetCookie().join('\n')).toMatch(/lc_signed_in=;.*Max-Age=0/i);
    expect(client.cookies.has('lc_signed_in')).toBe(false);
    const replay = new Client(ctx);
    replay.cookies.set('lc_refresh', token);
    expect((await replay.request('POST', '/auth/refresh')).status).toBe(401);
  });

  it('a closed account cannot refresh', async () => {
    const p = await newPlayer();
    const client = new Client(ctx);
    const signedIn = await login(client, p.email, p.password);
    expect(signedIn.status).toBe(200);
    client.token = String(signedIn.body.token);
    await ctx.db.query("UPDATE users SET account_state = 'closed' WHERE id = $1", [p.id]);
    const res = await client.request('POST', '/auth/refresh');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_CLOSED' });
    expect((await client.request('GET', '/users/me')).body).toMatchObject({ code: 'ACCOUNT_CLOSED' });
  });
});

describe('CSRF (signed double submit)', () => {
  it('GET /auth/csrf issues a readable SameSite=Strict cookie and answers the same value', async () => {
    const client = new Client(ctx);
    const res = await client.request('GET', '/auth/csrf');
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('lc_csrf='))!;
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/HttpOnly/i);
    expect(res.body.csrf_token).toBe(client.cookies.get('lc_csrf'));
    // Asked again with a valid cookie: the same token, no new cookie.
    const again = await client.request('GET', '/auth/csrf');
    expect(again.body.csrf_token).toBe(res.body.csrf_token);
  });

  it('refuses an unsafe request without the header', async () => {
    const client = new Client(ctx);
    await client.request('GET', '/auth/csrf');
    const res = await client.request('POST', '/auth/login', {
      body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
      csrf: false,
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CSRF_FAILED' });
  });

  it('refuses a header that differs from the cookie', async () => {
    const client = new Client(ctx);
    await client.request('GET', '/auth/csrf');
    const res = await client.request('POST', '/auth/login', {
      body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
      headers: { 'X-CSRF-Token': issueCsrfToken(ctx.deps.secrets.csrfSecret) },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'CSRF_FAILED' });
  });

  it('refuses a forged cookie+header pair that is not signed with our key', async () => {
    const client = new Client(ctx);
    for (const forged of ['abc.def', 'plainvalue', issueCsrfToken('some-other-key-some-other-key-123456')]) {
      client.cookies.set('lc_csrf', forged);
      const res = await client.request('POST', '/auth/login', {
        body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
        headers: { 'X-CSRF-Token': forged },
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'CSRF_FAILED' });
    }
  });

  it('refuses cookie-less requests (no cookie at all)', async () => {
    const client = new Client(ctx);
    const token = issueCsrfToken(ctx.deps.secrets.csrfSecret);
    const res = await client.request('POST', '/users', {
      body: signUpPayload(),
      headers: { 'X-CSRF-Token': token },
      csrf: false,
    });
    expect(res.status).toBe(403);
  });
});

describe('password recovery and sign-in link', () => {
  const lastMail = async (to: string) =>
    (
      await ctx.db.query<{ body_text: string; file_name: string }>(
        'SELECT body_text, file_name FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
        [to],
      )
    )[0];

  it('always answers 202 with the same shape; mails a link only when the account exists', async () => {
    const p = await newPlayer();
    const known = await new Client(ctx).request('POST', '/auth/password-recovery', {
      body: { email: p.email },
    });
    const unknownEmail = `nobody.${Date.now()}@example.com`;
    const unknown = await new Client(ctx).request('POST', '/auth/password-recovery', {
      body: { email: unknownEmail },
    });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(Object.keys(known.body)).toEqual(Object.keys(unknown.body));
    const mail = await lastMail(p.email);
    expect(mail?.body_text).toContain(`${ctx.deps.config.publicOrigin}/sign-in-link?token=`);
    expect(mail?.file_name).toMatch(/\.eml$/);
    expect(await lastMail(unknownEmail)).toBeUndefined();
  });

  it('the link signs in once, then answers INVALID_SIGN_IN_LINK', async () => {
    const p = await newPlayer();
    await new Client(ctx).request('POST', '/auth/password-recovery', { body: { email: p.email } });
    const token = /token=([\w-]+)/.exec((await lastMail(p.email))!.body_text)![1]!;
    const client = new Client(ctx);
    const res = await client.request('POST', '/auth/sign-in-link', { body: { token } });
    expect(res.status).toBe(200);
    expect(is(res.body, LoginResponseSchema)).toBe(true);
    expect(client.cookies.get('lc_refresh')).toBeTruthy();
    const again = await new Client(ctx).request('POST', '/auth/sign-in-link', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'INVALID_SIGN_IN_LINK' });
  });

  it('the link expires after 30 minutes', async () => {
    const p = await newPlayer();
    await new Client(ctx).request('POST', '/auth/password-recovery', { body: { email: p.email } });
    const token = /token=([\w-]+)/.exec((await lastMail(p.email))!.body_text)![1]!;
    ctx.clock.advance(31 * 60);
    const res = await new Client(ctx).request('POST', '/auth/sign-in-link', { body: { token } });
    expect(res.body).toMatchObject({ code: 'INVALID_SIGN_IN_LINK' });
    const bogus = await new Client(ctx).request('POST', '/auth/sign-in-link', {
      body: { token: 'x'.repeat(43) },
    });
    expect(bogus.body).toMatchObject({ code: 'INVALID_SIGN_IN_LINK' });
  });

  it('recovery requests are throttled per email, known or not', async () => {
    const email = `flood.${Date.now()}@example.com`;
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (await new Client(ctx).request('POST', '/auth/password-recovery', { body: { email } })).status,
      );
    expect(statuses).toEqual([202, 202, 202, 429]);
  });
});
