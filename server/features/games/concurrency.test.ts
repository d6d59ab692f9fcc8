/**
 * Rounds under concurrency on a real PostgreSQL server, with two app instances (own connection
 * pools) on one database, so the per-process queue of a player's money work cannot hide a race:
 * only the row locks (the fair seed row, the round row, the balance rows) and the unique indexes
 * keep the rules. PGlite has a single connection, so this runs only with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES_API_PATHS, type RoundAnswer } from '../../../src/contract/games.ts';
import type { Database } from '../../db/driver.ts';
import { openPostgres } from '../../db/postgres-driver.ts';
import { Client, type JsonResponse, type TestContext, createTestApp } from '../../test-support/test-app.ts';
import { bucketBalances, ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import {
  COIN_FLIP_ID,
  createGamesContext,
  fundedPlayer,
  moneyCall,
  newKey,
} from '../../test-support/games-test-support.ts';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('rounds with two server instances (PostgreSQL)', () => {
  let ctx: TestContext;
  let second: Database;
  let secondCtx: TestContext;

  beforeAll(async () => {
    ctx = await createGamesContext();
    const schema = (await ctx.db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;
    second = await openPostgres(process.env.TEST_DATABASE_URL!, { schema, max: 5 });
    const deps = { ...ctx.deps, db: second };
    secondCtx = { ...ctx, deps, db: second, app: createTestApp(deps) };
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  /** The same signed-in player as seen through each instance. */
  const clientsOf = (client: Client): Client[] => {
    const other = new Client(secondCtx, client.ip);
    other.token = client.token;
    other.cookies = new Map(client.cookies);
    return [client, other];
  };

  const startOn = (client: Client, body: Record<string, unknown>, key = newKey()) =>
    moneyCall<RoundAnswer>(client, 'POST', GAMES_API_PATHS.startRound(COIN_FLIP_ID), body, key);

  it('a burst of 20 starts over both instances opens exactly one round', async () => {
    const p = await fundedPlayer(ctx, { gold: 100_000 });
    await p.client.request('GET', GAMES_API_PATHS.fairness);
    const clients = clientsOf(p.client);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => startOn(clients[i % 2]!, { betValue: 100, currency: 'gold' })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 201))
      expect(r.body).toMatchObject({ code: 'ROUND_ALREADY_OPEN' });
    const rounds = await ctx.db.query('SELECT 1 FROM game_rounds WHERE user_id = $1', [p.id]);
    expect(rounds).toHaveLength(1);
  });

  it('the very first starts of a player (no seed row yet) still open one round and take one nonce', async () => {
    const p = await fundedPlayer(ctx, { gold: 100_000 });
    const clients = clientsOf(p.client);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => startOn(clients[i % 2]!, { betValue: 100, currency: 'gold' })),
    );
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    const seeds = await ctx.db.query<{ next_nonce: number }>(
      'SELECT next_nonce FROM fair_seeds WHERE user_id = $1',
      [p.id],
    );
    expect(seeds.map((s) => Number(s.next_nonce))).toEqual([1]);
  });

  it('30 instant bets against 10 bets of balance, over both instances and each sent twice: no overdraft, one debit per key', async () => {
    const p = await fundedPlayer(ctx, { gold: 1_000 });
    const clients = clientsOf(p.client);
    const body = { betValue: 100, currency: 'gold', options: { instant: true } };
    const keys = Array.from({ length: 30 }, () => newKey());
    const answers: Array<JsonResponse<RoundAnswer>> = await Promise.all(
      keys.flatMap((key, i) => [
        startOn(clients[i % 2]!, body, key),
        startOn(clients[(i + 1) % 2]!, body, key),
      ]),
    );
    for (const r of answers) expect([201, 402, 409]).toContain(r.status);
    const rounds = await ctx.db.query<{ bet_minor: string; win_minor: string }>(
      'SELECT bet_minor, win_minor FROM game_rounds WHERE user_id = $1',
      [p.id],
    );
    const staked = rounds.reduce((s, r) => s + Number(r.bet_minor), 0);
    const won = rounds.reduce((s, r) => s + Number(r.win_minor), 0);
    expect(rounds.length).toBeGreaterThanOrEqual(10);
    expect(rounds.length).toBeLessThanOrEqual(30);
    expect(await bucketBalances(ctx.db, p.id)).toEqual({ 'gold:main': 1_000 - staked + won });
    const bets = await ctx.db.query('SELECT 1 FROM ledger_entries WHERE user_id = $1 AND kind = $2', [
      p.id,
      'bet',
    ]);
    expect(bets).toHaveLength(rounds.length);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('a rotation racing a start never reveals the seed of a round left open', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const p = await fundedPlayer(ctx, { gold: 10_000 });
      await p.client.request('GET', GAMES_API_PATHS.fairness);
      const [a, b] = clientsOf(p.client);
      const [started, rotated] = await Promise.all([
        startOn(a!, { betValue: 100, currency: 'gold' }),
        moneyCall(b!, 'POST', GAMES_API_PATHS.fairnessRotate, undefined),
      ]);
      expect(started.status).toBe(201);
      const open = await ctx.db.query<{ revealed_at: unknown }>(
        `SELECT s.revealed_at FROM game_rounds r JOIN fair_seeds s ON s.id = r.server_seed_id WHERE r.user_id = $1`,
        [p.id],
      );
      expect(open[0]?.revealed_at).toBeNull();
      expect([200, 409]).toContain(rotated.status);
    }
  });
});
