import { createHash } from 'node:crypto';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fairFloats } from '../../../games/engines/fair-random.ts';
import { replayRound } from '../../../games/engines/replay.ts';
import {
  FairnessStateSchema,
  GAME_ERROR_CODES,
  GAMES_API_PATHS,
  RecallResponseSchema,
  RotateSeedResponseSchema,
  type FairnessState,
  type RoundView,
} from '../../../src/contract/games.ts';
import type { TestContext } from '../../test-support/test-app.ts';
import { ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import {
  COIN_FLIP_ID,
  COIN_TOSS_ID,
  coinFlipEngine,
  createGamesContext,
  flipCoin,
  fundedPlayer,
  moneyCall,
  startCoinFlip,
  TEST_ENGINES,
} from '../../test-support/games-test-support.ts';
import {
  completeInterruptedRounds,
  ROUND_IDLE_LIMIT_MS,
  startInterruptedRoundsJob,
} from './interrupted-rounds.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createGamesContext();
});
afterAll(async () => ctx?.close());

interface Recalled extends RoundView {
  game_name: string;
  base_bet_minor: number;
  options: unknown;
  actions: unknown[];
  steps: Array<{ kind: string }>;
  final_state: unknown;
  server_seed: string | null;
  balance_before: number;
  balance_after: number | null;
}

const recall = async (client: Parameters<typeof startCoinFlip>[0], path: string) => {
  const res = await client.request<{ results: Recalled[] }>('GET', path);
  expect(res.status).toBe(200);
  expect(is(res.body, RecallResponseSchema)).toBe(true);
  return res.body.results;
};

const instant = { betValue: 100, currency: 'gold', options: { instant: true } };

describe('provably fair seeds', () => {
  it('shows the hash before play, takes a client seed, refuses rotation while a round is open, reveals on rotation, and every round replays from the revealed seed', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const first = await p.client.request<FairnessState>('GET', GAMES_API_PATHS.fairness);
    expect(first.status).toBe(200);
    expect(is(first.body, FairnessStateSchema)).toBe(true);
    expect(first.body).toMatchObject({ next_nonce: 0, round_open: false });
    expect(first.body.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);

    const badSeed = await p.client.request('PUT', GAMES_API_PATHS.fairnessClientSeed, {
      body: { client_seed: 'has spaces!' },
    });
    expect(badSeed.status).toBe(400);
    expect(badSeed.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'client_seed' });
    const seeded = await p.client.request<FairnessState>('PUT', GAMES_API_PATHS.fairnessClientSeed, {
      body: { client_seed: 'my-lucky_seed-7' },
    });
    expect(seeded.status).toBe(200);
    expect(seeded.body).toMatchObject({
      client_seed: 'my-lucky_seed-7',
      server_seed_hash: first.body.server_seed_hash,
    });

    const open = await startCoinFlip(p.client);
    expect(open.body.round).toMatchObject({
      nonce: 0,
      client_seed: 'my-lucky_seed-7',
      server_seed_hash: first.body.server_seed_hash,
    });
    expect((await p.client.request('GET', GAMES_API_PATHS.fairness)).body).toMatchObject({
      round_open: true,
      next_nonce: 1,
    });
    const blocked = await moneyCall(p.client, 'POST', GAMES_API_PATHS.fairnessRotate, undefined);
    expect(blocked.status).toBe(409);
    expect(blocked.body).toMatchObject({ code: GAME_ERROR_CODES.SEED_ROTATION_BLOCKED });

    expect((await flipCoin(p.client, open.body.round.id, { type: 'flip', double: true })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await startCoinFlip(p.client, instant)).status).toBe(201);
    // Recall does not show the seed still in use.
    const before = await recall(p.client, GAMES_API_PATHS.recentRounds(COIN_FLIP_ID));
    expect(before.every((r) => r.server_seed === null)).toBe(true);

    const rotated = await moneyCall<{ previous: Record<string, unknown>; current: FairnessState }>(
      p.client,
      'POST',
      GAMES_API_PATHS.fairnessRotate,
      undefined,
    );
    expect(rotated.status).toBe(200);
    expect(is(rotated.body, RotateSeedResponseSchema)).toBe(true);
    const revealed = rotated.body.previous.server_seed as string;
    expect(revealed).toMatch(/^[0-9a-f]{64}$/);
    expect(createHash('sha256').update(Buffer.from(revealed, 'hex')).digest('hex')).toBe(
      first.body.server_seed_hash,
    );
    expect(rotated.body.previous).toMatchObject({ client_seed: 'my-lucky_seed-7', last_nonce: 3 });
    expect(rotated.body.current).toMatchObject({
      next_nonce: 0,
      client_seed: 'my-lucky_seed-7',
      round_open: false,
    });
    expect(rotated.body.current.server_seed_hash).not.toBe(first.body.server_seed_hash);

    const rounds = await recall(p.client, GAMES_API_PATHS.recentRounds(COIN_FLIP_ID));
    expect(rounds.map((r) => r.nonce)).toEqual([3, 2, 1, 0]);
    for (const r of rounds) {
      expect(r.server_seed).toBe(revealed);
      expect(r.status).toBe('finished');
      const replayed = replayRound(
        coinFlipEngine,
        { betMinor: r.base_bet_minor, options: r.options, actions: r.actions },
        fairFloats(revealed, r.client_seed, r.nonce),
      );
      expect(coinFlipEngine.view(replayed)).toEqual(r.final_state);
      expect(coinFlipEngine.steps(replayed)).toEqual(r.steps);
      expect(coinFlipEngine.won(replayed)).toBe(r.win);
      expect(coinFlipEngine.staked(replayed)).toBe(r.bet);
    }
    expect(rounds[3]?.actions).toEqual([{ type: 'flip', double: true }]);

    // The next round uses the new seed from nonce 0, and recall keeps its seed hidden.
    const next = await startCoinFlip(p.client, instant);
    expect(next.body.round).toMatchObject({
      nonce: 0,
      server_seed_hash: rotated.body.current.server_seed_hash,
    });
    expect((await recall(p.client, GAMES_API_PATHS.recentRounds(COIN_FLIP_ID)))[0]?.server_seed).toBeNull();
  });

  it('rotating with the same key replays the first rotation instead of revealing the next seed', async () => {
    const p = await fundedPlayer(ctx, { gold: 1_000 });
    const key = 'rotate-key-0001';
    const a = await moneyCall(p.client, 'POST', GAMES_API_PATHS.fairnessRotate, undefined, key);
    const b = await moneyCall(p.client, 'POST', GAMES_API_PATHS.fairnessRotate, undefined, key);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const seeds = await ctx.db.query('SELECT 1 FROM fair_seeds WHERE user_id = $1', [p.id]);
    expect(seeds).toHaveLength(2);
  });
});

describe('recall and resume', () => {
  it('lists the last 10 rounds of a game newest first, and the last 10 of each game across games', async () => {
    const p = await fundedPlayer(ctx, { gold: 100_000 });
    for (let i = 0; i < 12; i++) expect((await startCoinFlip(p.client, instant)).status).toBe(201);
    for (let i = 0; i < 2; i++)
      expect(
        (await moneyCall(p.client, 'POST', GAMES_API_PATHS.startRound(COIN_TOSS_ID), instant)).status,
      ).toBe(201);
    const flips = await recall(p.client, GAMES_API_PATHS.recentRounds(COIN_FLIP_ID));
    expect(flips.map((r) => r.nonce)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(flips[0]).toMatchObject({ game_name: 'Coin Flip', bet: 100, status: 'finished' });
    expect(flips[0]?.steps[0]?.kind).toBe('flip');
    const all = await recall(p.client, GAMES_API_PATHS.allRecentRounds);
    expect(all.filter((r) => r.game_id === COIN_FLIP_ID)).toHaveLength(10);
    expect(all.filter((r) => r.game_id === COIN_TOSS_ID).map((r) => r.nonce)).toEqual([13, 12]);
    expect(all[0]?.game_id).toBe(COIN_TOSS_ID);
    // Each round's balances before and after follow one another.
    const chronological = [...flips].reverse();
    for (let i = 1; i < chronological.length; i++)
      expect(chronological[i]?.balance_before).toBe(chronological[i - 1]?.balance_after);
    // Another player sees none of them.
    const other = await fundedPlayer(ctx, { gold: 100 });
    expect(await recall(other.client, GAMES_API_PATHS.allRecentRounds)).toEqual([]);
  });

  it('an open round is answered for resume exactly as it stood, hiding what is not dealt; null once finished', async () => {
    const p = await fundedPlayer(ctx, { gold: 1_000 });
    const none = await p.client.request<{ round: unknown }>('GET', GAMES_API_PATHS.openRound(COIN_FLIP_ID));
    expect(none.body).toEqual({ round: null });
    const start = await startCoinFlip(p.client);
    const resumed = await p.client.request<{ round: RoundView }>(
      'GET',
      GAMES_API_PATHS.openRound(COIN_FLIP_ID),
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body.round).toEqual(start.body.round);
    const recalledOpen = (await recall(p.client, GAMES_API_PATHS.recentRounds(COIN_FLIP_ID)))[0];
    expect(recalledOpen).toMatchObject({ status: 'open', steps: [], final_state: null, balance_after: null });
    expect((await flipCoin(p.client, start.body.round.id)).status).toBe(200);
    expect((await p.client.request('GET', GAMES_API_PATHS.openRound(COIN_FLIP_ID))).body).toEqual({
      round: null,
    });
  });
});

describe('rounds left open for 24 hours', () => {
  it('are completed by the job with the default action and credited, once; younger rounds wait', async () => {
    const p = await fundedPlayer(ctx, { gold: 100_000 });
    // Rounds of two games, each finished by the player but the last of each game.
    const opened: string[] = [];
    for (let i = 0; i < 12; i++) {
      const game = i % 2 === 0 ? COIN_FLIP_ID : COIN_TOSS_ID;
      if (i >= 2) {
        const previous = opened[i - 2]!;
        await moneyCall(p.client, 'POST', GAMES_API_PATHS.roundAction(game, previous), {
          action: { type: 'flip' },
        });
      }
      const res = await moneyCall<{ round: RoundView }>(p.client, 'POST', GAMES_API_PATHS.startRound(game), {
        betValue: 100,
        currency: 'gold',
      });
      expect(res.status).toBe(201);
      opened.push(res.body.round.id);
    }
    const [flipRound, tossRound] = opened.slice(-2) as [string, string];
    const deps = { db: ctx.db, now: ctx.deps.now, engines: TEST_ENGINES, logger: ctx.deps.logger };

    ctx.clock.advance(ROUND_IDLE_LIMIT_MS / 1000 - 60);
    expect(await completeInterruptedRounds(deps)).toEqual({ completed: 0, failed: 0 });
    ctx.clock.advance(120);
    const report = await completeInterruptedRounds(deps);
    expect(report).toEqual({ completed: 2, failed: 0 });

    const rows = await ctx.db.query<{
      id: string;
      status: string;
      auto_completed: boolean;
      actions: unknown;
      win_minor: string;
      balance_after_minor: string | null;
    }>(
      `SELECT id, status, auto_completed, actions, win_minor, balance_after_minor FROM game_rounds WHERE id = ANY($1::text[])`,
      [[flipRound, tossRound]],
    );
    for (const row of rows) {
      expect(row).toMatchObject({
        status: 'finished',
        auto_completed: true,
        actions: [{ type: 'flip', double: false }],
      });
      expect(row.balance_after_minor).not.toBeNull();
    }
    const wins = await ctx.db.query<{ amount_minor: string; reference: string }>(
      `SELECT amount_minor, reference FROM ledger_entries WHERE user_id = $1 AND kind = 'win' AND reference = ANY($2::text[])`,
      [p.id, [`game-round:${flipRound}`, `game-round:${tossRound}`]],
    );
    const expectedWins = rows.filter((r) => Number(r.win_minor) > 0).length;
    expect(wins).toHaveLength(expectedWins);
    for (const w of wins) expect(Number(w.amount_minor)).toBe(200);
    const recalled = (await recall(p.client, GAMES_API_PATHS.recentRounds(COIN_FLIP_ID)))[0];
    expect(recalled).toMatchObject({ id: flipRound, auto_completed: true, status: 'finished' });

    // Running again (or on a second instance) completes nothing twice.
    const job = startInterruptedRoundsJob(deps, { intervalMs: 60_000 });
    expect(await job.runOnce()).toEqual({ completed: 0, failed: 0 });
    await job.stop();
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
