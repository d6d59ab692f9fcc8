/**
 * The spec's purchase solitaire call through the real Klondike engine: side bets in display units
 * staked with the base bet (each off or exactly the bet, the whole stake within the game's maximum
 * and the balance), a fixed deck accepted only in test mode, play to the end, replay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESH_DECK, isRed } from '../../../games/engines/cards.ts';
import { fairFloats } from '../../../games/engines/fair-random.ts';
import { replayRound } from '../../../games/engines/replay.ts';
import {
  FACE_UP_POSITIONS,
  FIRST_STOCK_POSITION,
  solitaireEngine,
} from '../../../games/engines/solitaire.ts';
import {
  GAME_ERROR_CODES,
  GAMES_API_PATHS,
  HOUSE_GAME_IDS,
  type RoundAnswer,
} from '../../../src/contract/games.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { bucketBalances, ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import { fundedPlayer, moneyCall } from '../../test-support/games-test-support.ts';
import { NEXT_SOLITAIRE_DECK_PATH } from '../../test-support/fixed-decks.ts';

interface SolitaireView {
  tableau: Array<{ faceDown: number; faceUp: string[] }>;
  sideBets: { redOrBlack: { bet: number; hit: boolean; win: number }; noMoves: { bet: number } };
  staked: number;
  finished: boolean;
  canDraw: boolean;
}

/** A deck whose seven face-up cards and first stock card are all red: "Red or black" wins. */
function allRedDeck(): string[] {
  const reds = FRESH_DECK.filter(isRed);
  const chosen = reds.slice(0, 8);
  const rest = FRESH_DECK.filter((c) => !chosen.includes(c));
  const deck: string[] = new Array<string>(52);
  [...FACE_UP_POSITIONS, FIRST_STOCK_POSITION].forEach((position, i) => (deck[position] = chosen[i]!));
  for (let i = 0; i < 52; i++) if (deck[i] === undefined) deck[i] = rest.shift()!;
  return deck;
}

const purchase = (client: Parameters<typeof moneyCall>[0], body: Record<string, unknown>) =>
  moneyCall<RoundAnswer>(client, 'POST', GAMES_API_PATHS.purchaseSolitaire, body);
const act = (client: Parameters<typeof moneyCall>[0], roundId: string, action: unknown) =>
  moneyCall<RoundAnswer>(client, 'POST', GAMES_API_PATHS.roundAction(HOUSE_GAME_IDS.solitaire, roundId), {
    action,
  });

describe('purchase solitaire', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({}, { seedDemo: false });
  });
  afterAll(async () => ctx?.close());

  it('stakes the base bet and both side bets (display units), plays to the end, credits, and replays', async () => {
    const p = await fundedPlayer(ctx, { free: 1_000 });
    const bought = await purchase(p.client, {
      betValue: 1,
      currency: 'sweeps',
      noMovesBet: 1,
      redOrBlackBet: 1,
    });
    expect(bought.status).toBe(201);
    const view = bought.body.round.state as SolitaireView;
    expect(view.sideBets.noMoves.bet).toBe(100);
    expect(view.sideBets.redOrBlack.bet).toBe(100);
    expect(bought.body.round.bet).toBe(3);
    expect(bought.body.post_bet_balances.balance_free_ghc).toBe(7);
    let answer = bought.body;
    for (let i = 0; i < 30 && answer.round.status === 'open'; i++) {
      const state = answer.round.state as SolitaireView;
      const next = await act(p.client, answer.round.id, state.canDraw ? { type: 'draw' } : { type: 'end' });
      expect(next.status).toBe(200);
      answer = next.body;
    }
    if (answer.round.status === 'open') answer = (await act(p.client, answer.round.id, { type: 'end' })).body;
    expect(answer.round.status).toBe('finished');
    const buckets = await bucketBalances(ctx.db, p.id);
    expect(buckets['sweeps:free']).toBe(700);
    expect(buckets['sweeps:redeemable'] ?? 0).toBe(Math.round(answer.round.win * 100));
    expect(await ledgerViolations(ctx.db)).toEqual([]);

    expect((await moneyCall(p.client, 'POST', GAMES_API_PATHS.fairnessRotate, undefined)).status).toBe(200);
    const recalled = await p.client.request<{
      results: Array<{
        base_bet_minor: number;
        options: unknown;
        actions: unknown[];
        final_state: unknown;
        server_seed: string;
        client_seed: string;
        nonce: number;
      }>;
    }>('GET', GAMES_API_PATHS.recentRounds(HOUSE_GAME_IDS.solitaire));
    const r = recalled.body.results[0]!;
    const replayed = replayRound(
      solitaireEngine,
      { betMinor: r.base_bet_minor, options: r.options, actions: r.actions },
      fairFloats(r.server_seed, r.client_seed, r.nonce),
    );
    expect(solitaireEngine.view(replayed)).toEqual(r.final_state);
  });

  it('the generic round start takes the same options for Klondike (side bets in display units)', async () => {
    const p = await fundedPlayer(ctx, { free: 1_000 });
    const res = await moneyCall<RoundAnswer>(
      p.client,
      'POST',
      GAMES_API_PATHS.startRound(HOUSE_GAME_IDS.solitaire),
      {
        betValue: 0.5,
        currency: 'sweeps',
        options: { redOrBlackBet: 0.5 },
      },
    );
    expect(res.status).toBe(201);
    const view = res.body.round.state as SolitaireView;
    expect(view.sideBets.redOrBlack.bet).toBe(50);
    expect(view.sideBets.noMoves.bet).toBe(0);
    expect(res.body.round.bet).toBe(1);
    const deck = await moneyCall(p.client, 'POST', GAMES_API_PATHS.startRound(HOUSE_GAME_IDS.solitaire), {
      betValue: 0.5,
      currency: 'sweeps',
      options: { testDeck: allRedDeck() },
    });
    expect(deck.status).toBe(400);
    expect(deck.body).toMatchObject({ code: GAME_ERROR_CODES.TEST_DECK_NOT_ALLOWED });
  });

  it('refuses a side bet that is neither off nor the bet: 400 VALIDATION_ERROR on its field, nothing written', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000, free: 1_000 });
    const cases = [
      { body: { betValue: 100, currency: 'gold', redOrBlackBet: 2_500 }, field: 'redOrBlackBet' },
      { body: { betValue: 100, currency: 'gold', noMovesBet: 50 }, field: 'noMovesBet' },
      {
        body: { betValue: 500, currency: 'gold', noMovesBet: 500, redOrBlackBet: 1_000 },
        field: 'redOrBlackBet',
      },
      { body: { betValue: 0.2, currency: 'sweeps', redOrBlackBet: 0.3 }, field: 'redOrBlackBet' },
    ];
    for (const c of cases) {
      const res = await purchase(p.client, c.body);
      expect(res.status, JSON.stringify(c.body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: c.field });
    }
    // The generic round start keeps the same rule, also for a side bet that is not a number.
    for (const [options, field] of [
      [{ redOrBlackBet: 5_000 }, 'redOrBlackBet'],
      [{ noMovesBet: '100' }, 'noMovesBet'],
    ] as const) {
      const res = await moneyCall(p.client, 'POST', GAMES_API_PATHS.startRound(HOUSE_GAME_IDS.solitaire), {
        betValue: 100,
        currency: 'gold',
        options,
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    expect(await bucketBalances(ctx.db, p.id)).toEqual({ 'gold:main': 10_000, 'sweeps:free': 1_000 });
  });

  it("refuses a round whose whole stake (bet plus side bets) is above the game's maximum bet", async () => {
    const p = await fundedPlayer(ctx, { gold: 20_000, free: 5_000 });
    const cases = [
      { body: { betValue: 2_500, currency: 'gold', noMovesBet: 2_500 }, field: 'noMovesBet', stake: 5_000 },
      {
        body: { betValue: 1_000, currency: 'gold', noMovesBet: 1_000, redOrBlackBet: 1_000 },
        field: 'redOrBlackBet',
        stake: 3_000,
      },
      { body: { betValue: 5, currency: 'sweeps', redOrBlackBet: 5 }, field: 'redOrBlackBet', stake: 10 },
    ];
    for (const c of cases) {
      const res = await purchase(p.client, c.body);
      expect(res.status, JSON.stringify(c.body)).toBe(400);
      expect(res.body).toMatchObject({
        code: GAME_ERROR_CODES.BET_OUT_OF_RANGE,
        field: c.field,
        extra: { max_bet: c.body.currency === 'gold' ? 2_500 : 5, stake: c.stake },
      });
    }
    expect(await bucketBalances(ctx.db, p.id)).toEqual({ 'gold:main': 20_000, 'sweeps:free': 5_000 });
    // At the maximum exactly: 1,000 with one side bet (2,000), 500 with both (1,500).
    const one = await purchase(p.client, { betValue: 1_000, currency: 'gold', noMovesBet: 1_000 });
    expect(one.status).toBe(201);
    expect(one.body.round.bet).toBe(2_000);
  });

  it('a whole stake above the balance is 402 with nothing written, though the base bet alone is covered', async () => {
    const p = await fundedPlayer(ctx, { gold: 250 });
    const nonceBefore = (await p.client.request<{ next_nonce: number }>('GET', GAMES_API_PATHS.fairness)).body
      .next_nonce;
    const res = await purchase(p.client, {
      betValue: 100,
      currency: 'gold',
      noMovesBet: 100,
      redOrBlackBet: 100,
    });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.INSUFFICIENT_BALANCE });
    expect(await bucketBalances(ctx.db, p.id)).toEqual({ 'gold:main': 250 });
    expect(await ctx.db.query('SELECT 1 FROM game_rounds WHERE user_id = $1', [p.id])).toHaveLength(0);
    expect(
      await ctx.db.query("SELECT 1 FROM ledger_entries WHERE user_id = $1 AND kind = 'bet'", [p.id]),
    ).toHaveLength(0);
    expect(
      (await p.client.request<{ next_nonce: number }>('GET', GAMES_API_PATHS.fairness)).body.next_nonce,
    ).toBe(nonceBefore);
  });

  it('side bets equal to the bet are accepted and debited once, with the bet, in one ledger entry', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const key = 'solitaire-whole-stake-once';
    const body = { betValue: 500, currency: 'gold', noMovesBet: 500, redOrBlackBet: 500 };
    const first = await moneyCall<RoundAnswer>(
      p.client,
      'POST',
      GAMES_API_PATHS.purchaseSolitaire,
      body,
      key,
    );
    expect(first.status).toBe(201);
    expect(first.body.round.bet).toBe(1_500);
    expect(first.body.post_bet_balances.balance_total_gld).toBe(8_500);
    // The same request again (a lost answer) debits nothing more.
    const again = await moneyCall<RoundAnswer>(
      p.client,
      'POST',
      GAMES_API_PATHS.purchaseSolitaire,
      body,
      key,
    );
    expect(again.body.round.id).toBe(first.body.round.id);
    const bets = await ctx.db.query<{ amount_minor: string; reference: string }>(
      "SELECT amount_minor, reference FROM ledger_entries WHERE user_id = $1 AND kind = 'bet'",
      [p.id],
    );
    expect(bets.map((b) => [Number(b.amount_minor), b.reference])).toEqual([
      [-1_500, `game-round:${first.body.round.id}`],
    ]);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('refuses a side bet with more decimals than its currency, on that field', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const res = await purchase(p.client, { betValue: 100, currency: 'gold', noMovesBet: 2.5 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'noMovesBet' });
  });
});

describe('purchase solitaire in test mode (GAMES_TEST_MODE=1: the test entries deal a queued deck)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ GAMES_TEST_MODE: '1' }, { seedDemo: false });
  });
  afterAll(async () => ctx?.close());

  const queueDeck = (client: Parameters<typeof moneyCall>[0], deck: string[]) =>
    client.request('POST', NEXT_SOLITAIRE_DECK_PATH, { body: { deck } });

  it('deals the queued deck, and its all-red deal pays the "Red or black" side bet at once', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const deck = allRedDeck();
    expect((await queueDeck(p.client, deck)).status).toBe(200);
    const bought = await purchase(p.client, { betValue: 100, currency: 'gold', redOrBlackBet: 100 });
    expect(bought.status).toBe(201);
    const view = bought.body.round.state as SolitaireView;
    expect(view.tableau[0]?.faceUp).toEqual([deck[0]]);
    expect(view.sideBets.redOrBlack).toMatchObject({ bet: 100, hit: true, win: 23_000 });
    expect(bought.body.post_bet_balances.balance_total_gld).toBe(10_000 - 200);
    expect(bought.body.balances.balance_total_gld).toBe(10_000 - 200 + bought.body.round.win);
    expect(bought.body.round.win).toBeGreaterThanOrEqual(23_000);
    expect(
      (
        await queueDeck(
          p.client,
          deck.map(() => 'AS'),
        )
      ).status,
    ).toBe(200);
    const bad = await purchase(p.client, { betValue: 100, currency: 'gold' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: GAME_ERROR_CODES.ILLEGAL_ACTION, field: 'testDeck' });
  });

  it('still refuses a deck sent with the purchase itself', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const res = await purchase(p.client, { betValue: 100, currency: 'gold', testDeck: allRedDeck() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: GAME_ERROR_CODES.TEST_DECK_NOT_ALLOWED, field: 'testDeck' });
  });
});

describe('the next-deck route outside test mode', () => {
  it('is not mounted', async () => {
    const ctx = await createTestContext({}, { seedDemo: false });
    try {
      const p = await fundedPlayer(ctx, { gold: 10_000 });
      const res = await p.client.request('POST', NEXT_SOLITAIRE_DECK_PATH, { body: { deck: allRedDeck() } });
      expect(res.status).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
