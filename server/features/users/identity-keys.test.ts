/**
 * One account per person, two per household (spec section 1; docs/account.md): a person is a name
 * and a birth date wherever they live; a household is one residential address (household_key_of,
 * migration 0033), counted when an address is saved.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { PAYMENTS_API_PATHS } from '../../../src/contract/payments.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000' });
});
afterAll(async () => ctx?.close());

type Answer = { code?: string; field?: string | null; extra?: Record<string, unknown> };

async function joined(overrides: Record<string, unknown> = {}): Promise<Client> {
  const client = new Client(ctx);
  const res = await client.request<{ token: string }>('POST', API_PATHS.users, {
    body: signUpPayload(overrides),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  client.token = res.body.token;
  return client;
}

const saveAddress = (client: Client, address: Record<string, unknown>) =>
  client.request<Answer>('PATCH', PAYMENTS_API_PATHS.address, {
    body: {
      address_line_2: null,
      city: 'Springfield',
      state_or_province: 'IL',
      postal_code: '62701',
      ...address,
    },
  });

let seq = 0;
/** A street of this test's own, so tests never share a household by accident. */
const street = (name = 'Elm') => `${100 + ++seq} ${name}`;

describe('one account per person', () => {
  it('a move keeps the same person: the same name and birth date at another ZIP is refused', async () => {
    const person = {
      first_name: 'Morgan',
      last_name: 'Mover',
      birth_year: 1981,
      birth_month: 2,
      birth_day: 9,
    };
    await joined({ ...person, postal_code: '60601' });
    const moved = await new Client(ctx).request<Answer>('POST', API_PATHS.users, {
      body: signUpPayload({ ...person, first_name: 'MORGAN', postal_code: '62701' }),
    });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ code: 'DUPLICATE_ACCOUNT' });
    // Another birth date is another person, at either ZIP.
    await joined({ ...person, birth_day: 10, postal_code: '62701' });
  });

  it('unrelated people sharing a family name in one ZIP code all join and live at their own addresses', async () => {
    const smiths = [];
    for (const first_name of ['Ann', 'Ben', 'Cal', 'Dee'])
      smiths.push(await joined({ first_name, last_name: 'Smithfield', postal_code: '62701' }));
    for (const client of smiths) {
      const res = await saveAddress(client, { address_line_1: `${street()} St` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
});

describe('two accounts per household (one address)', () => {
  it('allows two accounts at one address, however it is written, and refuses the third', async () => {
    const s = street('Maple');
    const [a, b, c, d] = [await joined(), await joined(), await joined(), await joined()];
    expect(
      (await saveAddress(a!, { address_line_1: `${s} Street`, address_line_2: 'Apartment 4' })).status,
    ).toBe(200);
    expect(
      (await saveAddress(b!, { address_line_1: `${s.toUpperCase()} ST. APT 4`, postal_code: '62701' }))
        .status,
    ).toBe(200);
    const third = await saveAddress(c!, {
      address_line_1: `${s.toLowerCase()} st`,
      address_line_2: 'Unit 4',
    });
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({ code: 'HOUSEHOLD_LIMIT', field: null, extra: { limit: 2 } });
    // Nothing was saved for the refused player.
    const me = await c!.request<{ address_line_1: string | null }>('GET', API_PATHS.me);
    expect(me.body.address_line_1).toBeNull();
    // Another unit of the building is another household.
    expect((await saveAddress(d!, { address_line_1: `${s} St`, address_line_2: 'Apt 5' })).status).toBe(200);
  });

  it('a player saving their own address again is not counted twice', async () => {
    const s = street('Birch');
    const [a, b] = [await joined(), await joined()];
    expect((await saveAddress(a!, { address_line_1: `${s} Rd` })).status).toBe(200);
    expect((await saveAddress(b!, { address_line_1: `${s} Road` })).status).toBe(200);
    expect((await saveAddress(a!, { address_line_1: `${s} Road`, city: 'Springfield' })).status).toBe(200);
  });

  it('a closed account leaves its place', async () => {
    const s = street('Cedar');
    const [a, b, c] = [await joined(), await joined(), await joined()];
    expect((await saveAddress(a!, { address_line_1: `${s} Ave` })).status).toBe(200);
    expect((await saveAddress(b!, { address_line_1: `${s} Ave` })).status).toBe(200);
    expect((await saveAddress(c!, { address_line_1: `${s} Avenue` })).status).toBe(409);
    await ctx.db.query(
      `UPDATE users SET account_state = 'closed' WHERE household_key = household_key_of($1, null, '62701') AND id = (SELECT id FROM users WHERE household_key = household_key_of($1, null, '62701') ORDER BY created_at LIMIT 1)`,
      [`${s} Ave`],
    );
    expect((await saveAddress(c!, { address_line_1: `${s} Avenue` })).status).toBe(200);
  });

  it('a burst of players saving one address at once leaves at most two there', async () => {
    const s = street('Race');
    const players = await Promise.all([1, 2, 3, 4, 5].map(() => joined()));
    const results = await Promise.all(players.map((p) => saveAddress(p, { address_line_1: `${s} Ln` })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    for (const r of results.filter((x) => x.status !== 200))
      expect(r.body).toMatchObject({ code: 'HOUSEHOLD_LIMIT' });
    const rows = await ctx.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM users WHERE household_key = household_key_of($1, null, '62701')`,
      [`${s} Lane`],
    );
    expect(Number(rows[0]?.n)).toBe(2);
  });

  it('a new name keeps the household', async () => {
    const s = street('Pine');
    const a = await joined();
    expect((await saveAddress(a, { address_line_1: `${s} Ct` })).status).toBe(200);
    const renamed = await a.request('PATCH', API_PATHS.me, { body: { last_name: 'Renamed' } });
    expect(renamed.status).toBe(200);
    const rows = await ctx.db.query<{ household_key: string }>(
      'SELECT household_key FROM users WHERE last_name = $1 AND household_key IS NOT NULL',
      ['Renamed'],
    );
    expect(rows.map((r) => r.household_key)).toContain(`${s.toLowerCase()} ct|62701`);
  });
});

describe('the household key of an address (household_key_of)', () => {
  const keyOf = async (line1: string | null, line2: string | null, zip: string | null) =>
    (
      await ctx.db.query<{ k: string | null }>('SELECT household_key_of($1, $2, $3) AS k', [
        line1,
        line2,
        zip,
      ])
    )[0]?.k ?? null;

  it.each([
    ['12 Elm Street', 'Apartment 4', '60601', '12 elm st 4|60601'],
    ['12 ELM ST. APT 4', null, '60601-1234', '12 elm st 4|60601'],
    ['12 elm st #4', '', ' 60601', '12 elm st 4|60601'],
    ['  233  South Wacker  Drive ', 'Suite 100', '60606', '233 s wacker dr 100|60606'],
    ['500 N. Lake Shore Dr', null, '60611', '500 n lake shore dr|60611'],
    ['1 Main', null, '6060', null],
    ['', 'Apt 4', '60601', null],
    [null, null, '60601', null],
  ])('%s / %s / %s -> %s', async (line1, line2, zip, key) => {
    expect(await keyOf(line1, line2, zip)).toBe(key);
  });
});
