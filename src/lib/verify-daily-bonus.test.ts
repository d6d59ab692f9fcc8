import { describe, expect, it } from 'vitest';
import type { DailyBonusSpin } from '../contract/daily-bonus.ts';
import { verifyDailyBonusSpin } from './verify-daily-bonus.ts';

// The worked vector of docs/fairness.md: float 0 is 0.883295497857, so floor(0.8833 × 8) = 7,
// the 8th segment, which pays 800 Gold Coins and 0.20 Sweeps Coins on day 1 (1,600 and 0.40 on day 5).
const SEED = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const spin: DailyBonusSpin = {
  claimed_at: '2026-11-22T17:00:00.000Z',
  et_day: '2026-11-22',
  streak: 1,
  streak_day: 1,
  segment: 7,
  prize_gld: 800,
  prize_ghc: 0.2,
  gold_only: false,
  server_seed_hash: '954d5a49fd70d9b8bcdb35d252267829957f7ef7fa6c74f88419bdc5e82209f4',
  client_seed: 'lucky-player',
  nonce: 1,
  server_seed: SEED,
};

describe('verifying a daily bonus spin with the games check', () => {
  it('verifies the worked vector, on any streak day and in gold-only mode', () => {
    const verified = { kind: 'verified', against: 'none' };
    expect(verifyDailyBonusSpin(spin)).toEqual(verified);
    expect(
      verifyDailyBonusSpin({ ...spin, streak: 9, streak_day: 5, prize_gld: 1600, prize_ghc: 0.4 }),
    ).toEqual(verified);
    expect(verifyDailyBonusSpin({ ...spin, gold_only: true, prize_ghc: 0 })).toEqual(verified);
  });

  it('waits for the seed to be revealed, and catches another segment, prize, nonce or a seed that is not the committed one', () => {
    expect(verifyDailyBonusSpin({ ...spin, server_seed: null })).toEqual({ kind: 'unrevealed' });
    expect(verifyDailyBonusSpin({ ...spin, segment: 5 }).kind).toBe('mismatch');
    expect(verifyDailyBonusSpin({ ...spin, prize_gld: 2000 }).kind).toBe('mismatch');
    expect(verifyDailyBonusSpin({ ...spin, prize_ghc: 0.4 }).kind).toBe('mismatch');
    expect(verifyDailyBonusSpin({ ...spin, nonce: 2 }).kind).toBe('mismatch');
    expect(verifyDailyBonusSpin({ ...spin, server_seed: 'f'.repeat(64) })).toEqual({
      kind: 'mismatch',
      differences: [
        'The revealed server seed does not hash to the commitment the server reports for this round.',
      ],
    });
  });

  it('checks the seed against the commitment kept in this browser before the spin', () => {
    const kept = { kind: 'kept', hash: spin.server_seed_hash } as const;
    expect(verifyDailyBonusSpin(spin, kept)).toEqual({ kind: 'verified', against: 'kept' });
    // A later answer with another seed and its own hash: consistent, but not what was shown.
    const other = { ...spin, server_seed: 'f'.repeat(64), server_seed_hash: 'a'.repeat(64) };
    expect(verifyDailyBonusSpin(other, kept).kind).toBe('commitment-mismatch');
  });
});
