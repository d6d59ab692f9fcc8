/**
 * The user_data patch as the app uses it (favourites and game settings, src/contract/player-data.ts):
 * the key and value rules, the size limits, and a burst of patches of different keys all surviving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { HOUSE_GAME_IDS, VENDOR_GAME_ID } from '../../../src/contract/games.ts';
import { USER_DATA_VALUE_MAX_BYTES } from '../../../src/contract/player-data.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { USER_DATA_MAX_BYTES } from './routes.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

async function signedIn() {
  const client = new Client(ctx);
  const res = await client.request('POST', '/users', { body: signUpPayload() });
  expect(res.status).toBe(201);
  client.token = String(res.body.token);
  return client;
}

const patch = (client: Client, key: string, value: unknown) =>
  client.request('PATCH', API_PATHS.userData, { body: { key, value } });

describe('favourites and game settings in user_data', () => {
  it('stores a favourite and a setting, merged with what is there, and get me answers them', async () => {
    const client = await signedIn();
    expect((await patch(client, `favourite.${HOUSE_GAME_IDS.slots}`, true)).status).toBe(200);
    expect((await patch(client, `favourite.${VENDOR_GAME_ID}`, true)).status).toBe(200);
    expect((await patch(client, 'settings.quick_spin', true)).status).toBe(200);
    const off = await patch(client, `favourite.${VENDOR_GAME_ID}`, false);
    expect(off.status).toBe(200);
    expect(off.body.user_data).toEqual({
      [`favourite.${HOUSE_GAME_IDS.slots}`]: true,
      [`favourite.${VENDOR_GAME_ID}`]: false,
      'settings.quick_spin': true,
    });
    const me = await client.request('GET', API_PATHS.me);
    expect(me.body.user_data).toEqual(off.body.user_data);
  });

  it('refuses the wrong shape for the app keys with 400 naming the field', async () => {
    const client = await signedIn();
    const cases: [string, unknown, string][] = [
      [`favourite.${HOUSE_GAME_IDS.slots}`, 'yes', 'value'],
      [`favourite.${HOUSE_GAME_IDS.slots}`, 1, 'value'],
      ['favourite.no-such-game', true, 'key'],
      ['favourite.Not A Game', false, 'key'],
      ['settings.volume', true, 'key'],
      ['settings.sound', 'loud', 'value'],
      ['settings.reduced_motion', null, 'value'],
      ['white space', 1, 'key'],
      ['x'.repeat(129), 1, 'key'],
    ];
    for (const [key, value, field] of cases) {
      const res = await patch(client, key, value);
      expect(res.status, `${key}=${JSON.stringify(value)}`).toBe(400);
      expect(res.body).toMatchObject({ field });
      expect(typeof res.body.code).toBe('string');
      expect(typeof res.body.message).toBe('string');
    }
    // Taking a favourite off needs no game in the catalogue (a removed game can be unstarred).
    expect((await patch(client, 'favourite.retired-game', false)).status).toBe(200);
    const me = await client.request('GET', API_PATHS.me);
    expect(me.body.user_data).toEqual({ 'favourite.retired-game': false });
  });

  it('limits one value, the whole map and the body', async () => {
    const client = await signedIn();
    const one = await patch(client, 'note', 'x'.repeat(USER_DATA_VALUE_MAX_BYTES));
    expect(one.status).toBe(400);
    expect(one.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'value' });
    // Multi-byte text counts in bytes.
    const wide = await patch(client, 'note', 'é'.repeat(USER_DATA_VALUE_MAX_BYTES / 2));
    expect(wide.status).toBe(400);
    const fits = 'x'.repeat(USER_DATA_VALUE_MAX_BYTES - 100);
    let stored = 0;
    for (let i = 0; i < 20; i += 1) {
      const res = await patch(client, `note${i}`, fits);
      if (res.status === 200) stored += 1;
      else expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'value' });
    }
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(20);
    const me = await client.request('GET', API_PATHS.me);
    expect(Buffer.byteLength(JSON.stringify(me.body.user_data))).toBeLessThanOrEqual(USER_DATA_MAX_BYTES);
    // A body of megabytes is refused before it is read whole.
    const huge = await client.request('PATCH', API_PATHS.userData, {
      rawBody: JSON.stringify({ key: 'huge', value: 'x'.repeat(2_000_000) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });

  it('a parallel burst of patches of different keys: every key survives', async () => {
    const client = await signedIn();
    const games = Object.values(HOUSE_GAME_IDS);
    const keys = [
      ...games.map((id) => [`favourite.${id}`, true] as const),
      ['settings.sound', false] as const,
      ['settings.reduced_motion', true] as const,
      ['settings.quick_spin', true] as const,
      ...Array.from({ length: 12 }, (_, i) => [`free${i}`, i] as const),
    ];
    const answers = await Promise.all(keys.map(([key, value]) => patch(client, key, value)));
    expect(answers.map((a) => a.status)).toEqual(keys.map(() => 200));
    const me = await client.request('GET', API_PATHS.me);
    expect(me.body.user_data).toEqual(Object.fromEntries(keys));
  });

  it('a parallel burst that would pass 16 KB stores only what fits', async () => {
    const client = await signedIn();
    const fits = 'y'.repeat(USER_DATA_VALUE_MAX_BYTES - 100);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => patch(client, `burst${i}`, fits)));
    const ok = answers.filter((a) => a.status === 200).length;
    expect(ok).toBeGreaterThan(0);
    expect(ok).toBeLessThan(16);
    for (const a of answers) expect([200, 400]).toContain(a.status);
    const me = await client.request('GET', API_PATHS.me);
    expect(Object.keys(me.body.user_data as object)).toHaveLength(ok);
    expect(Buffer.byteLength(JSON.stringify(me.body.user_data))).toBeLessThanOrEqual(USER_DATA_MAX_BYTES);
  });
});
