import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_API_PATHS } from '../../../src/contract/account.ts';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { signIn, signUp } from '../../test-support/account-test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

describe('POST /users/me/close', () => {
  it('closes the account, ends every session, and sign-in is refused with the closed code', async () => {
    const { client, email } = await signUp(ctx);
    const phone = (await signIn(ctx, email)).client;
    const res = await client.request('POST', ACCOUNT_API_PATHS.close, { body: {} });
    expect(res.status).toBe(204);
    for (const c of [client, phone])
      expect((await c.request('GET', '/users/me')).status).toBeGreaterThanOrEqual(401);
    expect((await phone.request('POST', API_PATHS.refresh)).status).toBeGreaterThanOrEqual(401);
    const { res: again } = await signIn(ctx, email);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'ACCOUNT_CLOSED', extra: { closed_reason: 'player_request' } });
    // A wrong password still answers as any wrong password: closing reveals nothing to guessers.
    expect((await signIn(ctx, email, 'Wrong-Password-1')).res.status).toBe(401);
  });

  it('a parallel burst of closes answers 204 once and ends nothing twice', async () => {
    const { client, id } = await signUp(ctx);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => client.request('POST', ACCOUNT_API_PATHS.close, { body: {} })),
    );
    expect(answers.filter((a) => a.status === 204).length).toBeGreaterThanOrEqual(1);
    expect(answers.every((a) => a.status === 204 || a.status === 403 || a.status === 401)).toBe(true);
    const rows = await ctx.db.query<{ account_state: string; closed_reason: string }>(
      'SELECT account_state, closed_reason FROM users WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ account_state: 'closed', closed_reason: 'player_request' });
  });

  it('needs a signed-in player', async () => {
    const { client } = await signUp(ctx);
    client.token = null;
    expect((await client.request('POST', ACCOUNT_API_PATHS.close, { body: {} })).status).toBe(401);
  });
});

describe('the birth date an account owes (patch me)', () => {
  async function owingBirthDate(overrides: Record<string, unknown> = {}) {
    const player = await signUp(ctx, overrides);
    await ctx.db.query('UPDATE users SET birth_date_needed = true WHERE id = $1', [player.id]);
    return player;
  }

  it('the User says updatedBirthDate false until the date is given', async () => {
    const { client } = await owingBirthDate();
    expect((await client.request('GET', '/users/me')).body.updatedBirthDate).toBe(false);
    const res = await client.request('PATCH', '/users/me', {
      body: { birth_year: 1990, birth_month: 7, birth_day: 21 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      updatedBirthDate: true,
      birth_year: 1990,
      birth_month: 7,
      birth_day: 21,
    });
  });

  it('refuses a partial or impossible date with the one message', async () => {
    const { client } = await owingBirthDate();
    for (const body of [
      { birth_year: 1990, birth_month: 2 },
      { birth_year: 1990, birth_month: 2, birth_day: 30 },
      { birth_year: 1800, birth_month: 1, birth_day: 1 },
      { birth_year: 2999, birth_month: 1, birth_day: 1 },
    ]) {
      const res = await client.request('PATCH', '/users/me', { body });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: 'INVALID_BIRTH_DATE',
        field: 'birth_date',
        message: 'Please enter a valid date of birth.',
      });
    }
    const wrongType = await client.request('PATCH', '/users/me', { body: { birth_year: '1990' } });
    expect(wrongType.status).toBe(400);
    expect((await client.request('GET', '/users/me')).body.updatedBirthDate).toBe(false);
  });

  it('a date on file is not changed by the player', async () => {
    const { client } = await signUp(ctx);
    const res = await client.request('PATCH', '/users/me', {
      body: { birth_year: 1970, birth_month: 1, birth_day: 1 },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'BIRTH_DATE_ALREADY_SET' });
  });

  it('an under-age date closes the account for the age requirement; sign-in says so', async () => {
    const { client, email } = await owingBirthDate();
    const thisYear = new Date(ctx.clock.now).getUTCFullYear();
    const res = await client.request('PATCH', '/users/me', {
      body: { birth_year: thisYear - 16, birth_month: 1, birth_day: 1 },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_CLOSED', extra: { closed_reason: 'age_requirement' } });
    expect((await client.request('GET', '/users/me')).status).toBeGreaterThanOrEqual(401);
    const { res: again } = await signIn(ctx, email);
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'ACCOUNT_CLOSED', extra: { closed_reason: 'age_requirement' } });
  });

  it("uses the state's age of majority (19 in Alabama)", async () => {
    const { client } = await owingBirthDate({ postal_code: '35203' });
    const now = new Date(ctx.clock.now);
    const res = await client.request('PATCH', '/users/me', {
      body: { birth_year: now.getUTCFullYear() - 18, birth_month: 1, birth_day: 1 },
    });
    expect(res.body).toMatchObject({ code: 'ACCOUNT_CLOSED', extra: { closed_reason: 'age_requirement' } });
  });
});
