/**
 * Refresh-token rotation on a bad link and on a phone that kills the browser (docs/security.md,
 * "Refresh-token rotation"): a rotation becomes final only when the new token is first used, so a
 * browser that lost the newest cookie (killed before writing it to disk, or the answer lost on
 * the way) presents the previous one and stays signed in; a token presented after a newer one of
 * its session was used is still theft, and ends the session.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { REUSE_GRACE_SECONDS } from './refresh-tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

async function signedIn(): Promise<Client> {
  const client = new Client(ctx);
  const res = await client.request('POST', '/users', { body: signUpPayload() });
  expect(res.status).toBe(201);
  client.token = String(res.body.token);
  return client;
}

/** A second browser (or the same one after it lost its cookies) holding `token` and the CSRF cookie of `like`. */
function holding(like: Client, token: string): Client {
  const other = new Client(ctx, like.ip);
  other.cookies = new Map(like.cookies);
  other.cookies.set('lc_refresh', token);
  return other;
}

const refresh = (client: Client) => client.request('POST', '/auth/refresh');
const me = (client: Client, token: string) =>
  client.request('GET', '/users/me', { headers: { Authorization: `JWT ${token}` } });
const endReason = async (client: Client): Promise<string | null> => {
  const sid = JSON.parse(Buffer.from(client.token!.split('.')[1]!, 'base64url').toString()).sid as string;
  const rows = await ctx.db.query<{ end_reason: string | null }>(
    'SELECT end_reason FROM auth_sessions WHERE id = $1',
    [sid],
  );
  return rows[0]!.end_reason;
};

describe('a rotation whose new token was never used', () => {
  it('the previous token, presented again past the grace, still signs in and rotates afresh', async () => {
    const client = await signedIn();
    const previous = client.cookies.get('lc_refresh')!;
    expect((await refresh(client)).status).toBe(200);
    const lost = client.cookies.get('lc_refresh')!;
    expect(lost).not.toBe(previous);
    // The browser is killed before it wrote `lost` to disk; it starts again with `previous`.
    ctx.clock.advance(REUSE_GRACE_SECONDS + 30);
    const restarted = holding(client, previous);
    const again = await refresh(restarted);
    expect(again.status).toBe(200);
    const fresh = restarted.cookies.get('lc_refresh')!;
    expect([previous, lost]).not.toContain(fresh);
    expect(restarted.cookies.get('lc_signed_in')).toBe('1');
    expect((await me(restarted, String(again.body.token))).status).toBe(200);
    // The session goes on with the fresh token.
    ctx.clock.advance(REUSE_GRACE_SECONDS + 30);
    expect((await refresh(restarted)).status).toBe(200);
    expect((await refresh(restarted)).status).toBe(200);
  });

  it('a browser killed three times before writing the cookie stays signed in each time', async () => {
    const client = await signedIn();
    const onDisk = client.cookies.get('lc_refresh')!;
    for (let start = 0; start < 3; start++) {
      ctx.clock.advance(35);
      const browser = holding(client, onDisk);
      const res = await refresh(browser);
      expect(res.status, `start ${start + 1}`).toBe(200);
      expect(browser.cookies.get('lc_refresh')).not.toBe(onDisk);
    }
  });

  it('a lost refresh answer: the retry with the same token is accepted', async () => {
    const client = await signedIn();
    const sent = client.cookies.get('lc_refresh')!;
    // The server rotated, but the answer (and its cookie) never reached the browser.
    expect((await refresh(holding(client, sent))).status).toBe(200);
    const retry = await refresh(client);
    expect(retry.status).toBe(200);
    expect(client.cookies.get('lc_refresh')).not.toBe(sent);
    ctx.clock.advance(REUSE_GRACE_SECONDS + 1);
    expect((await refresh(client)).status).toBe(200);
  });
});

describe('theft detection', () => {
  it('the previous token after the new one was used: the session ends', async () => {
    const client = await signedIn();
    const stolen = client.cookies.get('lc_refresh')!;
    expect((await refresh(client)).status).toBe(200);
    // The owner's browser uses the new token: the rotation is final.
    expect((await refresh(client)).status).toBe(200);
    ctx.clock.advance(REUSE_GRACE_SECONDS + 1);
    const thief = await refresh(holding(client, stolen));
    expect(thief.status).toBe(401);
    expect(thief.body).toMatchObject({ code: 'REFRESH_FAILED' });
    expect(await endReason(client)).toBe('reuse');
    expect((await refresh(client)).status).toBe(401);
  });

  it('a copy that forked the session is caught when both sides go on', async () => {
    const client = await signedIn();
    const copied = client.cookies.get('lc_refresh')!;
    expect((await refresh(client)).status).toBe(200);
    // The thief presents the copy before the owner used the new token: it gets a token of its own.
    const thief = holding(client, copied);
    expect((await refresh(thief)).status).toBe(200);
    // The owner goes on first: the thief's token is superseded, and presenting it ends the session.
    ctx.clock.advance(REUSE_GRACE_SECONDS + 1);
    expect((await refresh(client)).status).toBe(200);
    ctx.clock.advance(REUSE_GRACE_SECONDS + 1);
    expect((await refresh(thief)).status).toBe(401);
    expect(await endReason(client)).toBe('reuse');
    expect((await refresh(client)).status).toBe(401);
  });
});

describe('two tabs', () => {
  it('two refreshes at once with the same token: neither is signed out, and the session goes on', async () => {
    const client = await signedIn();
    const token = client.cookies.get('lc_refresh')!;
    const tabA = holding(client, token);
    const tabB = holding(client, token);
    const [a, b] = await Promise.all([refresh(tabA), refresh(tabB)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await me(client, String(a.body.token))).status).toBe(200);
    expect((await me(client, String(b.body.token))).status).toBe(200);
    // The browser keeps whichever cookie came last; either one goes on.
    ctx.clock.advance(REUSE_GRACE_SECONDS + 1);
    expect((await refresh(tabB)).status).toBe(200);
    ctx.clock.advance(REUSE_GRACE_SECONDS + 1);
    expect((await refresh(tabB)).status).toBe(200);
    expect(await endReason(client)).toBeNull();
  });
});
