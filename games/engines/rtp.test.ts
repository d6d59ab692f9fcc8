/**
 * Every simulated house game returns its declared RTP: 10^6 rounds each through the real engine
 * (simulateGame, the loop `npm run games:rtp` runs), and the declared figure must lie inside the
 * measured 99 % interval. The seed is fixed, so the test gives the same answer every run.
 * RTP_TEST_ROUNDS lowers the count for a quick local look (Klondike's house strategy takes about
 * 2 minutes of CPU for 10^6 rounds; the other games seconds). Far fewer rounds can fail for a
 * heavy-tailed game: a scratch card's 1,000x prize comes once in 100,000 tickets, and a sample
 * without it has both a low mean and a too-narrow interval (the normal approximation needs n large).
 */
import { describe, expect, it } from 'vitest';
import { EXPERT_SIMULATIONS, SIMULATIONS, roundSeed, simulateGame } from './simulations.ts';

const ROUNDS = Number(
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.RTP_TEST_ROUNDS ??
    1_000_000,
);
const SEED = 20_261_122;

describe('declared RTP inside the 99 % interval of 10^6 simulated rounds', () => {
  for (const [gameId, game] of Object.entries(SIMULATIONS)) {
    it(gameId, { timeout: 1_200_000 }, () => {
      const result = simulateGame(gameId, game, ROUNDS, SEED);
      expect(result.rounds).toBe(ROUNDS);
      expect(result.declaredRtp).toBeGreaterThanOrEqual(result.interval99[0]);
      expect(result.declaredRtp).toBeLessThanOrEqual(result.interval99[1]);
      expect(result.inside).toBe(true);
    });
  }
});

describe('simulation seeds', () => {
  it('gives every round of a run its own seed', () => {
    const seeds = new Set<number>();
    for (let i = 0; i < 100_000; i++) seeds.add(roundSeed(SEED, i));
    expect(seeds.size).toBe(100_000);
  });

  it('interval: a game paying its stake back every round measures exactly 100 % with zero width', () => {
    const result = simulateGame(
      'even',
      { declaredRtp: 100, betMinor: 10, playOneRound: () => ({ staked: 10, won: 10 }) },
      1000,
      1,
    );
    expect(result.measuredRtp).toBe(100);
    expect(result.interval99).toEqual([100, 100]);
    expect(result.inside).toBe(true);
  });

  it('interval: a fair coin paying 2x measures near 100 % with half-width 2.576 / sqrt(n)', () => {
    const result = simulateGame(
      'coin',
      {
        declaredRtp: 100,
        betMinor: 1,
        playOneRound: (floats) => ({ staked: 1, won: floats(0) < 0.5 ? 2 : 0 }),
      },
      40_000,
      3,
    );
    const halfWidth = (result.interval99[1] - result.interval99[0]) / 2;
    expect(halfWidth).toBeCloseTo((2.5758 * 100) / Math.sqrt(40_000), 1);
    expect(result.inside).toBe(true);
  });

  it('counts the return per base bet when the stake grows (a doubled hand)', () => {
    const result = simulateGame(
      'double',
      { declaredRtp: 100, betMinor: 10, playOneRound: () => ({ staked: 20, won: 30 }) },
      10,
      1,
    );
    expect(result.measuredRtp).toBe(200);
    expect(result.wonOverStaked).toBe(150);
  });
});

/**
 * Klondike's return depends on skill, so its pay table is priced against the strongest player we
 * built (solitaire-expert.ts): the upper end of that player's 99 % interval must stay below 100 %,
 * and the expert figure the rules publish must lie inside it. EXPERT_TEST_ROUNDS rounds (about
 * 0.2 s each: the player searches six moves ahead at every turn).
 */
const EXPERT_ROUNDS = Number(
  (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.EXPERT_TEST_ROUNDS ??
    600,
);

describe('skill games: the strongest player we built stays below the ceiling', () => {
  for (const [gameId, expert] of Object.entries(EXPERT_SIMULATIONS)) {
    it(`${gameId} (${expert.player})`, { timeout: 1_200_000 }, () => {
      const result = simulateGame(gameId, expert, EXPERT_ROUNDS, SEED);
      expect(result.interval99[1]).toBeLessThan(expert.ceilingRtp);
      expect(result.inside).toBe(true);
    });
  }
});
