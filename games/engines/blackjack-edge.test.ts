import { describe, expect, it } from 'vitest';
import { computeHouseEdge, dealerOutcomes, expectedSplitHands } from './blackjack-edge.ts';
import { basicStrategy, playOneRound, strategyChart } from './blackjack-strategy.ts';
import type { Floats } from './types.ts';

/** The published house edge for an unlimited deck, S17, DAS, late surrender, 3:2 (two decimals). */
const PUBLISHED_EDGE_PERCENT = 0.43;
const Z_99 = 2.5758;

/** sfc32: a fast seeded stream for the simulation, read one round at a time. */
function roundStreams(seed: readonly [number, number, number, number]) {
  let [a, b, c, d] = seed;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 20; i++) next();
  const buffer: number[] = [];
  const floats: Floats = (index) => {
    while (buffer.length <= index) buffer.push(next());
    return buffer[index] as number;
  };
  return {
    /** A fresh round: the floats already read are dropped. */
    nextRound(): Floats {
      buffer.length = 0;
      return floats;
    },
  };
}

describe('blackjack house edge (unlimited deck, exact)', () => {
  it('dealer outcomes sum to 1 and bust rates match the published unlimited-deck S17 figures', () => {
    for (let up = 1; up <= 10; up++) {
      const sum = dealerOutcomes(up).reduce((a, b) => a + b, 0);
      expect(sum).toBeCloseTo(1, 12);
    }
    const published: Record<number, number> = {
      2: 0.3536,
      3: 0.3739,
      4: 0.3945,
      5: 0.4164,
      6: 0.4232,
      7: 0.2623,
      8: 0.2447,
    };
    for (const [up, bust] of Object.entries(published))
      expect(Math.abs((dealerOutcomes(Number(up))[5] as number) - bust)).toBeLessThan(0.0001);
  });

  it('split hand counts: no resplit chance gives exactly 2 hands; resplits add up to at most 4', () => {
    expect(expectedSplitHands(0)).toEqual({ other: 2, capped: 0 });
    const tens = expectedSplitHands(4 / 13);
    expect(tens.other + tens.capped).toBeGreaterThan(2);
    expect(tens.other + tens.capped).toBeLessThan(4);
    // Every card a pair card: 4 hands, the last two dealt the pair card after the cap.
    expect(expectedSplitHands(1)).toEqual({ other: 0, capped: 4 });
  });

  it('the computed edge is 0.426 %, which is the published 0.43 % to its two decimals', () => {
    const { houseEdgePercent } = computeHouseEdge();
    expect(houseEdgePercent).toBeGreaterThanOrEqual(PUBLISHED_EDGE_PERCENT - 0.005);
    expect(houseEdgePercent).toBeLessThan(PUBLISHED_EDGE_PERCENT + 0.005);
    expect(houseEdgePercent).toBeCloseTo(0.4262, 4);
  });

  it('the expected stake is 1.1318 initial bets, so the RTP as paid back / staked is 99.623 %', () => {
    const { expectedStake, rtpPercent } = computeHouseEdge();
    expect(expectedStake).toBeCloseTo(1.13179, 5);
    expect(rtpPercent).toBeCloseTo(99.6234, 4);
  });

  it('the derived strategy is the familiar chart (surrender 16 v 9/10/A, 15 v 10, stand A8 v 6 under S17)', () => {
    const chart = strategyChart();
    const col = (up: string) => ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A'].indexOf(up);
    expect(chart.hard[16]?.slice(col('9'))).toEqual(['R', 'R', 'R']);
    expect(chart.hard[15]?.[col('T')]).toBe('R');
    expect(chart.hard[15]?.[col('A')]).toBe('H');
    expect(chart.hard[11]?.[col('A')]).toBe('H');
    expect(chart.hard[12]?.slice(0, 5)).toEqual(['H', 'H', 'S', 'S', 'S']);
    expect(chart.soft[19]?.[col('6')]).toBe('S');
    expect(chart.soft[18]?.slice(0, 9)).toEqual(['S', 'Ds', 'Ds', 'Ds', 'Ds', 'S', 'S', 'H', 'H']);
    expect(chart.pairs['8,8']).toEqual(Array(10).fill('P'));
    expect(chart.pairs['A,A']).toEqual(Array(10).fill('P'));
    expect(chart.pairs['T,T']).toEqual(Array(10).fill('S'));
    expect(chart.pairs['9,9']?.[col('7')]).toBe('S');
    expect(chart.pairs['4,4']?.slice(3, 5)).toEqual(['P', 'P']);
  });

  it('the strategy declines insurance and picks only allowed moves', () => {
    expect(basicStrategy(['TC', '6D'], 'AS', ['insurance'])).toEqual({ type: 'insurance', take: false });
    expect(basicStrategy(['TC', '6D'], 'TS', ['hit', 'stand', 'double', 'surrender'])).toEqual({
      type: 'surrender',
    });
    expect(basicStrategy(['TC', '6D'], 'TS', ['hit', 'stand'])).toEqual({ type: 'hit' });
    expect(basicStrategy(['6C', '5D'], '6S', ['hit', 'stand', 'double'])).toEqual({ type: 'double' });
  });
});

describe('blackjack house edge (simulation through the engine)', () => {
  it('10^6 rounds with basic strategy: the 99 % intervals of the edge, the stake and the RTP contain the computed ones', () => {
    const rounds = 1_000_000;
    const bet = 100;
    const streams = roundStreams([1, 2, 3, 4]);
    const results = new Float64Array(rounds);
    const stakes = new Float64Array(rounds);
    for (let i = 0; i < rounds; i++) {
      const { staked, won } = playOneRound(streams.nextRound(), bet);
      results[i] = (won - staked) / bet;
      stakes[i] = staked / bet;
    }
    const { houseEdgePercent, expectedStake, rtpPercent } = computeHouseEdge();
    const meanAndHalfWidth = (values: Float64Array) => {
      let sum = 0;
      let sumSquares = 0;
      for (const value of values) {
        sum += value;
        sumSquares += value * value;
      }
      const mean = sum / values.length;
      const sd = Math.sqrt(sumSquares / values.length - mean * mean);
      return { mean, halfWidth: (Z_99 * sd) / Math.sqrt(values.length) };
    };

    // House edge per initial bet.
    const edge = meanAndHalfWidth(results);
    expect(Math.abs(-edge.mean * 100 - houseEdgePercent)).toBeLessThan(edge.halfWidth * 100);
    // The interval is narrow enough to mean something (about +/- 0.3 %).
    expect(edge.halfWidth * 100).toBeLessThan(0.35);

    // Stake per initial bet (doubles and splits).
    const stake = meanAndHalfWidth(stakes);
    expect(Math.abs(stake.mean - expectedStake)).toBeLessThan(stake.halfWidth);

    // RTP as paid back / staked: a ratio, its interval from the residuals won - R * staked.
    const ratio = 1 + edge.mean / stake.mean;
    const residuals = results.map((result, i) => result + (stakes[i] as number) * (1 - ratio));
    const residual = meanAndHalfWidth(residuals);
    expect(Math.abs(ratio * 100 - rtpPercent)).toBeLessThan((residual.halfWidth / stake.mean) * 100);
  }, 120_000);
});
