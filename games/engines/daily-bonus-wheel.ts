/**
 * The Daily Bonus wheel as a game engine, so a spin is decided and verified exactly like a house
 * game round: the server starts it with the player's fair floats (server seed, client seed,
 * nonce) and the Fairness check (src/lib/verify-round.ts) replays it from the revealed seed.
 *
 * One float decides a spin: segment = floor(float 0 × 8), in wheel order; the prize is that
 * segment's prize on the spin's streak day (src/contract/daily-bonus.ts). Nothing is staked; the
 * engine's win is the Gold prize, and its one step carries both prizes, which the replay compares.
 * Options: { streak_day: 1..7, gold_only: boolean }.
 */
import {
  DAILY_BONUS_MAX_STREAK_DAY,
  DAILY_BONUS_SEGMENTS,
  dailyBonusPrize,
} from '../../src/contract/daily-bonus.ts';
import { IllegalActionError, type Floats, type GameEngine, type RoundStep } from './types.ts';

export const DAILY_BONUS_ENGINE_ID = 'daily-bonus';

export interface DailyBonusWheelOptions {
  streak_day: number;
  gold_only: boolean;
}

export interface DailyBonusWheelState {
  streak_day: number;
  gold_only: boolean;
  segment: number;
  prize_gld: number;
  prize_ghc_cents: number;
}

/** The segment a float picks (0..7). */
export const wheelSegmentOf = (float: number): number =>
  Math.min(DAILY_BONUS_SEGMENTS - 1, Math.floor(float * DAILY_BONUS_SEGMENTS));

/** Decides one spin from the round's floats. */
export function spinDailyBonusWheel(options: DailyBonusWheelOptions, floats: Floats): DailyBonusWheelState {
  const segment = wheelSegmentOf(floats(0));
  const prize = dailyBonusPrize(options.streak_day, segment, options.gold_only);
  return {
    streak_day: options.streak_day,
    gold_only: options.gold_only,
    segment,
    prize_gld: prize.gold,
    prize_ghc_cents: prize.sweepsCents,
  };
}

const NO_ACTIONS = 'A daily bonus spin is decided when it starts and takes no actions';

export const dailyBonusWheelEngine: GameEngine<DailyBonusWheelState, never, DailyBonusWheelOptions> = {
  id: DAILY_BONUS_ENGINE_ID,
  parseOptions(raw) {
    const o = (raw ?? {}) as Record<string, unknown>;
    const day = o.streak_day;
    if (
      typeof day !== 'number' ||
      !Number.isInteger(day) ||
      day < 1 ||
      day > DAILY_BONUS_MAX_STREAK_DAY ||
      typeof o.gold_only !== 'boolean'
    )
      throw new IllegalActionError('A spin needs streak_day 1..7 and gold_only', 'options');
    return { streak_day: day, gold_only: o.gold_only };
  },
  parseAction() {
    throw new IllegalActionError(NO_ACTIONS, 'action');
  },
  start({ options }, floats) {
    return spinDailyBonusWheel(options, floats);
  },
  act() {
    throw new IllegalActionError(NO_ACTIONS, 'action');
  },
  finished: () => true,
  staked: () => 0,
  won: (state) => state.prize_gld,
  defaultAction() {
    throw new IllegalActionError(NO_ACTIONS, 'action');
  },
  view: (state) => state,
  steps: (state): RoundStep[] => [
    {
      kind: 'wheel',
      segment: state.segment,
      prize_gld: state.prize_gld,
      prize_ghc_cents: state.prize_ghc_cents,
    },
  ],
};
