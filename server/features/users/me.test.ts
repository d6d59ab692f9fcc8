import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { UserSchema } from '../../../src/contract/schemas.ts';
import { ERROR_TEXTS } from '../../../src/contract/errors.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { survivesJsonRoundTrip } from './json-round-trip.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

async function signedIn(overrides: Record<string, unknown> = {}) {
  const client = new Client(ctx);
  const res = await client.request('POST', '/users', { body: signUpPayload(overrides) });
  expect(res.status).toBe(201);
  client.token = String(res.body.token);
  return client;
}

describe('GET/PATCH /users/me', () => {
  it('answers the User', async () => {
    const client = await signedIn();
    const me = await client.request('GET', '/users/me');
    expect(me.status).toBe(200);
    expect(is(me.body, UserSchema)).toBe(true);
    expect(me.body).toMatchObject({
      account_state: 'active',
      mobile_verified: false,
      user_data: {},
      postal_code: '60601',
    });
  });

  it('changes first and last name, trimmed', async () => {
    const client = await signedIn();
    const res = await client.request('PATCH', '/users/me', {
      body: { first_name: '  Marie-Claire ', last_name: "D'Arcy" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ first_name: 'Marie-Claire', last_name: "D'Arcy" });
  });

  it('refuses bad names and unknown fields with the field named', async () => {
    const client = await signedIn();
    expect((await client.request('PATCH', '/users/me', { body: { first_name: '' } })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'first_name',
    });
    expect((await client.request('PATCH', '/users/me', { body: { last_name: '1234' } })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'last_name',
    });
    expect((await client.request('PATCH', '/users/me', { body: { email: 'x@y.com' } })).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'email',
    });
  });

  it('a rename may not make one person two accounts; where the player lives is not in the name', async () => {
    // The same name and birth date is one person wherever they live (docs/account.md).
    await signedIn({ first_name: 'Ana', last_name: 'Samename', postal_code: '61801' });
    const other = await signedIn({ first_name: 'Bea', last_name: 'Samename', postal_code: '30301' });
    const res = await other.request('PATCH', '/users/me', { body: { first_name: 'Ana' } });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'DUPLICATE_ACCOUNT' });
    // Another birth date is another person: the same rename is allowed.
    const born = await signedIn({ first_name: 'Cid', last_name: 'Samename', birth_day: 15 });
    expect((await born.request('PATCH', '/users/me', { body: { first_name: 'Ana' } })).status).toBe(200);
  });

  it('needs a signed-in player', async () => {
    expect((await new Client(ctx).request('PATCH', '/users/me', { body: { first_name: 'X' } })).status).toBe(
      401,
    );
  });
});

describe('PATCH /users/me/user-data', () => {
  it('stores JSON values and answers the User', async () => {
    const client = await signedIn();
    const value = { seen: [1, 2, 3], nested: { ok: true, n: null }, text: 'héllo' };
    const res = await client.request('PATCH', '/users/me/user-data', { body: { key: 'onboarding', value } });
    expect(res.status).toBe(200);
    expect(res.body.user_data).toEqual({ onboarding: value });
    const second = await client.request('PATCH', '/users/me/user-data', {
      body: { key: 'volume', value: 0.5 },
    });
    expect(second.body.user_data).toEqual({ onboarding: value, volume: 0.5 });
  });

  it('refuses a missing value or one that does not survive JSON (INVALID_KEY_VAL)', async () => {
    const client = await signedIn();
    const missing = await client.request('PATCH', '/users/me/user-data', { body: { key: 'a' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'INVALID_KEY_VAL', message: ERROR_TEXTS.invalidKeyVal });
    // 1e999 parses to Infinity, which JSON cannot carry back.
    const infinite = await client.request('PATCH', '/users/me/user-data', {
      rawBody: '{"key":"a","value":1e999}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(infinite.body).toMatchObject({ code: 'INVALID_KEY_VAL', message: 'Invalid key/val pair' });
  });

  it('the round-trip rule', () => {
    for (const ok of [null, 0, -1.5, 'x', true, [], {}, [1, [2, { a: 'b' }]], { a: { b: [null] } }])
      expect(survivesJsonRoundTrip(ok)).toBe(true);
    const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
    for (const bad of [
      undefined,
      NaN,
      Infinity,
      -Infinity,
      () => 1,
      new Date(),
      new Map(),
      { a: undefined },
      [undefined],
      sparse,
      { f: () => 1 },
      10n,
    ]) {
      expect(survivesJsonRoundTrip(bad)).toBe(false);
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(survivesJsonRoundTrip(cyclic)).toBe(false);
  });

  it('limits the size of user_data', async () => {
    const client = await signedIn();
    const res = await client.request('PATCH', '/users/me/user-data', {
      body: { key: 'big', value: 'x'.repeat(20_000) },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'value' });
  });
});
