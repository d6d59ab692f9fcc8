/**
 * The Daily Bonus (docs/daily-bonus.md): the player's state and the spin.
 *
 * A spin runs in the caller's wallet transaction (READ COMMITTED). It first locks the player's
 * row, so a player's spins run one after another on every server instance: the check for today's
 * spin, read after the lock, sees any spin committed before it, and a burst of requests credits
 * once. Two more guards hold whatever the order: the unique (user_id, et_day) key of
 * daily_bonus_claims, and the ledger key derived from the player and the Eastern day (not from
 * the request), so even a different Idempotency-Key cannot credit a day twice.
 *
 * The prize is decided like a house game round: the player's active fair seed is locked, the next
 * nonce taken, and the wheel engine (games/engines/daily-bonus-wheel.ts) run on its floats.
 */
import {
  DAILY_BONUS_SEGMENTS,
  dailyBonusExpectedValue,
  dailyBonusPrize,
  DAILY_BONUS_MAX_STREAK_DAY,
  streakDayOf,
  type DailyBonusPayTableRow,
  type DailyBonusPlayResponse,
  type DailyBonusSpin,
  type DailyBonusState,
} from '../../../src/contract/daily-bonus.ts';
import { isTrue, PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import { fairFloats } from '../../../games/engines/fair-random.ts';
import { spinDailyBonusWheel } from '../../../games/engines/daily-bonus-wheel.ts';
import type { Queryable } from '../../db/driver.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { activeSeed, roundSeed, takeNonce } from '../games/public.ts';
import { readProperties } from '../../core/properties.ts';
import { readBalances } from '../../core/ledger/balances.ts';
import { creditCoins } from '../../core/ledger/ledger.ts';
import { easternDay, nextEasternMidnight, previousDay, startOfEasternDay } from './bonus-days.ts';
import { dailyBonusErrors } from './daily-bonus-errors.ts';

const cents = (minor: number): number => Math.round(minor) / 100;

/** The pay table as answered (Sweeps in coins with cents; 0 in gold-only mode). */
export function payTable(goldOnly: boolean): DailyBonusPayTableRow[] {
  const rows: DailyBonusPayTableRow[] = [];
  for (let day = 1; day <= DAILY_BONUS_MAX_STREAK_DAY; day++) {
    const prizes = [];
    for (let s = 0; s < DAILY_BONUS_SEGMENTS; s++) {
      const p = dailyBonusPrize(day, s, goldOnly);
      prizes.push({ prize_gld: p.gold, prize_ghc: cents(p.sweepsCents) });
    }
    const ev = dailyBonusExpectedValue(day, goldOnly);
    rows.push({ day, prizes, expected_gld: ev.gold, expected_ghc: ev.sweepsCents / 100 });
  }
  return rows;
}

export async function dailyBonusEnabled(tx: Queryable): Promise<boolean> {
  const [row] = await readProperties(tx, [PROPERTY_NAMES.dailyBonusEnabled], {});
  return isTrue(row?.value);
}

type ClaimRow = {
  et_day: string;
  claimed_at: Date | string;
  streak: number | string;
  streak_day: number | string;
  segment: number | string;
  prize_gold: number | string;
  prize_sweeps_cents: number | string;
  gold_only: boolean;
  server_seed_hash: string;
  client_seed: string;
  nonce: number | string;
  server_seed: string | null;
};

async function lastSpin(tx: Queryable, userId: string): Promise<DailyBonusSpin | null> {
  const rows = await tx.query<ClaimRow>(
    `SELECT c.et_day::text AS et_day, c.claimed_at, c.streak, c.streak_day, c.segment, c.prize_gold,
            c.prize_sweeps_cents, c.gold_only, s.server_seed_hash, c.client_seed, c.nonce,
            CASE WHEN s.revealed_at IS NOT NULL THEN s.server_seed END AS server_seed
       FROM daily_bonus_claims c JOIN fair_seeds s ON s.id = c.server_seed_id
      WHERE c.user_id = $1 ORDER BY c.et_day DESC LIMIT 1`,
    [userId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    claimed_at: new Date(r.claimed_at).toISOString(),
    et_day: r.et_day,
    streak: Number(r.streak),
    streak_day: Number(r.streak_day),
    segment: Number(r.segment),
    prize_gld: Number(r.prize_gold),
    prize_ghc: cents(Number(r.prize_sweeps_cents)),
    gold_only: r.gold_only,
    server_seed_hash: r.server_seed_hash,
    client_seed: r.client_seed,
    nonce: Number(r.nonce),
    server_seed: r.server_seed,
  };
}

async function longestStreak(tx: Queryable, userId: string): Promise<number> {
  const rows = await tx.query<{ longest: number | string | null }>(
    'SELECT max(streak) AS longest FROM daily_bonus_claims WHERE user_id = $1',
    [userId],
  );
  return Number(rows[0]?.longest ?? 0);
}

/** The streak a spin today continues: the last spin's, when it was yesterday (or today). */
const liveStreak = (last: DailyBonusSpin | null, today: string): number =>
  last && (last.et_day === today || last.et_day === previousDay(today)) ? last.streak : 0;

export async function readDailyBonusState(
  tx: Queryable,
  input: { userId: string; nowMs: number; goldOnly: boolean },
): Promise<DailyBonusState> {
  const { userId, nowMs, goldOnly } = input;
  const enabled = await dailyBonusEnabled(tx);
  const today = easternDay(nowMs);
  const last = await lastSpin(tx, userId);
  // A spin dated after today only exists if the clock went back: it counts as today's.
  const spunToday = last !== null && last.et_day >= today;
  const nextMs = spunToday ? nextEasternMidnight(nowMs) : startOfEasternDay(nowMs);
  const streak = liveStreak(last, today);
  const seed = await activeSeed(tx, userId, nowMs, { lock: false });
  return {
    enabled,
    eligible: enabled && !spunToday,
    last_claimed_date: last?.claimed_at ?? null,
    last_claimed_day: last?.et_day ?? null,
    next_eligible_date: new Date(nextMs).toISOString(),
    next_eligible_day: easternDay(nextMs),
    seconds_until_eligible: spunToday ? Math.max(1, Math.ceil((nextMs - nowMs) / 1000)) : 0,
    current_streak: streak,
    longest_streak: await longestStreak(tx, userId),
    next_streak_day: streakDayOf(streak + 1),
    pay_table: payTable(goldOnly),
    prize_ghc: spunToday && last ? last.prize_ghc : 0,
    prize_gld: spunToday && last ? last.prize_gld : 0,
    fairness: {
      server_seed_hash: seed.server_seed_hash,
      client_seed: seed.client_seed,
      next_nonce: seed.next_nonce,
    },
    last_spin: last,
  };
}

/** Spins the wheel for today and credits the prize (ledger kind 'bonus'). */
export async function claimDailyBonus(
  tx: Queryable,
  input: { userId: string; nowMs: number; goldOnly: boolean },
): Promise<DailyBonusPlayResponse> {
  const { userId, nowMs, goldOnly } = input;
  await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
  if (!(await dailyBonusEnabled(tx))) throw dailyBonusErrors.disabled();
  await assertMayAct(tx, userId, 'bonus', nowMs);

  const today = easternDay(nowMs);
  const last = await lastSpin(tx, userId);
  if (last && last.et_day >= today) throw dailyBonusErrors.alreadyClaimed(nowMs, last);
  const streak = liveStreak(last, today) + 1;
  const streakDay = streakDayOf(streak);

  const seed = await roundSeed(tx, userId, nowMs);
  const nonce = await takeNonce(tx, seed);
  const spin = spinDailyBonusWheel(
    { streak_day: streakDay, gold_only: goldOnly },
    fairFloats(seed.server_seed, seed.client_seed, nonce),
  );

  const prePrizeBalances = await readBalances(tx, userId);
  const claimedAt = new Date(nowMs).toISOString();
  await creditCoins(tx, {
    userId,
    goldCoins: spin.prize_gld,
    sweepsCents: spin.prize_ghc_cents,
    sweepsBucket: 'free',
    kind: 'bonus',
    reference: `daily-bonus:${today}`,
    requestKey: `daily-bonus:${userId}:${today}`,
    description: `Daily Bonus (streak day ${streakDay})`,
    createdAt: claimedAt,
  });
  await tx.query(
    `INSERT INTO daily_bonus_claims (user_id, et_day, claimed_at, streak, streak_day, segment, prize_gold,
       prize_sweeps_cents, gold_only, server_seed_id, client_seed, nonce)
     VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      userId,
      today,
      claimedAt,
      streak,
      streakDay,
      spin.segment,
      spin.prize_gld,
      spin.prize_ghc_cents,
      goldOnly,
      seed.id,
      seed.client_seed,
      nonce,
    ],
  );
  const next = nextEasternMidnight(nowMs);
  return {
    prize_ghc: cents(spin.prize_ghc_cents),
    prize_gld: spin.prize_gld,
    segment: spin.segment,
    streak_day: streakDay,
    current_streak: streak,
    longest_streak: await longestStreak(tx, userId),
    next_eligible_date: new Date(next).toISOString(),
    next_eligible_day: easternDay(next),
    spin: {
      claimed_at: claimedAt,
      et_day: today,
      streak,
      streak_day: streakDay,
      segment: spin.segment,
      prize_gld: spin.prize_gld,
      prize_ghc: cents(spin.prize_ghc_cents),
      gold_only: goldOnly,
      server_seed_hash: seed.server_seed_hash,
      client_seed: seed.client_seed,
      nonce,
      server_seed: null,
    },
    balances: await readBalances(tx, userId),
    pre_prize_balances: prePrizeBalances,
  };
}
