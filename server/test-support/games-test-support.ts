/**
 * Test support for the games API: a small engine of our own ("coin flip") so the round service is
 * tested apart from the real games, a test context whose app knows it, and helpers to fund a
 * player and to call the money routes with an Idempotency-Key.
 *
 * Coin flip: the start stakes the bet; one action `{ type: 'flip', double?: boolean }` (double
 * stakes the bet again) flips: float 0 < 0.5 pays twice the stake. With the start option
 * `{ instant: true }` the coin is flipped at once (a round finished at start, like a slot spin).
 * Its default action (a round left open) is a plain flip.
 */
import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '../../src/contract/constants.ts';
import { GAMES_API_PATHS, type RoundAnswer } from '../../src/contract/games.ts';
import { GAME_ENGINES, type EngineRegistry } from '../../games/engines/registry.ts';
import { IllegalActionError, type GameEngine } from '../../games/engines/types.ts';
import type { Client } from './test-app.ts';
import { createTestContext, type JsonResponse, type TestContext, createTestApp } from './test-app.ts';
import { postLedgerEntry, type Bucket } from '../core/ledger/ledger.ts';
import { signUpPlayer, type TestPlayer } from './wallet-test-helpers.ts';

export const COIN_FLIP_ID = 'coin-flip';

export interface CoinFlipState {
  bet: number;
  staked: number;
  won: number;
  finished: boolean;
  heads: boolean | null;
  float: number | null;
}
export type CoinFlipAction = { type: 'flip'; double: boolean };
export interface CoinFlipOptions {
  instant: boolean;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function flip(state: CoinFlipState, double: boolean, floats: (i: number) => number): CoinFlipState {
  const staked = double ? state.staked * 2 : state.staked;
  const float = floats(0);
  const heads = float < 0.5;
  return { ...state, staked, won: heads ? staked * 2 : 0, finished: true, heads, float };
}

export const coinFlipEngine: GameEngine<CoinFlipState, CoinFlipAction, CoinFlipOptions> = {
  id: COIN_FLIP_ID,
  parseOptions(raw) {
    if (!isRecord(raw)) throw new IllegalActionError('Options are an object', 'options');
    const keys = Object.keys(raw).filter((k) => k !== 'instant');
    if (keys.length > 0) throw new IllegalActionError(`Unknown option ${keys[0]}`, `options.${keys[0]}`);
    if (raw.instant !== undefined && typeof raw.instant !== 'boolean')
      throw new IllegalActionError('instant is true or false', 'options.instant');
    return { instant: raw.instant === true };
  },
  parseAction(raw) {
    if (!isRecord(raw) || raw.type !== 'flip')
      throw new IllegalActionError('The only action is flip', 'action.type');
    if (raw.double !== undefined && typeof raw.double !== 'boolean')
      throw new IllegalActionError('double is true or false', 'action.double');
    return { type: 'flip', double: raw.double === true };
  },
  start({ betMinor, options }, floats) {
    const state: CoinFlipState = {
      bet: betMinor,
      staked: betMinor,
      won: 0,
      finished: false,
      heads: null,
      float: null,
    };
    return options.instant ? flip(state, false, floats) : state;
  },
  act(state, action, floats) {
    if (state.finished) throw new IllegalActionError('The coin has landed', 'action.type');
    return flip(state, action.double, floats);
  },
  finished: (s) => s.finished,
  staked: (s) => s.staked,
  won: (s) => s.won,
  defaultAction: () => ({ type: 'flip', double: false }),
  // The float is the round's secret until it is finished.
  view: (s) => ({ bet: s.bet, staked: s.staked, won: s.won, finished: s.finished, heads: s.heads }),
  steps: (s) => (s.finished ? [{ kind: 'flip', heads: s.heads, float: s.float }] : []),
};

/** A second game on the same engine, for what spans games (recall across games). */
export const COIN_TOSS_ID = 'coin-toss';

export const TEST_ENGINES: EngineRegistry = {
  ...GAME_ENGINES,
  [COIN_FLIP_ID]: coinFlipEngine,
  [COIN_TOSS_ID]: coinFlipEngine,
};

/**
 * The coin flip's bet steps, minor units: the seeded games' steps plus the in-between amounts the
 * tests stake (the house games' rule, bets are the catalogue's steps only, holds for it too).
 */
export const COIN_FLIP_STEPS = {
  gold: [100, 150, 200, 250, 300, 400, 500, 1_000, 1_500, 2_000, 2_500],
  sweeps: [20, 50, 100, 200, 500],
};

/** The app with the coin-flip engine and its catalogue row (limits as the seeded games). */
export async function createGamesContext(env: Record<string, string> = {}): Promise<TestContext> {
  const ctx = await createTestContext(env, { seedDemo: false });
  ctx.deps.gameEngines = TEST_ENGINES;
  ctx.app = createTestApp(ctx.deps);
  for (const [id, name] of [
    [COIN_FLIP_ID, 'Coin Flip'],
    [COIN_TOSS_ID, 'Coin Toss'],
  ])
    await ctx.db.query(
      `INSERT INTO games (id, name, kind, categories, art_url, min_bet_gold, max_bet_gold, min_bet_sweeps, max_bet_sweeps, rtp,
         bet_steps_gold, bet_steps_sweeps, sort_order)
       VALUES ($1, $2, 'house', '{new}', '/games/art/coin-flip.svg', 100, 2500, 20, 500, 100, $3::bigint[], $4::bigint[], 99)`,
      [id, name, COIN_FLIP_STEPS.gold, COIN_FLIP_STEPS.sweeps],
    );
  return ctx;
}

let funding = 0;
/** Credits a player's bucket (an adjustment entry) so tests start from known balances. */
export async function fund(
  ctx: TestContext,
  userId: string,
  amounts: Partial<Record<'gold' | 'paid' | 'free' | 'redeemable', number>>,
): Promise<void> {
  for (const [name, amount] of Object.entries(amounts)) {
    if (!amount) continue;
    funding += 1;
    const bucket: Bucket = name === 'gold' ? 'main' : (name as Bucket);
    await postLedgerEntry(ctx.db, {
      userId,
      currency: name === 'gold' ? 'gold' : 'sweeps',
      bucket,
      amountMinor: amount,
      kind: 'adjustment',
      reference: 'games-test',
      idempotencyKey: `games-test:${userId}:${funding}`,
    });
  }
}

export async function fundedPlayer(
  ctx: TestContext,
  amounts: Partial<Record<'gold' | 'paid' | 'free' | 'redeemable', number>> = { gold: 10_000 },
): Promise<TestPlayer> {
  const player = await signUpPlayer(ctx);
  await fund(ctx, player.id, amounts);
  return player;
}

export const newKey = (): string => randomUUID();

/** A money-changing call with an Idempotency-Key (a new one unless given). */
export function moneyCall<T = RoundAnswer>(
  client: Client,
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  key: string = newKey(),
): Promise<JsonResponse<T>> {
  return client.request<T>(method, path, { body, headers: { [IDEMPOTENCY_HEADER]: key } });
}

export const startCoinFlip = (
  client: Client,
  body: Record<string, unknown> = { betValue: 100, currency: 'gold' },
  key?: string,
) => moneyCall(client, 'POST', GAMES_API_PATHS.startRound(COIN_FLIP_ID), body, key);

export const flipCoin = (client: Client, roundId: string, action: unknown = { type: 'flip' }, key?: string) =>
  moneyCall(client, 'POST', GAMES_API_PATHS.roundAction(COIN_FLIP_ID, roundId), { action }, key);
