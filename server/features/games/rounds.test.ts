import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAME_ERROR_CODES, GAMES_API_PATHS, RoundAnswerSchema } from '../../../src/contract/games.ts';
import { Client, createTestContext, type TestContext, createTestApp } from '../../test-support/test-app.ts';
import { bucketBalances, ledgerViolations, signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import {
  COIN_FLIP_ID,
  COIN_FLIP_STEPS,
  createGamesContext,
  flipCoin,
  fund,
  fundedPlayer,
  newKey,
  startCoinFlip,
  TEST_ENGINES,
} from '../../test-support/games-test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createGamesContext();
});
afterAll(async () => ctx?.close());

const ledgerOf = async (userId: string) =>
  (
    await ctx.db.query<{ kind: string; bucket: string; amount_minor: string; reference: string }>(
      `SELECT kind, bucket, amount_minor, reference FROM ledger_entries WHERE user_id = $1 AND kind IN ('bet', 'win') ORDER BY id`,
      [userId],
    )
  ).map((e) => [e.kind, e.bucket, Number(e.amount_minor)] as const);

const roundCount = async (userId: string) =>
  Number(
    (
      await ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM game_rounds WHERE user_id = $1', [userId])
    )[0]!.n,
  );

describe('a round is a ledger transaction', () => {
  it('Gold: the start debits the bet, the action credits the win, balances equal the sum of the entries', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const start = await startCoinFlip(p.client, { betValue: 250, currency: 'gold' });
    expect(start.status).toBe(201);
    expect(is(start.body, RoundAnswerSchema)).toBe(true);
    expect(start.body.round).toMatchObject({
      game_id: COIN_FLIP_ID,
      bet: 250,
      win: 0,
      status: 'open',
      nonce: 0,
    });
    expect(start.body.round.state).toMatchObject({ bet: 250, finished: false });
    expect(start.body.balances.balance_total_gld).toBe(9_750);
    expect(start.body.post_bet_balances.balance_total_gld).toBe(9_750);

    const act = await flipCoin(p.client, start.body.round.id, { type: 'flip', double: true });
    expect(act.status).toBe(200);
    const round = act.body.round;
    expect(round.status).toBe('finished');
    expect(round.bet).toBe(500);
    expect(round.finished_at).not.toBeNull();
    // The double's stake is taken before the win is paid.
    expect(act.body.post_bet_balances.balance_total_gld).toBe(9_500);
    expect(act.body.balances.balance_total_gld).toBe(9_500 + round.win);
    expect([0, 1_000]).toContain(round.win);
    const expected: Array<readonly [string, string, number]> = [
      ['bet', 'main', -250],
      ['bet', 'main', -250],
    ];
    if (round.win > 0) expected.push(['win', 'main', 1_000]);
    expect(await ledgerOf(p.id)).toEqual(expected);
    expect(await bucketBalances(ctx.db, p.id)).toEqual({ 'gold:main': 9_500 + round.win });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('a round finished at its start debits and credits in the same call', async () => {
    const p = await fundedPlayer(ctx, { gold: 1_000 });
    const res = await startCoinFlip(p.client, {
      betValue: 100,
      currency: 'gold',
      options: { instant: true },
    });
    expect(res.status).toBe(201);
    expect(res.body.round.status).toBe('finished');
    expect(res.body.post_bet_balances.balance_total_gld).toBe(900);
    expect(res.body.balances.balance_total_gld).toBe(900 + res.body.round.win);
    const recalled = await p.client.request<{ results: Array<Record<string, unknown>> }>(
      'GET',
      GAMES_API_PATHS.recentRounds(COIN_FLIP_ID),
    );
    expect(recalled.body.results[0]).toMatchObject({
      balance_before: 1_000,
      balance_after: 900 + res.body.round.win,
    });
  });

  it('Sweeps: a bet spends paid, then free, then redeemable; the win lands in redeemable', async () => {
    const p = await fundedPlayer(ctx, { paid: 30, free: 50, redeemable: 200 });
    // 1.00 = 0.30 paid + 0.50 free + 0.20 redeemable.
    const start = await startCoinFlip(p.client, { betValue: 1, currency: 'sweeps' });
    expect(start.status).toBe(201);
    expect(start.body.round.bet).toBe(1);
    expect(start.body.post_bet_balances).toMatchObject({
      balance_paid_ghc: 0,
      balance_free_ghc: 0,
      balance_redeemable_ghc: 1.8,
      balance_total_ghc: 1.8,
    });
    expect(await ledgerOf(p.id)).toEqual([
      ['bet', 'paid', -30],
      ['bet', 'free', -50],
      ['bet', 'redeemable', -20],
    ]);
    // Play until one flip wins, so the win's bucket is seen.
    let won = 0;
    let roundId = start.body.round.id;
    for (let i = 0; i < 40 && won === 0; i++) {
      const act = await flipCoin(p.client, roundId);
      expect(act.status).toBe(200);
      won = act.body.round.win;
      if (won === 0) {
        const next = await startCoinFlip(p.client, { betValue: 0.2, currency: 'sweeps' });
        expect(next.status).toBe(201);
        roundId = next.body.round.id;
      }
    }
    expect(won).toBeGreaterThan(0);
    const wins = (await ledgerOf(p.id)).filter(([kind]) => kind === 'win');
    expect(wins).toHaveLength(1);
    expect(wins[0]?.[1]).toBe('redeemable');
    const buckets = await bucketBalances(ctx.db, p.id);
    expect(buckets['sweeps:paid'] ?? 0).toBe(0);
    expect(buckets['sweeps:free'] ?? 0).toBe(0);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});

describe('refusals', () => {
  let p: Awaited<ReturnType<typeof fundedPlayer>>;
  beforeAll(async () => {
    p = await fundedPlayer(ctx, { gold: 10_000, free: 1_000 });
  });

  const expectNothingWritten = async (userId: string, rounds: number, ledger: number) => {
    expect(await roundCount(userId)).toBe(rounds);
    expect((await ledgerOf(userId)).length).toBe(ledger);
  };

  it('unknown game, the vendor game and a malformed id: 404 GAME_NOT_FOUND', async () => {
    for (const id of ['no-such-game', 'fruit-frenzy', 'Bad_Id']) {
      const res = await p.client.request('POST', GAMES_API_PATHS.startRound(id), {
        body: { betValue: 100, currency: 'gold' },
        headers: { 'Idempotency-Key': newKey() },
      });
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.GAME_NOT_FOUND });
    }
  });

  it('maintenance: 409 with its end time; the currency disabled in metadata: 409 on currency', async () => {
    const until = new Date(ctx.clock.now + 3600_000).toISOString();
    await ctx.db.query('UPDATE games SET maintenance = true, maintenance_until = $2 WHERE id = $1', [
      COIN_FLIP_ID,
      until,
    ]);
    const before = await roundCount(p.id);
    const m = await startCoinFlip(p.client);
    expect(m.status).toBe(409);
    expect(m.body).toMatchObject({
      code: GAME_ERROR_CODES.GAME_UNDER_MAINTENANCE,
      extra: { maintenance_until: until },
    });
    await ctx.db.query(
      `UPDATE games SET maintenance = false, maintenance_until = NULL, metadata = '{"disabledCurrencies":["sweeps"]}' WHERE id = $1`,
      [COIN_FLIP_ID],
    );
    const d = await startCoinFlip(p.client, { betValue: 1, currency: 'sweeps' });
    expect(d.status).toBe(409);
    expect(d.body).toMatchObject({ code: GAME_ERROR_CODES.GAME_CURRENCY_DISABLED, field: 'currency' });
    await ctx.db.query(`UPDATE games SET metadata = '{"disabledCurrencies":[]}' WHERE id = $1`, [
      COIN_FLIP_ID,
    ]);
    expect(await roundCount(p.id)).toBe(before);
  });

  it('a bet outside the limits: 400 BET_OUT_OF_RANGE with the limits in display units', async () => {
    const before = await roundCount(p.id);
    for (const [betValue, currency, limits] of [
      [99, 'gold', { min_bet: 100, max_bet: 2500 }],
      [2501, 'gold', { min_bet: 100, max_bet: 2500 }],
      [0.19, 'sweeps', { min_bet: 0.2, max_bet: 5 }],
      [5.01, 'sweeps', { min_bet: 0.2, max_bet: 5 }],
    ] as const) {
      const res = await startCoinFlip(p.client, { betValue, currency });
      expect(res.status, `${betValue} ${currency}`).toBe(400);
      expect(res.body).toMatchObject({
        code: GAME_ERROR_CODES.BET_OUT_OF_RANGE,
        field: 'betValue',
        extra: limits,
      });
    }
    for (const [betValue, currency] of [
      [100.5, 'gold'],
      [0.255, 'sweeps'],
    ] as const) {
      const res = await startCoinFlip(p.client, { betValue, currency });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'betValue' });
    }
    expect(await roundCount(p.id)).toBe(before);
  });

  it('a bet above the balance: 402 INSUFFICIENT_BALANCE and nothing written (no round, no entry, nonce kept)', async () => {
    const poor = await fundedPlayer(ctx, { gold: 150 });
    await poor.client.request('GET', GAMES_API_PATHS.fairness);
    const res = await startCoinFlip(poor.client, { betValue: 200, currency: 'gold' });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.INSUFFICIENT_BALANCE });
    await expectNothingWritten(poor.id, 0, 0);
    const fairness = await poor.client.request<{ next_nonce: number }>('GET', GAMES_API_PATHS.fairness);
    expect(fairness.body.next_nonce).toBe(0);
    expect(await bucketBalances(ctx.db, poor.id)).toEqual({ 'gold:main': 150 });
    const sweeps = await startCoinFlip(poor.client, { betValue: 0.2, currency: 'sweeps' });
    expect(sweeps.status).toBe(402);
  });

  it('Sweeps for a player in an excluded state, and in gold-only mode: 403 SWEEPS_NOT_ELIGIBLE', async () => {
    const out = await fundedPlayer(ctx, { gold: 1_000, free: 1_000 });
    await ctx.db.query(`UPDATE users SET state_or_province = 'WA' WHERE id = $1`, [out.id]);
    const res = await startCoinFlip(out.client, { betValue: 1, currency: 'sweeps' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.SWEEPS_NOT_ELIGIBLE, field: 'currency' });
    await expectNothingWritten(out.id, 0, 0);
    // Gold play stays open to them.
    expect(
      (await startCoinFlip(out.client, { betValue: 100, currency: 'gold', options: { instant: true } }))
        .status,
    ).toBe(201);

    const goldOnly = await createTestContext({ GOLD_ONLY: 'true' }, { seedDemo: false });
    try {
      goldOnly.deps.gameEngines = TEST_ENGINES;
      goldOnly.app = createTestApp(goldOnly.deps);
      await goldOnly.db.query(
        `INSERT INTO games (id, name, kind, art_url, min_bet_gold, max_bet_gold, min_bet_sweeps, max_bet_sweeps, rtp,
           bet_steps_gold, bet_steps_sweeps)
         VALUES ($1, 'Coin Flip', 'house', '/x.svg', 100, 2500, 20, 500, 100, $2::bigint[], $3::bigint[])`,
        [COIN_FLIP_ID, COIN_FLIP_STEPS.gold, COIN_FLIP_STEPS.sweeps],
      );
      const g = await signUpPlayer(goldOnly);
      await fund(goldOnly, g.id, { gold: 1_000, free: 500 });
      const refused = await startCoinFlip(g.client, { betValue: 1, currency: 'sweeps' });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: GAME_ERROR_CODES.SWEEPS_NOT_ELIGIBLE });
      expect((await startCoinFlip(g.client, { betValue: 100, currency: 'gold' })).status).toBe(201);
    } finally {
      await goldOnly.close();
    }
  });

  it('a second open round of the same game: 409 ROUND_ALREADY_OPEN naming the open round', async () => {
    const q = await fundedPlayer(ctx, { gold: 1_000 });
    const first = await startCoinFlip(q.client);
    expect(first.status).toBe(201);
    const second = await startCoinFlip(q.client);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({
      code: GAME_ERROR_CODES.ROUND_ALREADY_OPEN,
      extra: { round_id: first.body.round.id },
    });
    await expectNothingWritten(q.id, 1, 1);
    // Another game is not held up by it.
    const other = await q.client.request('POST', GAMES_API_PATHS.startRound('crown-jewels'), {
      body: { betValue: 100, currency: 'gold' },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect([201, 404]).toContain(other.status);
  });

  it("another player's round, an unknown round and a malformed round id: 404 ROUND_NOT_FOUND", async () => {
    const owner = await fundedPlayer(ctx, { gold: 1_000 });
    const round = await startCoinFlip(owner.client);
    const stranger = await fundedPlayer(ctx, { gold: 1_000 });
    for (const id of [round.body.round.id, '00000000-0000-4000-8000-000000000000', 'not-a-round']) {
      const res = await flipCoin(stranger.client, id);
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.ROUND_NOT_FOUND });
    }
    // Nor can it be reached through another game's path.
    const wrongGame = await stranger.client.request(
      'POST',
      GAMES_API_PATHS.roundAction('blackjack', round.body.round.id),
      { body: { action: { type: 'stand' } }, headers: { 'Idempotency-Key': newKey() } },
    );
    expect(wrongGame.status).toBe(404);
    const open = await owner.client.request<{ round: { id: string; status: string } }>(
      'GET',
      GAMES_API_PATHS.openRound(COIN_FLIP_ID),
    );
    expect(open.body.round).toMatchObject({ id: round.body.round.id, status: 'open' });
  });

  it('an illegal action: 400 ILLEGAL_ACTION naming the part; a finished round: 409 ROUND_FINISHED', async () => {
    const q = await fundedPlayer(ctx, { gold: 1_000 });
    const round = await startCoinFlip(q.client);
    const bad = await flipCoin(q.client, round.body.round.id, { type: 'spin' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: GAME_ERROR_CODES.ILLEGAL_ACTION, field: 'action.type' });
    const badDouble = await flipCoin(q.client, round.body.round.id, { type: 'flip', double: 'yes' });
    expect(badDouble.body).toMatchObject({ code: GAME_ERROR_CODES.ILLEGAL_ACTION, field: 'action.double' });
    const badOption = await startCoinFlip(q.client, {
      betValue: 100,
      currency: 'gold',
      options: { turbo: true },
    });
    expect(badOption.status).toBe(400);
    expect(badOption.body).toMatchObject({ code: GAME_ERROR_CODES.ILLEGAL_ACTION, field: 'options.turbo' });
    expect((await flipCoin(q.client, round.body.round.id)).status).toBe(200);
    const again = await flipCoin(q.client, round.body.round.id);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: GAME_ERROR_CODES.ROUND_FINISHED });
  });

  it('an action whose added stake is above the balance: 402 and the round left as it was', async () => {
    const q = await fundedPlayer(ctx, { gold: 150 });
    const round = await startCoinFlip(q.client);
    expect(round.status).toBe(201);
    const doubled = await flipCoin(q.client, round.body.round.id, { type: 'flip', double: true });
    expect(doubled.status).toBe(402);
    expect(doubled.body).toMatchObject({ code: GAME_ERROR_CODES.INSUFFICIENT_BALANCE });
    const open = await q.client.request<{ round: { id: string; status: string; bet: number } }>(
      'GET',
      GAMES_API_PATHS.openRound(COIN_FLIP_ID),
    );
    expect(open.body.round).toMatchObject({ id: round.body.round.id, status: 'open', bet: 100 });
    expect(await ledgerOf(q.id)).toEqual([['bet', 'main', -100]]);
    expect((await flipCoin(q.client, round.body.round.id)).status).toBe(200);
  });

  it('a fixed deck outside test mode: 400 TEST_DECK_NOT_ALLOWED', async () => {
    const res = await startCoinFlip(p.client, {
      betValue: 100,
      currency: 'gold',
      options: { testDeck: ['AS'] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.TEST_DECK_NOT_ALLOWED, field: 'testDeck' });
  });

  it('signed out: 401; without an Idempotency-Key: 400 IDEMPOTENCY_KEY_REQUIRED', async () => {
    const anon = await new Client(ctx).request('POST', GAMES_API_PATHS.startRound(COIN_FLIP_ID), {
      body: { betValue: 100, currency: 'gold' },
      headers: { 'Idempotency-Key': newKey() },
    });
    expect(anon.status).toBe(401);
    const noKey = await p.client.request('POST', GAMES_API_PATHS.startRound(COIN_FLIP_ID), {
      body: { betValue: 100, currency: 'gold' },
    });
    expect(noKey.status).toBe(400);
    expect(noKey.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    for (const path of [
      GAMES_API_PATHS.fairness,
      GAMES_API_PATHS.allRecentRounds,
      GAMES_API_PATHS.openRound(COIN_FLIP_ID),
    ])
      expect((await new Client(ctx).request('GET', path)).status, path).toBe(401);
  });
});

describe('idempotency and concurrency', () => {
  it('the same key replays the same answer and debits once; at once or one after the other', async () => {
    const p = await fundedPlayer(ctx, { gold: 1_000 });
    const key = newKey();
    const body = { betValue: 100, currency: 'gold', options: { instant: true } };
    const [a, b, c] = await Promise.all([
      startCoinFlip(p.client, body, key),
      startCoinFlip(p.client, body, key),
      startCoinFlip(p.client, body, key),
    ]);
    const d = await startCoinFlip(p.client, body, key);
    for (const r of [a, b, c, d]) {
      expect(r.status).toBe(201);
      expect(r.body).toEqual(a.body);
    }
    expect(d.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await roundCount(p.id)).toBe(1);
    expect((await ledgerOf(p.id)).filter(([kind]) => kind === 'bet')).toEqual([['bet', 'main', -100]]);
    // An action replayed the same way.
    const open = await startCoinFlip(p.client);
    const actKey = newKey();
    const [x, y] = await Promise.all([
      flipCoin(p.client, open.body.round.id, { type: 'flip' }, actKey),
      flipCoin(p.client, open.body.round.id, { type: 'flip' }, actKey),
    ]);
    expect(x.status).toBe(200);
    expect(y.body).toEqual(x.body);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('two different actions on one round at once: one applies, the other finds the round finished', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const round = await startCoinFlip(p.client);
    const answers = await Promise.all([
      flipCoin(p.client, round.body.round.id, { type: 'flip', double: true }),
      flipCoin(p.client, round.body.round.id, { type: 'flip' }),
      flipCoin(p.client, round.body.round.id, { type: 'flip' }),
    ]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200))
      expect(r.body).toMatchObject({ code: GAME_ERROR_CODES.ROUND_FINISHED });
    const winner = answers.find((r) => r.status === 200)!.body.round;
    expect(await bucketBalances(ctx.db, p.id)).toEqual({ 'gold:main': 10_000 - winner.bet + winner.win });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('a burst of 12 starts of one game (new keys): exactly one round opens, the rest 409', async () => {
    const p = await fundedPlayer(ctx, { gold: 100_000 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => startCoinFlip(p.client)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = answers.filter((r) => r.status !== 201);
    expect(
      refused.every(
        (r) => r.status === 409 && (r.body as unknown as { code: string }).code === 'ROUND_ALREADY_OPEN',
      ),
    ).toBe(true);
    expect(await roundCount(p.id)).toBe(1);
    expect((await ledgerOf(p.id)).length).toBe(1);
  });

  it('starts sent one after the other while earlier ones are in flight: still exactly one open round', async () => {
    const p = await fundedPlayer(ctx, { gold: 100_000 });
    const inFlight: Array<ReturnType<typeof startCoinFlip>> = [];
    for (let i = 0; i < 8; i++) {
      inFlight.push(startCoinFlip(p.client));
      await new Promise((r) => setTimeout(r, 3));
    }
    const answers = await Promise.all(inFlight);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(7);
    expect(await roundCount(p.id)).toBe(1);
  });

  it('16 bets at once against a balance of 5 bets never overdraw: each accepted bet paid, each other 402', async () => {
    const p = await fundedPlayer(ctx, { gold: 500 });
    const body = { betValue: 100, currency: 'gold', options: { instant: true } };
    const answers = await Promise.all(Array.from({ length: 16 }, () => startCoinFlip(p.client, body)));
    const ok = answers.filter((r) => r.status === 201);
    expect(ok.length).toBeGreaterThanOrEqual(5);
    expect(answers.filter((r) => r.status !== 201).every((r) => r.status === 402)).toBe(true);
    const won = ok.reduce((sum, r) => sum + r.body.round.win, 0);
    expect(await bucketBalances(ctx.db, p.id)).toEqual({ 'gold:main': 500 - 100 * ok.length + won });
    expect(await roundCount(p.id)).toBe(ok.length);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('sequential bets sent while earlier ones are in flight: same rules, one nonce each', async () => {
    const p = await fundedPlayer(ctx, { gold: 300 });
    const body = { betValue: 100, currency: 'gold', options: { instant: true } };
    const inFlight: Array<ReturnType<typeof startCoinFlip>> = [];
    for (let i = 0; i < 8; i++) {
      inFlight.push(startCoinFlip(p.client, body));
      await new Promise((r) => setTimeout(r, 3));
    }
    const answers = await Promise.all(inFlight);
    const ok = answers.filter((r) => r.status === 201);
    expect(answers.filter((r) => r.status !== 201).every((r) => r.status === 402)).toBe(true);
    const won = ok.reduce((sum, r) => sum + r.body.round.win, 0);
    expect(await bucketBalances(ctx.db, p.id)).toEqual({ 'gold:main': 300 - 100 * ok.length + won });
    expect(ok.map((r) => r.body.round.nonce).sort((a, b) => a - b)).toEqual(ok.map((_, i) => i));
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
