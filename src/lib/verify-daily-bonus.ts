/**
 * Verifies a Daily Bonus spin the way a game round is verified (verify-round.ts): the revealed
 * server seed must hash to the commitment this browser kept for the spin (fair-commitments.ts;
 * the server's reported one when it kept none), and the wheel engine re-run on fairFloats(seed, client
 * seed, nonce) must land on the same segment with the same prizes. The spin is handed to the
 * games' check as a finished round of the wheel engine (nothing staked, the Gold prize won).
 */
import { dailyBonusWheelEngine, DAILY_BONUS_ENGINE_ID } from '../../games/engines/daily-bonus-wheel.ts';
import type { DailyBonusSpin } from '../contract/daily-bonus.ts';
import type { RecalledRound } from '../contract/games.ts';
import { displayToMinor } from '../contract/money.ts';
import { spinRoundId, type KeptEvidence } from './fair-commitments.ts';
import { verifyRound, type VerifiableEngine, type VerifyOutcome } from './verify-round.ts';

/** The spin as the round recall would show it. */
export function spinAsRound(spin: DailyBonusSpin): RecalledRound {
  const state = {
    streak_day: spin.streak_day,
    gold_only: spin.gold_only,
    segment: spin.segment,
    prize_gld: spin.prize_gld,
    prize_ghc_cents: displayToMinor('sweeps', spin.prize_ghc),
  };
  return {
    id: spinRoundId(spin),
    game_id: DAILY_BONUS_ENGINE_ID,
    game_name: 'Daily Bonus',
    currency: 'gold',
    bet: 0,
    win: spin.prize_gld,
    status: 'finished',
    state,
    nonce: spin.nonce,
    server_seed_hash: spin.server_seed_hash,
    client_seed: spin.client_seed,
    created_at: spin.claimed_at,
    finished_at: spin.claimed_at,
    auto_completed: false,
    base_bet_minor: 0,
    balance_before: 0,
    balance_after: null,
    options: { streak_day: spin.streak_day, gold_only: spin.gold_only },
    actions: [],
    steps: dailyBonusWheelEngine.steps(state),
    final_state: state,
    server_seed: spin.server_seed,
  };
}

export const verifyDailyBonusSpin = (spin: DailyBonusSpin, kept?: KeptEvidence): VerifyOutcome =>
  verifyRound(spinAsRound(spin), dailyBonusWheelEngine as unknown as VerifiableEngine, kept);
