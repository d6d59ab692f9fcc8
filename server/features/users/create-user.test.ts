import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginResponseSchema } from '../../../src/contract/schemas.ts';
import { is } from 'superstruct';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const join = (payload: Record<string, unknown>, client = new Client(ctx)) =>
  client.request('POST', '/users', { body: payload });

/** Birth date that makes the player exactly `years` old today minus `dayOffset` days. */
function bornYearsAgo(years: number, dayOffset = 0) {
  const d = new Date(Date.now() - 10 * 3600_000); // Hawaii's calendar day, as the server reads it
  d.setUTCDate(d.getUTCDate() - dayOffset);
  return {
    birth_year: d.getUTCFullYear() - years,
    birth_month: d.getUTCMonth() + 1,
    birth_day: d.getUTCDate(),
  };
}

describe('POST /users (join)', () => {
  it('creates the account, signs in and sets the refresh and CSRF cookies', async () => {
    const client = new Client(ctx);
    const payload = signUpPayload({ promo_code: 'freecoins', utm_source: 'newsletter', gclid: 'abc123' });
    const res = await join(payload, client);
    expect(res.status).toBe(201);
    expect(is(res.body, LoginResponseSchema)).toBe(true);
    const body = res.body as {
      user: Record<string, unknown>;
      token: string;
      promo_code: string;
      balances: Record<string, number>;
      promopopups: unknown[];
    };
    expect(body.user.email).toBe(payload.email);
    expect(body.user.state_or_province).toBe('IL');
    expect(body.user.sweeps_eligible).toBe(true);
    expect(body.promo_code).toBe('FREECOINS');
    expect(body.promopopups).toEqual([]);
    // FREECOINS is applied at join: 250,000 Gold + 1 Sweeps by default.
    expect(body.balances.balance_total_gld).toBe(250_000);
    expect(body.balances.balance_free_ghc).toBe(1);
    const setCookies = res.headers.getSetCookie().join('\n');
    expect(setCookies).toMatch(/lc_refresh=[^;]+;.*HttpOnly/i);
    expect(setCookies).toMatch(/lc_refresh=[^;]+;.*SameSite=Strict/i);
    expect(setCookies).toMatch(/lc_refresh=[^;]+;.*Path=\/api\/v1\/auth/i);
    // Attribution is stored on the user row.
    const rows = await ctx.db.query<{ attribution: Record<string, unknown>; password_hash: string }>(
      'SELECT attribution, password_hash FROM users WHERE id = $1',
      [body.user.id],
    );
    expect(rows[0]?.attribution).toEqual({ utm_source: 'newsletter', gclid: 'abc123' });
    expect(rows[0]?.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$/);
    // The new token works.
    client.token = body.token;
    const me = await client.request('GET', '/users/me');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(body.user.id);
  });

  it('password2 defaults to password1', async () => {
    const payload = signUpPayload();
    delete payload.password2;
    expect((await join(payload)).status).toBe(201);
  });

  it('refuses an email already used, whatever its case (EMAIL_TAKEN)', async () => {
    const first = signUpPayload();
    expect((await join(first)).status).toBe(201);
    const again = await join(signUpPayload({ email: String(first.email).toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
  });

  it('concurrent sign-ups with one email create exactly one account', async () => {
    const email = `race.${Date.now()}@example.com`;
    const results = await Promise.all([0, 1, 2, 3].map(() => join(signUpPayload({ email }))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201))
      expect(r.body).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it.each([
    ['too short', 'Sh0rt!x', /at least 10/],
    ['common', 'Password123!', /too common/],
    ['contains name', 'Casey#Quinlan99', /name/],
    ['two classes', 'onlylowercase42', /three of/],
  ])('refuses a weak password: %s (WEAK_PASSWORD)', async (_label, pw, re) => {
    const res = await join(
      signUpPayload({
        first_name: 'Casey',
        last_name: 'Quinlan',
        password1: pw,
        password2: pw,
        birth_day: 2,
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'WEAK_PASSWORD', field: 'password1' });
    expect(String(res.body.message)).toMatch(re);
  });

  it('refuses different passwords (PASSWORD_MISMATCH)', async () => {
    const res = await join(signUpPayload({ password2: 'Velvet-Harbor-43' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'PASSWORD_MISMATCH', field: 'password2' });
  });

  it.each(['1234', 'ABCDE', '00000', '21301', '606011'])(
    'refuses ZIP %s (INVALID_POSTAL_CODE)',
    async (zip) => {
      const res = await join(signUpPayload({ postal_code: zip }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_POSTAL_CODE', field: 'postal_code' });
    },
  );

  it.each([
    ['10001', 'NY'],
    ['06103', 'CT'],
    ['07030', 'NJ'],
    ['83702', 'ID'],
    ['48201', 'MI'],
    ['59601', 'MT'],
    ['89101', 'NV'],
    ['98101', 'WA'],
  ])('refuses ZIP %s in excluded state %s (EXCLUDED_STATE)', async (zip, state) => {
    const res = await join(signUpPayload({ postal_code: zip }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'EXCLUDED_STATE',
      field: 'postal_code',
      extra: { state },
      message: `At the current time we do not allow participation from the state of ${state}`,
    });
  });

  it('refuses Puerto Rico and military ZIPs as not a US state (EXCLUDED_STATE)', async () => {
    const pr = await join(signUpPayload({ postal_code: '00901' }));
    expect(pr.status).toBe(400);
    expect(pr.body).toMatchObject({ code: 'EXCLUDED_STATE', field: 'postal_code', extra: { state: 'PR' } });
    expect(String(pr.body.message)).toContain('Puerto Rico');
    const apo = await join(signUpPayload({ postal_code: '09001' }));
    expect(apo.body).toMatchObject({ code: 'EXCLUDED_STATE', extra: { state: 'AE' } });
  });

  it('refuses players under 18, accepts exactly 18 (IL)', async () => {
    const young = await join(signUpPayload(bornYearsAgo(18, -1)));
    expect(young.status).toBe(400);
    expect(young.body).toMatchObject({ code: 'UNDERAGE', field: 'birth_date', extra: { minimum_age: 18 } });
    expect((await join(signUpPayload(bornYearsAgo(18)))).status).toBe(201);
  });

  it('applies the age of majority: 19 in AL, 21 in MS, 19 in NE', async () => {
    const al = await join(signUpPayload({ postal_code: '35203', ...bornYearsAgo(18, 30) }));
    expect(al.status).toBe(400);
    expect(al.body).toMatchObject({
      code: 'UNDERAGE',
      field: 'birth_date',
      extra: { minimum_age: 19, state: 'AL' },
    });
    const ms = await join(signUpPayload({ postal_code: '39201', ...bornYearsAgo(20, 300) }));
    expect(ms.body).toMatchObject({ code: 'UNDERAGE', extra: { minimum_age: 21, state: 'MS' } });
    const ne = await join(signUpPayload({ postal_code: '68102', ...bornYearsAgo(18, 100) }));
    expect(ne.body).toMatchObject({ code: 'UNDERAGE', extra: { minimum_age: 19 } });
    expect((await join(signUpPayload({ postal_code: '39201', ...bornYearsAgo(21) }))).status).toBe(201);
    expect((await join(signUpPayload({ postal_code: '35203', ...bornYearsAgo(19) }))).status).toBe(201);
  });

  it.each([
    [{ birth_year: 1990, birth_month: 2, birth_day: 30 }],
    [{ birth_year: 1990, birth_month: 13, birth_day: 1 }],
    [{ birth_year: 1850, birth_month: 1, birth_day: 1 }],
    [{ birth_year: new Date().getUTCFullYear() + 1, birth_month: 1, birth_day: 1 }],
    [{ birth_year: '1990', birth_month: 1, birth_day: 1 }],
    [{ birth_year: 1990.5, birth_month: 1, birth_day: 1 }],
  ])('refuses an invalid birth date %j (INVALID_BIRTH_DATE)', async (birth) => {
    const res = await join(signUpPayload(birth));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_BIRTH_DATE', field: 'birth_date' });
  });

  it('refuses a second account for the same person (DUPLICATE_ACCOUNT)', async () => {
    const first = signUpPayload({
      first_name: 'Jordan',
      last_name: "O'Malley",
      postal_code: '62701',
      birth_year: 1979,
      birth_month: 7,
      birth_day: 4,
    });
    expect((await join(first)).status).toBe(201);
    // Same person: other email, names in other case and punctuation.
    const again = await join({
      ...signUpPayload(),
      first_name: 'JORDAN',
      last_name: 'omalley',
      postal_code: '62701',
      birth_year: 1979,
      birth_month: 7,
      birth_day: 4,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'DUPLICATE_ACCOUNT' });
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['first_name', { first_name: '   ' }],
    ['first_name', { first_name: 'R2D2' }],
    ['last_name', { last_name: '<script>' }],
    ['email', { email: undefined }],
    ['postal_code', { postal_code: 60601 }],
  ])('names the bad field %s (VALIDATION_ERROR)', async (field, override) => {
    const payload = signUpPayload(override);
    const res = await join(payload);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field });
    expect(['VALIDATION_ERROR']).toContain(res.body.code);
  });

  it('refuses unknown fields and bad promo codes', async () => {
    const unknown = await join(signUpPayload({ is_admin: true }));
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'is_admin' });
    const promo = await join(signUpPayload({ promo_code: 'FREE COINS!' }));
    expect(promo.body).toMatchObject({ code: 'INVALID_PROMO_CODE', field: 'promo_code' });
  });

  it('answers 400 INVALID_JSON for a body that is not JSON, never 500', async () => {
    const client = new Client(ctx);
    for (const rawBody of ['{"email":', 'null', '[]', '"text"', '']) {
      const res = await client.request('POST', '/users', {
        rawBody,
        headers: { 'Content-Type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(['INVALID_JSON', 'VALIDATION_ERROR']).toContain(res.body.code);
    }
  });
});
