/**
 * Daily Bonus contract (spec sections 3, 7 and 8): paths, the wheel's pay table, wire shapes,
 * error codes and the player-facing texts. Paths are relative to /api/v1.
 *
 * Rules: one spin per Eastern Time day (12:00am to 11:59pm ET, src/contract/eastern-time.ts). A
 * spin on the day after the previous one grows the streak by 1; a missed day starts it again at 1.
 * The streak day picks the pay table row (capped at day 7, so every spin from the 7th day in a row
 * on pays the day-7 row). The wheel has 8 equal segments; the server picks one with the player's
 * provably fair seeds: segment = floor(float 0 × 8) (games/engines/daily-bonus-wheel.ts), so the
 * spin is verified like a game round once the seed is rotated.
 * Answers use `type()` so a newer server may add fields; requests use strict `object()`.
 */
import { array, boolean, integer, nullable, number, object, string, type, type Infer } from 'superstruct';
import { BalancesSchema } from './schemas.ts';

export const DAILY_BONUS_API_PATHS = {
  /** GET -> DailyBonusState. */
  state: '/daily-bonus',
  /** POST (Idempotency-Key header; no body, or `{}`) -> DailyBonusPlayResponse. */
  play: '/daily-bonus/play',
} as const;

// ---------------------------------------------------------------------------------------------
// The pay table
// ---------------------------------------------------------------------------------------------
export const DAILY_BONUS_SEGMENTS = 8;
/** The streak day whose row every longer streak keeps paying. */
export const DAILY_BONUS_MAX_STREAK_DAY = 7;

/** Day-1 prizes of the 8 segments in wheel order (clockwise from the top): Gold Coins. */
export const DAILY_BONUS_BASE_GOLD: readonly number[] = [200, 1000, 300, 600, 400, 2000, 500, 800];
/** Day-1 prizes of the 8 segments in wheel order: Sweeps Coins in cents (0.04 .. 0.40). */
export const DAILY_BONUS_BASE_SWEEPS_CENTS: readonly number[] = [4, 24, 4, 12, 8, 40, 8, 20];
/** How much each streak day pays, percent of the day-1 prizes (days 1..7). */
export const DAILY_BONUS_DAY_PERCENT: readonly number[] = [100, 125, 150, 175, 200, 250, 300];

export interface DailyBonusPrize {
  /** Gold Coins. */
  gold: number;
  /** Sweeps Coins in cents (0 in gold-only mode). */
  sweepsCents: number;
}

/** The pay table row day used by a streak of `streak` days (1..7). */
export const streakDayOf = (streak: number): number =>
  Math.min(Math.max(1, Math.floor(streak)), DAILY_BONUS_MAX_STREAK_DAY);

/** The prize of one segment on one streak day (rounded down to whole coins and cents). */
export function dailyBonusPrize(streakDay: number, segment: number, goldOnly: boolean): DailyBonusPrize {
  const percent = DAILY_BONUS_DAY_PERCENT[streakDayOf(streakDay) - 1] ?? 100;
  const gold = DAILY_BONUS_BASE_GOLD[segment];
  const sweeps = DAILY_BONUS_BASE_SWEEPS_CENTS[segment];
  if (gold === undefined || sweeps === undefined) throw new Error(`No wheel segment ${segment}`);
  return {
    gold: Math.floor((gold * percent) / 100),
    sweepsCents: goldOnly ? 0 : Math.floor((sweeps * percent) / 100),
  };
}

/** Average prize of a spin on a streak day (every segment is 1/8): Gold Coins and Sweeps cents. */
export function dailyBonusExpectedValue(streakDay: number, goldOnly: boolean): DailyBonusPrize {
  let gold = 0;
  let sweepsCents = 0;
  for (let s = 0; s < DAILY_BONUS_SEGMENTS; s++) {
    const prize = dailyBonusPrize(streakDay, s, goldOnly);
    gold += prize.gold;
    sweepsCents += prize.sweepsCents;
  }
  return { gold: gold / DAILY_BONUS_SEGMENTS, sweepsCents: sweepsCents / DAILY_BONUS_SEGMENTS };
}

// ---------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------
export const DailyBonusPayTableRowSchema = type({
  /** Streak day 1..7 (day 7 is every day from the 7th in a row on). */
  day: integer(),
  /** The 8 segments in wheel order. */
  prizes: array(type({ prize_gld: number(), prize_ghc: number() })),
  /** Average prize of a spin on this day. */
  expected_gld: number(),
  expected_ghc: number(),
});
export type DailyBonusPayTableRow = Infer<typeof DailyBonusPayTableRowSchema>;

/** One spin with what it takes to verify it (docs/fairness.md). */
export const DailyBonusSpinSchema = type({
  claimed_at: string(),
  /** The Eastern Time day of the spin, "YYYY-MM-DD". */
  et_day: string(),
  streak: integer(),
  streak_day: integer(),
  segment: integer(),
  prize_gld: number(),
  prize_ghc: number(),
  gold_only: boolean(),
  server_seed_hash: string(),
  client_seed: string(),
  nonce: integer(),
  /** The server seed once the player rotated away from it (null while it is still in use). */
  server_seed: nullable(string()),
});
export type DailyBonusSpin = Infer<typeof DailyBonusSpinSchema>;

export const DailyBonusStateSchema = type({
  /** The daily_bonus_enabled named property. */
  enabled: boolean(),
  /** True when a spin is allowed now. */
  eligible: boolean(),
  /** The last spin's instant (ISO) and Eastern day ("YYYY-MM-DD"); null before the first. */
  last_claimed_date: nullable(string()),
  last_claimed_day: nullable(string()),
  /** When the next spin is allowed (ISO; the start of today's Eastern day when allowed now). */
  next_eligible_date: string(),
  next_eligible_day: string(),
  seconds_until_eligible: integer(),
  /** Days in a row with a spin, through today or yesterday (0 once a day was missed). */
  current_streak: integer(),
  longest_streak: integer(),
  /** The pay table row the next spin uses. */
  next_streak_day: integer(),
  pay_table: array(DailyBonusPayTableRowSchema),
  /** Today's prize (0 and 0 before today's spin). */
  prize_ghc: number(),
  prize_gld: number(),
  /**
   * The commitment the next spin uses: the SHA-256 of the player's server seed, client seed (null
   * until the player's app has sent one: the spin is refused until then), nonce.
   */
  fairness: type({ server_seed_hash: string(), client_seed: nullable(string()), next_nonce: integer() }),
  last_spin: nullable(DailyBonusSpinSchema),
});
export type DailyBonusState = Infer<typeof DailyBonusStateSchema>;

/** The play call takes no fields: an empty body or `{}`. */
export const DailyBonusPlayRequestSchema = object({});

export const DailyBonusPlayResponseSchema = type({
  prize_ghc: number(),
  prize_gld: number(),
  segment: integer(),
  streak_day: integer(),
  current_streak: integer(),
  longest_streak: integer(),
  next_eligible_date: string(),
  next_eligible_day: string(),
  spin: DailyBonusSpinSchema,
  /** Balances with the prize. */
  balances: BalancesSchema,
  /** Balances before the prize (shown while the wheel turns, then animated to `balances`). */
  pre_prize_balances: BalancesSchema,
});
export type DailyBonusPlayResponse = Infer<typeof DailyBonusPlayResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Errors (answer body `{ code, message, field, extra }` as everywhere)
// ---------------------------------------------------------------------------------------------
export const DAILY_BONUS_ERROR_CODES = {
  /**
   * 409: today's spin was taken; extra { next_eligible_date, next_eligible_day, seconds_until_eligible,
   * and today's outcome: prize_gld, prize_ghc, streak_day, current_streak, claimed_at }.
   */
  DAILY_BONUS_ALREADY_CLAIMED: 'DAILY_BONUS_ALREADY_CLAIMED',
  /** 403: the daily_bonus_enabled property is off. */
  DAILY_BONUS_DISABLED: 'DAILY_BONUS_DISABLED',
} as const;
export type DailyBonusErrorCode = (typeof DAILY_BONUS_ERROR_CODES)[keyof typeof DAILY_BONUS_ERROR_CODES];

export const DAILY_BONUS_TEXTS = {
  title: 'Daily Bonus',
  /** Spec section 8: any failure to load or play. */
  failure: 'There was an error in getting the daily bonus game. Please try again later.',
  /** Spec section 8: the disabled dialog's title. */
  unavailableTitle: 'Daily Bonus Unavailable',
  unavailable: 'The Daily Bonus is not available right now. Please check back later.',
  alreadyClaimed: "You have already spun today's Daily Bonus. The next spin opens at 12:00am Eastern Time.",
  offline: 'The Daily Bonus needs an internet connection. Connect and try again.',
  intro:
    'Spin the wheel once a day, free. Spin on consecutive days (Eastern Time) to grow your streak: each streak day pays more, up to day 7.',
  spin: 'Spin the wheel',
  spinning: 'Spinning…',
} as const;
