/**
 * The exact return to player of Crown Jewels, from its reel strips and pay table (slots.ts).
 *
 * 1. Every combination of the five stop positions is equally likely (each reel stops at
 *    floor(float * length)). Enumerating all of them gives the paid spin's mean pay B (lines and
 *    scatter, in line bets) and the probability p that it shows 3 or more chests.
 * 2. A free spin uses the same strips, so it pays FREE_SPIN_MULTIPLIER * B on average and
 *    retriggers with the same p. The spins played are a stopping time of the i.i.d. spins, so
 *    (Wald) the feature pays E[free spins played] * multiplier * B. Without the cap the number of
 *    spins solves E = N + p N E, the geometric series E = N / (1 - p N); with the cap it is the
 *    small linear recursion in `expectedFreeSpins`.
 * 3. RTP = (B / lines) * (1 + p * E * multiplier), as a fraction of the total bet.
 *
 * Rounding: the round's win is floor(bet * line bets / 10); for bets that are a multiple of 10
 * minor units that is exact, so the figure holds exactly for them (every bet step is one).
 */
import {
  FREE_SPINS_AWARDED,
  FREE_SPINS_CAP,
  FREE_SPIN_MULTIPLIER,
  LINE_COUNT,
  PAYLINES,
  ROW_COUNT,
  SCATTER_CODE,
  SLOT_SYMBOLS,
  STRIP_CODES,
  scatterUnits,
  scoreLine,
} from './slots.ts';

export interface SlotsRtpFigures {
  /** Stop combinations enumerated (the product of the strip lengths). */
  combinations: number;
  /** Sum over all combinations of the paid spin's pay, in line bets (an exact integer). */
  totalLineBets: number;
  /** Combinations showing 3 or more chests (an exact integer). */
  triggeringCombinations: number;
  /** B: mean pay of one spin without multiplier, in line bets. */
  meanLineBetsPerSpin: number;
  /** p: the chance a spin triggers (or retriggers) the free spins. */
  triggerProbability: number;
  /** E: free spins played after a trigger, cap included. */
  expectedFreeSpins: number;
  /** The same without the cap: N / (1 - p N). */
  expectedFreeSpinsUncapped: number;
  /** Return of the paid spin alone, fraction of the bet. */
  baseReturn: number;
  /** Return of the free-spins feature, fraction of the bet. */
  featureReturn: number;
  /** The whole game, fraction of the bet. */
  rtp: number;
  /** Chance a paid spin wins anything (lines or scatter). */
  hitFrequency: number;
}

/**
 * Expected free spins played once a trigger awarded `awarded` spins: each spin played retriggers
 * with probability p, adding `award` spins up to `cap` in all.
 * f(a, k) = a when k = a (all played); otherwise p f(min(a + award, cap), k + 1) + (1 - p) f(a, k + 1).
 */
export function expectedFreeSpins(p: number, award: number, cap: number): number {
  // f[a][k] for a in 0..cap, k in 0..a; filled from k = cap down to 0.
  const f: number[][] = Array.from({ length: cap + 1 }, (_, a) => new Array<number>(a + 1).fill(0));
  for (let k = cap; k >= 0; k--) {
    for (let a = Math.max(k, 1); a <= cap; a++) {
      const row = f[a] as number[];
      if (k === a) {
        row[k] = a;
        continue;
      }
      const retriggered = Math.min(a + award, cap);
      row[k] = p * ((f[retriggered] as number[])[k + 1] as number) + (1 - p) * (row[k + 1] as number);
    }
  }
  return (f[Math.min(award, cap)] as number[])[0] as number;
}

/** Enumerates every stop combination of the paid spin (about 8 million; a second or two). */
export function computeSlotsRtp(): SlotsRtpFigures {
  const reels = STRIP_CODES.length;
  const lengths = STRIP_CODES.map((strip) => strip.length);
  const symbolCount = SLOT_SYMBOLS.length;
  // The line's pay for every possible tuple of five symbols, from the engine's own scoreLine.
  const tuples = symbolCount ** reels;
  const lineTable = new Int32Array(tuples);
  const tuple = new Int8Array(reels);
  for (let key = 0; key < tuples; key++) {
    let rest = key;
    for (let reel = reels - 1; reel >= 0; reel--) {
      tuple[reel] = rest % symbolCount;
      rest = Math.floor(rest / symbolCount);
    }
    lineTable[key] = Math.floor(scoreLine(tuple) / 256);
  }
  // For each reel and stop: the symbol each payline sees (as its digit of the tuple key) and the chests shown.
  const place = (reel: number): number => symbolCount ** (reels - 1 - reel);
  const lineDigits = STRIP_CODES.map((strip, reel) => {
    const digits = new Int32Array(strip.length * LINE_COUNT);
    for (let stop = 0; stop < strip.length; stop++)
      PAYLINES.forEach((rows, line) => {
        const symbol = strip[(stop + (rows[reel] as number)) % strip.length] as number;
        digits[stop * LINE_COUNT + line] = symbol * place(reel);
      });
    return digits;
  });
  const chests = STRIP_CODES.map((strip) =>
    Int8Array.from({ length: strip.length }, (_, stop) => {
      let n = 0;
      for (let row = 0; row < ROW_COUNT; row++) if (strip[(stop + row) % strip.length] === SCATTER_CODE) n++;
      return n;
    }),
  );

  const [d0, d1, d2, d3, d4] = lineDigits as [Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
  const [c0, c1, c2, c3, c4] = chests as [Int8Array, Int8Array, Int8Array, Int8Array, Int8Array];
  const [l0, l1, l2, l3, l4] = lengths as [number, number, number, number, number];
  const lines = LINE_COUNT;
  const scatterPay = Int32Array.from({ length: reels * ROW_COUNT + 1 }, (_, count) => scatterUnits(count));
  const partial = new Int32Array(lines * 4);
  let totalLineBets = 0;
  let triggering = 0;
  let hits = 0;
  for (let s0 = 0; s0 < l0; s0++) {
    for (let line = 0; line < lines; line++) partial[line] = d0[s0 * lines + line] as number;
    for (let s1 = 0; s1 < l1; s1++) {
      for (let line = 0; line < lines; line++)
        partial[lines + line] = (partial[line] as number) + (d1[s1 * lines + line] as number);
      for (let s2 = 0; s2 < l2; s2++) {
        for (let line = 0; line < lines; line++)
          partial[2 * lines + line] = (partial[lines + line] as number) + (d2[s2 * lines + line] as number);
        for (let s3 = 0; s3 < l3; s3++) {
          for (let line = 0; line < lines; line++)
            partial[3 * lines + line] =
              (partial[2 * lines + line] as number) + (d3[s3 * lines + line] as number);
          const chestsSoFar =
            (c0[s0] as number) + (c1[s1] as number) + (c2[s2] as number) + (c3[s3] as number);
          for (let s4 = 0; s4 < l4; s4++) {
            const chestCount = chestsSoFar + (c4[s4] as number);
            let pay = scatterPay[chestCount] as number;
            const base = s4 * lines;
            for (let line = 0; line < lines; line++)
              pay += lineTable[(partial[3 * lines + line] as number) + (d4[base + line] as number)] as number;
            if (chestCount >= 3) triggering++;
            if (pay > 0) hits++;
            totalLineBets += pay;
          }
        }
      }
    }
  }

  const combinations = lengths.reduce((a, b) => a * b, 1);
  const meanLineBetsPerSpin = totalLineBets / combinations;
  const p = triggering / combinations;
  const expected = expectedFreeSpins(p, FREE_SPINS_AWARDED, FREE_SPINS_CAP);
  const baseReturn = meanLineBetsPerSpin / LINE_COUNT;
  const featureReturn = baseReturn * p * expected * FREE_SPIN_MULTIPLIER;
  return {
    combinations,
    totalLineBets,
    triggeringCombinations: triggering,
    meanLineBetsPerSpin,
    triggerProbability: p,
    expectedFreeSpins: expected,
    expectedFreeSpinsUncapped: FREE_SPINS_AWARDED / (1 - p * FREE_SPINS_AWARDED),
    baseReturn,
    featureReturn,
    rtp: baseReturn + featureReturn,
    hitFrequency: hits / combinations,
  };
}
