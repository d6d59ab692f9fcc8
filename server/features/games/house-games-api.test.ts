/**
 * The real house-game engines through the API: one round of each with the ledger checked, the
 * spec's instant-win calls, resume of an open blackjack hand without its hole card, the 24-hour
 * completion of a real hand, and every kind of round replayed from the revealed seed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fairFloats } from '../../../games/engines/fair-random.ts';
import { GAME_ENGINES, engineOf } from '../../../games/engines/registry.ts';
import { replayRound } from '../../../games/engines/replay.ts';
import {
  GAME_ERROR_CODES,
  GAMES_API_PATHS,
  HOUSE_GAME_IDS,
  type RoundAnswer,
  type RoundView,
} from '../../../src/contract/games.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { bucketBalances, ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import { fundedPlayer, moneyCall } from '../../test-support/games-test-support.ts';
import { completeInterruptedRounds, ROUND_IDLE_LIMIT_MS } from './interrupted-rounds.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

const start = (client: Parameters<typeof moneyCall>[0], gameId: string, body: Record<string, unknown>) =>
  moneyCall(client, 'POST', GAMES_API_PATHS.startRound(gameId), body);
const act = (client: Parameters<typeof moneyCall>[0], gameId: string, roundId: string, action: unknown) =>
  moneyCall(client, 'POST', GAMES_API_PATHS.roundAction(gameId, roundId), { action });

interface Recalled extends RoundView {
  base_bet_minor: number;
  options: unknown;
  actions: unknown[];
  final_state: unknown;
  server_seed: string | null;
}

/** Rotates the player's seed and replays each finished round of the game from the revealed seed. */
async function expectReplaysMatch(client: Parameters<typeof moneyCall>[0], gameId: string): Promise<number> {
  expect((await moneyCall(client, 'POST', GAMES_API_PATHS.fairnessRotate, undefined)).status).toBe(200);
  const recalled = await client.request<{ results: Recalled[] }>('GET', GAMES_API_PATHS.recentRounds(gameId));
  const engine = engineOf(GAME_ENGINES, gameId)!;
  let checked = 0;
  for (const r of recalled.body.results.filter((x) => x.status === 'finished')) {
    expect(r.server_seed).toMatch(/^[0-9a-f]{64}$/);
    const state = replayRound(
      engine,
      { betMinor: r.base_bet_minor, options: r.options, actions: r.actions },
      fairFloats(r.server_seed!, r.client_seed, r.nonce),
    );
    expect(engine.view(state)).toEqual(r.final_state);
    checked += 1;
  }
  return checked;
}

describe('house games through the API', () => {
  it('Crown Jewels: a spin is decided at its start, debited and credited at once, and replays', async () => {
    const p = await fundedPlayer(ctx, { gold: 20_000 });
    let total = 20_000;
    for (let i = 0; i < 8; i++) {
      const res = await start(p.client, HOUSE_GAME_IDS.slots, { betValue: 100, currency: 'gold' });
      expect(res.status).toBe(201);
      expect(res.body.round.status).toBe('finished');
      expect(res.body.post_bet_balances.balance_total_gld).toBe(total - 100);
      total = total - 100 + res.body.round.win;
      expect(res.body.balances.balance_total_gld).toBe(total);
    }
    expect(await bucketBalances(ctx.db, p.id)).toEqual({ 'gold:main': total });
    const noAction = await act(p.client, HOUSE_GAME_IDS.slots, '00000000-0000-4000-8000-000000000000', {
      type: 'spin',
    });
    // A slot spin has no actions at all.
    expect(noAction.status).toBe(400);
    expect(noAction.body).toMatchObject({ code: GAME_ERROR_CODES.ILLEGAL_ACTION });
    expect(await expectReplaysMatch(p.client, HOUSE_GAME_IDS.slots)).toBe(8);
  });

  it('Lucky Scratch: purchase decides the ticket, redeem credits it to redeemable; refusals of the spec calls', async () => {
    const p = await fundedPlayer(ctx, { free: 2_000 });
    const bought = await moneyCall(p.client, 'POST', GAMES_API_PATHS.purchaseInstantWin, {
      gameId: HOUSE_GAME_IDS.scratchCard,
      betValue: 1,
      currency: 'sweeps',
    });
    expect(bought.status).toBe(201);
    expect(bought.body.round).toMatchObject({
      game_id: HOUSE_GAME_IDS.scratchCard,
      status: 'open',
      bet: 1,
      win: 0,
    });
    expect(bought.body.balances.balance_free_ghc).toBe(19);
    const ticketId = bought.body.round.id;

    const badSpots = await moneyCall(p.client, 'POST', GAMES_API_PATHS.redeemInstantWin, {
      ticketId,
      numScratched: 9,
      numSpots: 5,
    });
    expect(badSpots.status).toBe(400);
    expect(badSpots.body).toMatchObject({ code: GAME_ERROR_CODES.ILLEGAL_ACTION, field: 'numSpots' });

    const redeemed = await moneyCall(p.client, 'POST', GAMES_API_PATHS.redeemInstantWin, {
      ticketId,
      numScratched: 9,
      numSpots: 9,
      replayData: [4, 0, 1, 2, 3, 5, 6, 7, 8],
    });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body.round.status).toBe('finished');
    const win = redeemed.body.round.win;
    expect(redeemed.body.balances).toMatchObject({ balance_free_ghc: 19, balance_redeemable_ghc: win });
    const again = await moneyCall(p.client, 'POST', GAMES_API_PATHS.redeemInstantWin, {
      ticketId,
      numScratched: 9,
      numSpots: 9,
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: GAME_ERROR_CODES.ROUND_FINISHED });

    const stranger = await fundedPlayer(ctx, { gold: 1_000 });
    for (const id of [ticketId, 'nope']) {
      const res = await moneyCall(stranger.client, 'POST', GAMES_API_PATHS.redeemInstantWin, {
        ticketId: id,
        numScratched: 9,
        numSpots: 9,
      });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.ROUND_NOT_FOUND });
    }
    // Only instant-win games are sold as tickets.
    const notInstant = await moneyCall(p.client, 'POST', GAMES_API_PATHS.purchaseInstantWin, {
      gameId: HOUSE_GAME_IDS.slots,
      betValue: 1,
      currency: 'sweeps',
    });
    expect(notInstant.status).toBe(404);
    expect(notInstant.body).toMatchObject({ code: GAME_ERROR_CODES.GAME_NOT_FOUND });
    const badBody = await moneyCall(p.client, 'POST', GAMES_API_PATHS.purchaseInstantWin, {
      gameId: HOUSE_GAME_IDS.scratchCard,
      betValue: 1,
    });
    expect(badBody.status).toBe(400);
    expect(badBody.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'currency' });
    expect(await expectReplaysMatch(p.client, HOUSE_GAME_IDS.scratchCard)).toBe(1);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('Blackjack: an open hand resumes without the hole card, actions add stakes and wins, and hands replay', async () => {
    const p = await fundedPlayer(ctx, { gold: 100_000 });
    let total = 100_000;
    let resumedOne = false;
    for (let i = 0; i < 6; i++) {
      const res = await start(p.client, HOUSE_GAME_IDS.blackjack, { betValue: 200, currency: 'gold' });
      expect(res.status).toBe(201);
      let answer: RoundAnswer = res.body;
      if (answer.round.status === 'open') {
        const resumed = await p.client.request<{ round: RoundView }>(
          'GET',
          GAMES_API_PATHS.openRound(HOUSE_GAME_IDS.blackjack),
        );
        expect(resumed.body.round).toEqual(answer.round);
        const view = answer.round.state as {
          dealer: { cards: unknown[]; hidden: number };
          actions: string[];
        };
        expect(view.dealer.cards).toHaveLength(1);
        expect(view.dealer.hidden).toBe(1);
        resumedOne = true;
      }
      for (let step = 0; answer.round.status === 'open' && step < 10; step++) {
        const view = answer.round.state as { actions: string[] };
        const action = view.actions.includes('insurance')
          ? { type: 'insurance', take: false }
          : view.actions.includes('double')
            ? { type: 'double' }
            : { type: 'stand' };
        const next = await act(p.client, HOUSE_GAME_IDS.blackjack, answer.round.id, action);
        expect(next.status).toBe(200);
        // This action's added stake is taken before its added win is paid.
        expect(next.body.post_bet_balances.balance_total_gld).toBe(
          answer.balances.balance_total_gld - (next.body.round.bet - answer.round.bet),
        );
        expect(next.body.balances.balance_total_gld).toBe(
          next.body.post_bet_balances.balance_total_gld + next.body.round.win - answer.round.win,
        );
        answer = next.body;
      }
      expect(answer.round.status).toBe('finished');
      total = total - answer.round.bet + answer.round.win;
      expect(answer.balances.balance_total_gld).toBe(total);
    }
    expect(resumedOne).toBe(true);
    const illegal = await start(p.client, HOUSE_GAME_IDS.blackjack, { betValue: 200, currency: 'gold' });
    if (illegal.body.round.status === 'open') {
      const res = await act(p.client, HOUSE_GAME_IDS.blackjack, illegal.body.round.id, { type: 'fold' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.ILLEGAL_ACTION });
      // Finish it by its default actions (decline insurance, then stand).
      let round: RoundView = illegal.body.round;
      for (let step = 0; round.status === 'open' && step < 10; step++) {
        const view = round.state as { actions: string[] };
        const action = view.actions.includes('insurance')
          ? { type: 'insurance', take: false }
          : { type: 'stand' };
        const next = await act(p.client, HOUSE_GAME_IDS.blackjack, round.id, action);
        expect(next.status).toBe(200);
        round = next.body.round;
      }
      expect(round.status).toBe('finished');
    }
    expect(await expectReplaysMatch(p.client, HOUSE_GAME_IDS.blackjack)).toBeGreaterThanOrEqual(6);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('Jacks or Better: deal, draw with holds, pay per coin; a malformed hold is refused', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    for (let i = 0; i < 4; i++) {
      const dealt = await start(p.client, HOUSE_GAME_IDS.videoPoker, {
        betValue: 500,
        currency: 'gold',
        options: { coins: 5 },
      });
      expect(dealt.status).toBe(201);
      expect(dealt.body.round.status).toBe('open');
      if (i === 0) {
        const bad = await act(p.client, HOUSE_GAME_IDS.videoPoker, dealt.body.round.id, {
          type: 'draw',
          hold: [true],
        });
        expect(bad.status).toBe(400);
        expect(bad.body).toMatchObject({ code: GAME_ERROR_CODES.ILLEGAL_ACTION, field: 'action.hold' });
      }
      const drawn = await act(p.client, HOUSE_GAME_IDS.videoPoker, dealt.body.round.id, {
        type: 'draw',
        hold: [i % 2 === 0, false, true, false, false],
      });
      expect(drawn.status).toBe(200);
      expect(drawn.body.round.status).toBe('finished');
    }
    expect(await expectReplaysMatch(p.client, HOUSE_GAME_IDS.videoPoker)).toBe(4);
  });

  it('Jacks or Better: the server counts the coins from the bet step (the 800 royal only at the maximum bet), whatever the game sends', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000, free: 2_000 });
    const cases = [
      { betValue: 100, currency: 'gold', coins: 1 },
      { betValue: 500, currency: 'gold', coins: 3 },
      { betValue: 2_500, currency: 'gold', coins: 5 },
      { betValue: 0.2, currency: 'sweeps', coins: 1 },
      { betValue: 5, currency: 'sweeps', coins: 5 },
    ] as const;
    for (const c of cases) {
      const dealt = await start(p.client, HOUSE_GAME_IDS.videoPoker, {
        betValue: c.betValue,
        currency: c.currency,
        options: { coins: 5 },
      });
      expect(dealt.status).toBe(201);
      expect(dealt.body.round.state).toMatchObject({ coins: c.coins });
      await act(p.client, HOUSE_GAME_IDS.videoPoker, dealt.body.round.id, {
        type: 'draw',
        hold: [false, false, false, false, false],
      });
    }
    const between = await start(p.client, HOUSE_GAME_IDS.videoPoker, { betValue: 300, currency: 'gold' });
    expect(between.status).toBe(400);
    expect(between.body).toMatchObject({ code: GAME_ERROR_CODES.BET_OUT_OF_RANGE, field: 'betValue' });
    expect((between.body as unknown as { extra: { bet_steps: number[] } }).extra.bet_steps).toEqual([
      100, 200, 500, 1000, 2500,
    ]);
  });

  it('Crown Jewels refuses a bet that does not split evenly over its 10 lines, and one off its steps', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000, free: 2_000 });
    const uneven = await start(p.client, HOUSE_GAME_IDS.slots, { betValue: 105, currency: 'gold' });
    expect(uneven.status).toBe(400);
    expect(uneven.body).toMatchObject({ code: GAME_ERROR_CODES.BET_OUT_OF_RANGE, field: 'betValue' });
    const cents = await start(p.client, HOUSE_GAME_IDS.slots, { betValue: 0.25, currency: 'sweeps' });
    expect(cents.status).toBe(400);
    // A whole number of cents per line, but not one of the game's bets.
    const between = await start(p.client, HOUSE_GAME_IDS.slots, { betValue: 0.3, currency: 'sweeps' });
    expect(between.status).toBe(400);
    expect(between.body).toMatchObject({ code: GAME_ERROR_CODES.BET_OUT_OF_RANGE, field: 'betValue' });
    expect((await start(p.client, HOUSE_GAME_IDS.slots, { betValue: 0.5, currency: 'sweeps' })).status).toBe(
      201,
    );
  });

  it('a video poker deal and a blackjack hand left for 24 hours are finished by default actions and credited', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const dealt = await start(p.client, HOUSE_GAME_IDS.videoPoker, { betValue: 100, currency: 'gold' });
    expect(dealt.body.round.status).toBe('open');
    // A natural or a dealer blackjack ends a hand at the deal: deal until one stays open.
    let hand = await start(p.client, HOUSE_GAME_IDS.blackjack, { betValue: 100, currency: 'gold' });
    for (let i = 0; i < 20 && hand.body.round.status !== 'open'; i++)
      hand = await start(p.client, HOUSE_GAME_IDS.blackjack, { betValue: 100, currency: 'gold' });
    expect(hand.body.round.status).toBe('open');
    const goldBefore = (await bucketBalances(ctx.db, p.id))['gold:main']!;
    ctx.clock.advance(ROUND_IDLE_LIMIT_MS / 1000 + 1);
    const report = await completeInterruptedRounds({
      db: ctx.db,
      now: ctx.deps.now,
      engines: GAME_ENGINES,
      logger: ctx.deps.logger,
    });
    expect(report.completed).toBeGreaterThanOrEqual(2);
    expect(report.failed).toBe(0);
    const recall = async (gameId: string) =>
      (await p.client.request<{ results: Recalled[] }>('GET', GAMES_API_PATHS.recentRounds(gameId))).body
        .results[0]!;
    const poker = await recall(HOUSE_GAME_IDS.videoPoker);
    expect(poker).toMatchObject({ id: dealt.body.round.id, status: 'finished', auto_completed: true });
    expect(poker.actions).toHaveLength(1);
    const blackjack = await recall(HOUSE_GAME_IDS.blackjack);
    expect(blackjack).toMatchObject({ id: hand.body.round.id, status: 'finished', auto_completed: true });
    expect(blackjack.actions.length).toBeGreaterThanOrEqual(1);
    // Only the wins were added: neither default action (hold, stand, no insurance) stakes more.
    expect(blackjack.bet).toBe(100);
    expect((await bucketBalances(ctx.db, p.id))['gold:main']).toBe(goldBefore + poker.win + blackjack.win);
    // The server's own actions replay like a player's.
    expect(await expectReplaysMatch(p.client, HOUSE_GAME_IDS.videoPoker)).toBe(1);
    const blackjackRounds = (
      await p.client.request<{ results: Recalled[] }>(
        'GET',
        GAMES_API_PATHS.recentRounds(HOUSE_GAME_IDS.blackjack),
      )
    ).body.results;
    const engine = engineOf(GAME_ENGINES, HOUSE_GAME_IDS.blackjack)!;
    for (const r of blackjackRounds) {
      const state = replayRound(
        engine,
        { betMinor: r.base_bet_minor, options: r.options, actions: r.actions },
        fairFloats(r.server_seed!, r.client_seed, r.nonce),
      );
      expect(engine.view(state)).toEqual(r.final_state);
    }
  });

  it('solitaire purchase: a fixed deck is refused outside test mode', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const res = await moneyCall(p.client, 'POST', GAMES_API_PATHS.purchaseSolitaire, {
      betValue: 100,
      currency: 'gold',
      testDeck: Array.from({ length: 52 }, () => 'AS'),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.TEST_DECK_NOT_ALLOWED, field: 'testDeck' });
  });
});

/** The catalogue's bet steps of every house game, display units. */
const CATALOGUE_STEPS = { gold: [100, 200, 500, 1000, 2500], sweeps: [0.2, 0.5, 1, 2, 5] } as const;

/** Inside every house game's limits, but not one of the catalogue's steps (Gold 100, 200, 500, 1,000, 2,500; Sweeps 0.20, 0.50, 1.00, 2.00, 5.00). */
const OFF_STEP_BETS = [
  { betValue: 101, currency: 'gold' },
  { betValue: 150, currency: 'gold' },
  { betValue: 2_400, currency: 'gold' },
  { betValue: 0.3, currency: 'sweeps' },
  { betValue: 4.9, currency: 'sweeps' },
] as const;

/** Each house game by each of its start calls: the generic round start and the spec's own calls. */
const START_CALLS = [
  ...Object.values(HOUSE_GAME_IDS).map((gameId) => ({
    name: `${gameId} (round start)`,
    path: GAMES_API_PATHS.startRound(gameId),
    body: (bet: Record<string, unknown>) => bet,
  })),
  {
    name: 'lucky-scratch (purchase instant win)',
    path: GAMES_API_PATHS.purchaseInstantWin,
    body: (bet: Record<string, unknown>) => ({ gameId: HOUSE_GAME_IDS.scratchCard, ...bet }),
  },
  {
    name: 'klondike (purchase solitaire)',
    path: GAMES_API_PATHS.purchaseSolitaire,
    body: (bet: Record<string, unknown>) => bet,
  },
];

describe('bets are the catalogue steps only, in every house game', () => {
  it.each(START_CALLS)(
    '$name: a bet off the steps is 400 BET_OUT_OF_RANGE on betValue, nothing written',
    async (call) => {
      const p = await fundedPlayer(ctx, { gold: 10_000, free: 1_000 });
      for (const bet of OFF_STEP_BETS) {
        const res = await moneyCall(p.client, 'POST', call.path, call.body(bet));
        expect(res.status, `${bet.betValue} ${bet.currency}`).toBe(400);
        expect(res.body).toMatchObject({
          code: GAME_ERROR_CODES.BET_OUT_OF_RANGE,
          field: 'betValue',
          // The catalogue's steps, which the game pages offer too (the host's init carries them).
          extra: { bet_steps: CATALOGUE_STEPS[bet.currency] },
        });
      }
      expect(await bucketBalances(ctx.db, p.id)).toEqual({ 'gold:main': 10_000, 'sweeps:free': 1_000 });
      const rounds = await ctx.db.query('SELECT 1 FROM game_rounds WHERE user_id = $1', [p.id]);
      expect(rounds).toHaveLength(0);
    },
  );
});
