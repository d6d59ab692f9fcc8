/**
 * Sign-in, join and sign-out survive a lost answer (docs/security.md, "Sign-in and join on a bad
 * link"): the server did the work, the answer never reached the browser, and the player presses
 * the button again. With the same Idempotency-Key a sign-in continues the session its first
 * request started (one session, one login bonus, shown again), and a join signs in to the account
 * it created instead of answering "email already in use"; a sign-in link's page retried with its
 * key continues the link's session. (A lost refresh answer: refresh-rotation.test.ts.)
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import type { LoginResponse } from '../../../src/contract/schemas.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { START_KEY_TTL_SECONDS } from '../../core/sessions/session-start-keys.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

type Answer = LoginResponse & { code?: string };

const sidOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid as string;

/** A player who joined yesterday, so today's first sign-in earns the login bonus. */
async function joinedYesterday(): Promise<{ id: string; email: string; password: string }> {
  ctx.clock.advance(24 * 3600);
  const payload = signUpPayload();
  const res = await new Client(ctx).request<Answer>('POST', '/users', { body: payload });
  expect(res.status).toBe(201);
  ctx.clock.advance(24 * 3600);
  return { id: res.body.user.id, email: String(payload.email), password: String(payload.password1) };
}

const login = (client: Client, email: string, password: string, key?: string) =>
  client.request<Answer>('POST', '/auth/login', {
    body: { email, password },
    headers: key ? { [IDEMPOTENCY_HEADER]: key } : {},
  });

const sessionsOf = async (userId: string): Promise<number> =>
  Number(
    (
      await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM auth_sessions WHERE user_id = $1', [
        userId,
      ])
    )[0]!.n,
  );

const bonusEntries = async (userId: string): Promise<number> =>
  (await ctx.db.query(`SELECT 1 FROM ledger_entries WHERE user_id = $1 AND kind = 'bonus'`, [userId])).length;

describe('sign-in retried after its answer was lost', () => {
  it('the same key signs in once: one session, the login bonus earned once and shown again', async () => {
    const p = await joinedYesterday();
    const key = randomUUID();
    // The first answer is lost: the browser keeps none of its cookies.
    const first = await login(new Client(ctx), p.email, p.password, key);
    expect(first.status).toBe(200);
    expect(first.body.quantity_gld).toBeGreaterThan(0);
    const browser = new Client(ctx);
    const retry = await login(browser, p.email, p.password, key);
    expect(retry.status).toBe(200);
    expect(sidOf(retry.body.token)).toBe(sidOf(first.body.token));
    expect([retry.body.quantity_gld, retry.body.quantity_ghc]).toEqual([
      first.body.quantity_gld,
      first.body.quantity_ghc,
    ]);
    expect(retry.body.balances).toEqual(first.body.balances);
    expect(await sessionsOf(p.id)).toBe(2); // the join's and this sign-in's
    expect(await bonusEntries(p.id)).toBe(2); // Gold and Sweeps, once
    // The browser holds a working session: cookie and access token.
    browser.token = retry.body.token;
    expect((await browser.request('GET', '/users/me')).status).toBe(200);
    expect((await browser.request('POST', '/auth/refresh')).status).toBe(200);
  });

  it('two presses at once with the same key: both signed in to one session', async () => {
    const p = await joinedYesterday();
    const key = randomUUID();
    const [a, b] = await Promise.all([
      login(new Client(ctx), p.email, p.password, key),
      login(new Client(ctx), p.email, p.password, key),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(sidOf(a.body.token)).toBe(sidOf(b.body.token));
    expect(await sessionsOf(p.id)).toBe(2);
    expect(await bonusEntries(p.id)).toBe(2);
  });

  it('a key grants nothing by itself: a wrong password is refused, another request with the key is 409', async () => {
    const p = await joinedYesterday();
    const other = await joinedYesterday();
    const key = randomUUID();
    expect((await login(new Client(ctx), p.email, p.password, key)).status).toBe(200);
    const wrong = await login(new Client(ctx), p.email, 'Wrong-Password-1', key);
    expect(wrong.status).toBe(401);
    const reused = await login(new Client(ctx), other.email, other.password, key);
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('after a sign-out, a retry with the old key starts a new session', async () => {
    const p = await joinedYesterday();
    const key = randomUUID();
    const browser = new Client(ctx);
    const first = await login(browser, p.email, p.password, key);
    browser.token = first.body.token;
    expect((await browser.raw('POST', '/auth/logout')).status).toBe(204);
    const again = await login(new Client(ctx), p.email, p.password, key);
    expect(again.status).toBe(200);
    expect(sidOf(again.body.token)).not.toBe(sidOf(first.body.token));
  });

  it('a key is forgotten after a day: the same sign-in then starts a new session', async () => {
    const p = await joinedYesterday();
    const key = randomUUID();
    const first = await login(new Client(ctx), p.email, p.password, key);
    ctx.clock.advance(START_KEY_TTL_SECONDS + 1);
    const later = await login(new Client(ctx), p.email, p.password, key);
    expect(later.status).toBe(200);
    expect(sidOf(later.body.token)).not.toBe(sidOf(first.body.token));
  });

  it('after the inactivity window, the same key starts a new session instead of waking the idle one', async () => {
    const p = await joinedYesterday();
    const key = randomUUID();
    const first = await login(new Client(ctx), p.email, p.password, key);
    ctx.clock.advance(ctx.deps.config.sessionInactivitySeconds + 61);
    const later = await login(new Client(ctx), p.email, p.password, key);
    expect(later.status).toBe(200);
    expect(sidOf(later.body.token)).not.toBe(sidOf(first.body.token));
  });

  it('a malformed key is refused with a clear 400', async () => {
    const p = await joinedYesterday();
    const res = await login(new Client(ctx), p.email, p.password, 'short');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });
});

describe('join retried after its answer was lost', () => {
  it('the same key signs in to the account the first request created, instead of "email already in use"', async () => {
    const payload = signUpPayload();
    const key = randomUUID();
    const join = (client: Client, k?: string) =>
      client.request<Answer>('POST', '/users', {
        body: payload,
        headers: k ? { [IDEMPOTENCY_HEADER]: k } : {},
      });
    const first = await join(new Client(ctx), key);
    expect(first.status).toBe(201);
    const browser = new Client(ctx);
    const retry = await join(browser, key);
    expect(retry.status).toBe(201);
    expect(retry.body.user.id).toBe(first.body.user.id);
    expect(sidOf(retry.body.token)).toBe(sidOf(first.body.token));
    expect(retry.body.balances).toEqual(first.body.balances);
    browser.token = retry.body.token;
    expect((await browser.request('GET', '/users/me')).status).toBe(200);
    // Without the key it is a new attempt, and the email is taken (as before).
    const fresh = await join(new Client(ctx));
    expect(fresh.status).toBe(409);
    expect(fresh.body.code).toBe('EMAIL_TAKEN');
  });

  it('two presses at once with the same key: one account, both signed in to it', async () => {
    const payload = signUpPayload();
    const key = randomUUID();
    const answers = await Promise.all(
      [0, 1].map(() =>
        new Client(ctx).request<Answer>('POST', '/users', {
          body: payload,
          headers: { [IDEMPOTENCY_HEADER]: key },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201]);
    expect(answers[0]!.body.user.id).toBe(answers[1]!.body.user.id);
    const accounts = await ctx.db.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [
      payload.email,
    ]);
    expect(accounts).toHaveLength(1);
  });

  it('a refused join frees its key: corrected and sent again with the same key, it goes through', async () => {
    const key = randomUUID();
    const bad = signUpPayload({ postal_code: '10001' }); // New York: excluded
    const refused = await new Client(ctx).request<Answer>('POST', '/users', {
      body: bad,
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    expect(refused.status).toBe(400);
    const good = await new Client(ctx).request<Answer>('POST', '/users', {
      body: { ...bad, postal_code: '60601' },
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    expect(good.status).toBe(201);
  });
});

describe('a sign-in link whose answer was lost', () => {
  async function linkToken(email: string): Promise<string> {
    await new Client(ctx).request('POST', '/auth/password-recovery', { body: { email } });
    const mail = await ctx.db.query<{ body_text: string }>(
      'SELECT body_text FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [email],
    );
    return /token=([\w-]+)/.exec(mail[0]!.body_text)![1]!;
  }
  const useLink = (client: Client, token: string, key?: string) =>
    client.request<Answer>('POST', '/auth/sign-in-link', {
      body: { token },
      headers: key ? { [IDEMPOTENCY_HEADER]: key } : {},
    });

  it("the page's retry with its key continues the link's session; the used link without that key is refused", async () => {
    const p = await joinedYesterday();
    const token = await linkToken(p.email);
    const key = randomUUID();
    const first = await useLink(new Client(ctx), token, key);
    expect(first.status).toBe(200);
    const browser = new Client(ctx);
    const retry = await useLink(browser, token, key);
    expect(retry.status).toBe(200);
    expect(sidOf(retry.body.token)).toBe(sidOf(first.body.token));
    browser.token = retry.body.token;
    expect((await browser.request('GET', '/users/me')).status).toBe(200);
    // Anyone else holding the used link (another key, or none) gets nothing.
    expect((await useLink(new Client(ctx), token, randomUUID())).body.code).toBe('INVALID_SIGN_IN_LINK');
    expect((await useLink(new Client(ctx), token)).body.code).toBe('INVALID_SIGN_IN_LINK');
  });

  it('after a sign-out, the retry of a used link is refused', async () => {
    const p = await joinedYesterday();
    const token = await linkToken(p.email);
    const key = randomUUID();
    const browser = new Client(ctx);
    const first = await useLink(browser, token, key);
    browser.token = first.body.token;
    expect((await browser.raw('POST', '/auth/logout')).status).toBe(204);
    const again = await useLink(new Client(ctx), token, key);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_SIGN_IN_LINK');
  });
});

describe('sign-out retried after its answer was lost', () => {
  it('answers 204 again, and the session is over', async () => {
    const p = await joinedYesterday();
    const browser = new Client(ctx);
    const res = await login(browser, p.email, p.password);
    browser.token = res.body.token;
    const cookies = new Map(browser.cookies);
    // The first sign-out ends the session; its answer (clearing the cookies) is lost.
    const lost = new Client(ctx, browser.ip);
    lost.cookies = new Map(cookies);
    lost.token = browser.token;
    expect((await lost.raw('POST', '/auth/logout')).status).toBe(204);
    expect((await browser.raw('POST', '/auth/logout')).status).toBe(204);
    expect(browser.cookies.has('lc_refresh')).toBe(false);
    const stale = new Client(ctx, browser.ip);
    stale.cookies = new Map(cookies);
    expect((await stale.request('POST', '/auth/refresh')).status).toBe(401);
  });
});
