/**
 * The balance read, the most frequent signed-in request: one database statement checks the
 * session and reads the balance rows, and it refuses everything requireAuth refuses (no token,
 * a tampered token, an ended session, a closed account).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { AUTH_SCHEME } from '../../../src/contract/constants.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

async function signedIn(): Promise<Client> {
  const client = new Client(ctx);
  const res = await client.request('POST', API_PATHS.users, { body: signUpPayload() });
  expect(res.status).toBe(201);
  client.token = String(res.body.token);
  return client;
}

/** Counts the statements the app sends while `run` runs. */
async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const db = ctx.deps.db;
  const query = db.query.bind(db);
  db.query = ((sql: string, params?: readonly unknown[]) => {
    seen.push(sql);
    return query(sql, params);
  }) as typeof db.query;
  try {
    await run();
  } finally {
    db.query = query;
  }
  return seen;
}

describe('GET /wallet/balances', () => {
  it('answers the balances with one database statement', async () => {
    const client = await signedIn();
    await client.request('GET', API_PATHS.balances); // the session's activity was just recorded
    let answer: Awaited<ReturnType<Client['request']>> | undefined;
    const statements = await statementsDuring(async () => {
      answer = await client.request('GET', API_PATHS.balances);
    });
    expect(answer?.status).toBe(200);
    expect(answer?.body).toMatchObject({
      balance_total_gld: expect.any(Number),
      balance_total_ghc: expect.any(Number),
    });
    expect(statements).toHaveLength(1);
  });

  it('a player without balance rows reads zeros', async () => {
    const client = await signedIn();
    const me = await client.request<{ id: string }>('GET', API_PATHS.me);
    await ctx.db.query('DELETE FROM wallet_balances WHERE user_id = $1', [me.body.id]);
    const res = await client.request('GET', API_PATHS.balances);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ balance_total_gld: 0, balance_total_ghc: 0 });
  });

  it('refuses a missing or tampered token, also after the genuine one was accepted', async () => {
    const client = await signedIn();
    expect((await client.request('GET', API_PATHS.balances)).status).toBe(200);
    const [head, body, signature] = client.token!.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const authorization of [undefined, `${AUTH_SCHEME} ${head}.${body}.${flipped}`]) {
      const res = await new Client(ctx).request('GET', API_PATHS.balances, {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'NOT_AUTHENTICATED' });
    }
  });

  it('refuses the token of an ended session and of a closed account', async () => {
    const client = await signedIn();
    expect((await client.raw('POST', '/auth/logout')).status).toBe(204);
    expect((await client.request('GET', API_PATHS.balances)).status).toBe(401);

    const closed = await signedIn();
    const me = await closed.request<{ id: string }>('GET', API_PATHS.me);
    await ctx.db.query(`UPDATE users SET account_state = 'closed' WHERE id = $1`, [me.body.id]);
    const res = await closed.request('GET', API_PATHS.balances);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_CLOSED' });
  });
});
