import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_API_PATHS } from '../../../src/contract/account.ts';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { PASSWORD, signIn, signUp } from '../../test-support/account-test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

const NEW_PASSWORD = 'Copper-Lantern-77';
const change = (body: Record<string, unknown>) => ({ body });

describe('POST /users/me/password', () => {
  it('changes the password: the old one stops working, the new one signs in', async () => {
    const { client, email } = await signUp(ctx);
    const res = await client.request(
      'POST',
      ACCOUNT_API_PATHS.password,
      change({ current_password: PASSWORD, password1: NEW_PASSWORD, password2: NEW_PASSWORD }),
    );
    expect(res.status).toBe(204);
    expect((await signIn(ctx, email, PASSWORD)).res.status).toBe(401);
    expect((await signIn(ctx, email, NEW_PASSWORD)).res.status).toBe(200);
    const me = await client.request('GET', '/users/me');
    expect(me.status).toBe(200);
    expect(me.body.last_password_change).toEqual(expect.any(String));
  });

  it('signs out every other session (access and refresh), this one stays', async () => {
    const { client, email } = await signUp(ctx);
    const phone = (await signIn(ctx, email)).client;
    const tablet = (await signIn(ctx, email)).client;
    expect((await phone.request('GET', '/users/me')).status).toBe(200);
    const res = await client.request(
      'POST',
      ACCOUNT_API_PATHS.password,
      change({ current_password: PASSWORD, password1: NEW_PASSWORD }),
    );
    expect(res.status).toBe(204);
    for (const other of [phone, tablet]) {
      expect((await other.request('GET', '/users/me')).status).toBe(401);
      expect((await other.request('POST', API_PATHS.refresh)).body).toMatchObject({ code: 'REFRESH_FAILED' });
    }
    expect((await client.request('GET', '/users/me')).status).toBe(200);
    const refreshed = await client.request('POST', API_PATHS.refresh);
    expect(refreshed.status).toBe(200);
  });

  it('refuses a wrong current password with 400 WRONG_PASSWORD (not 401: the session is fine)', async () => {
    const { client, email } = await signUp(ctx);
    const res = await client.request(
      'POST',
      ACCOUNT_API_PATHS.password,
      change({ current_password: 'Not-My-Password-1', password1: NEW_PASSWORD }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'WRONG_PASSWORD', field: 'current_password' });
    expect((await signIn(ctx, email, PASSWORD)).res.status).toBe(200);
  });

  it('applies the join password policy and the repeat check', async () => {
    const { client, email } = await signUp(ctx, { first_name: 'Ottoline' });
    const weak = async (password1: string) =>
      (
        await client.request(
          'POST',
          ACCOUNT_API_PATHS.password,
          change({ current_password: PASSWORD, password1 }),
        )
      ).body;
    expect(await weak('short1!')).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password1' });
    expect(await weak('password123!')).toMatchObject({ code: 'WEAK_PASSWORD' });
    expect(await weak('aaaaaaaaaaaaaaaa')).toMatchObject({ code: 'WEAK_PASSWORD' });
    expect(await weak(`${email}-x`)).toMatchObject({ code: 'WEAK_PASSWORD' });
    const mismatch = await client.request(
      'POST',
      ACCOUNT_API_PATHS.password,
      change({ current_password: PASSWORD, password1: NEW_PASSWORD, password2: `${NEW_PASSWORD}x` }),
    );
    expect(mismatch.body).toMatchObject({ code: 'PASSWORD_MISMATCH', field: 'password2' });
    const missing = await client.request(
      'POST',
      ACCOUNT_API_PATHS.password,
      change({ password1: NEW_PASSWORD }),
    );
    expect(missing.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'current_password' });
    expect((await signIn(ctx, email, PASSWORD)).res.status).toBe(200);
  });

  it('throttles current-password guesses like sign-in: a parallel burst checks at most 5', async () => {
    const { client } = await signUp(ctx);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        client.request(
          'POST',
          ACCOUNT_API_PATHS.password,
          change({ current_password: `Wrong-Guess-${i}-x`, password1: NEW_PASSWORD }),
        ),
      ),
    );
    const codes = guesses.map((g) => g.body.code);
    expect(codes.filter((c) => c === 'WRONG_PASSWORD')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(7);
    const blocked = await client.request(
      'POST',
      ACCOUNT_API_PATHS.password,
      change({ current_password: PASSWORD, password1: NEW_PASSWORD }),
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('Retry-After')).toMatch(/^\d+$/);
    ctx.clock.advance(15 * 60 + 1);
    const later = await client.request(
      'POST',
      ACCOUNT_API_PATHS.password,
      change({ current_password: PASSWORD, password1: NEW_PASSWORD }),
    );
    expect(later.status).toBe(204);
  });

  it('sequential guesses sent while earlier ones are in flight are counted too', async () => {
    const { client } = await signUp(ctx);
    const inFlight: Promise<{ body: Record<string, unknown> }>[] = [];
    for (let i = 0; i < 8; i++) {
      inFlight.push(
        client.request(
          'POST',
          ACCOUNT_API_PATHS.password,
          change({ current_password: `Wrong-Guess-${i}-y`, password1: NEW_PASSWORD }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const codes = (await Promise.all(inFlight)).map((r) => r.body.code);
    expect(codes.filter((c) => c === 'WRONG_PASSWORD')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(3);
  });

  it('needs a signed-in player', async () => {
    const { client } = await signUp(ctx);
    client.token = null;
    const res = await client.request(
      'POST',
      ACCOUNT_API_PATHS.password,
      change({ current_password: PASSWORD, password1: NEW_PASSWORD }),
    );
    expect(res.status).toBe(401);
  });
});
