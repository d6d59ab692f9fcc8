/**
 * The spec's purchase solitaire call through the real Klondike engine: side bets in display units
 * staked with the base bet, a fixed deck accepted only in test mode, play to the end, replay.
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
import { bucketBalances, ledgerViolations } from '../wallet/wallet-test-helpers.ts';
import { fundedPlayer, moneyCall } from './games-test-support.ts';

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
      noMovesBet: 0.2,
      redOrBlackBet: 0.3,
    });
    expect(bought.status).toBe(201);
    const view = bought.body.round.state as SolitaireView;
    expect(view.sideBets.noMoves.bet).toBe(20);
    expect(view.sideBets.redOrBlack.bet).toBe(30);
    expect(bought.body.round.bet).toBe(1.5);
    expect(bought.body.post_bet_balances.balance_free_ghc).toBe(8.5);
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
    expect(buckets['sweeps:free']).toBe(850);
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
        options: { redOrBlackBet: 0.1 },
      },
    );
    expect(res.status).toBe(201);
    const view = res.body.round.state as SolitaireView;
    expect(view.sideBets.redOrBlack.bet).toBe(10);
    expect(view.sideBets.noMoves.bet).toBe(0);
    expect(res.body.round.bet).toBe(0.6);
    const deck = await moneyCall(p.client, 'POST', GAMES_API_PATHS.startRound(HOUSE_GAME_IDS.solitaire), {
      betValue: 0.5,
      currency: 'sweeps',
      options: { testDeck: allRedDeck() },
    });
    expect(deck.status).toBe(400);
    expect(deck.body).toMatchObject({ code: GAME_ERROR_CODES.TEST_DECK_NOT_ALLOWED });
  });

  it('refuses a side bet with more decimals than its currency, on that field', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const res = await purchase(p.client, { betValue: 100, currency: 'gold', noMovesBet: 2.5 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'noMovesBet' });
  });
});

describe('purchase solitaire in test mode (GAMES_TEST_MODE=1)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ GAMES_TEST_MODE: '1' }, { seedDemo: false });
  });
  afterAll(async () => ctx?.close());

  it('deals the fixed deck, and its all-red deal pays the "Red or black" side bet at once', async () => {
    const p = await fundedPlayer(ctx, { gold: 10_000 });
    const deck = allRedDeck();
    const bought = await purchase(p.client, {
      betValue: 100,
      currency: 'gold',
      redOrBlackBet: 10,
      testDeck: deck,
    });
    expect(bought.status).toBe(201);
    const view = bought.body.round.state as SolitaireView;
    expect(view.tableau[0]?.faceUp).toEqual([deck[0]]);
    expect(view.sideBets.redOrBlack).toMatchObject({ bet: 10, hit: true, win: 2_300 });
    expect(bought.body.post_bet_balances.balance_total_gld).toBe(10_000 - 110);
    expect(bought.body.balances.balance_total_gld).toBe(10_000 - 110 + bought.body.round.win);
    expect(bought.body.round.win).toBeGreaterThanOrEqual(2_300);
    const bad = await purchase(p.client, { betValue: 100, currency: 'gold', testDeck: deck.map(() => 'AS') });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: GAME_ERROR_CODES.ILLEGAL_ACTION, field: 'testDeck' });
  });
});
