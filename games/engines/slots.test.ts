import { describe, expect, it } from 'vitest';
import { replayRound } from './replay.ts';
import { computeSlotsRtp, expectedFreeSpins } from './slots-rtp.ts';
import {
  FREE_SPINS_AWARDED,
  FREE_SPINS_CAP,
  LINE_COUNT,
  PAYLINES,
  REEL_STRIPS,
  SCATTER,
  SLOTS_DECLARED_RTP,
  SLOT_SYMBOLS,
  WILD,
  scoreLine,
  slotsEngine,
  type SlotSymbol,
} from './slots.ts';
import { simulationFloats } from './fair-random.ts';
import { IllegalActionError, type Floats } from './types.ts';

const STRIP_LENGTH = 24;
/** Floats that stop the reels at the given positions, spin after spin (the last set repeats). */
const stopsFloats =
  (...spins: number[][]): Floats =>
  (i) => {
    const spin = spins[Math.min(Math.floor(i / 5), spins.length - 1)] as number[];
    return ((spin[i % 5] as number) + 0.5) / STRIP_LENGTH;
  };
const NOTHING = [0, 0, 0, 0, 0]; // no line win, no chest
const FIVE_DIAMONDS_MIDDLE = [17, 17, 17, 17, 17];
const THREE_CHESTS = [14, 14, 14, 0, 0];

const code = (symbol: SlotSymbol): number => SLOT_SYMBOLS.indexOf(symbol);
const line = (...symbols: SlotSymbol[]) => {
  const score = scoreLine(symbols.map(code));
  return score === 0
    ? null
    : {
        units: Math.floor(score / 256),
        count: Math.floor(score / 16) % 16,
        symbol: SLOT_SYMBOLS[score % 16],
      };
};

describe('Crown Jewels reels and lines', () => {
  it('has 5 strips of 24 with one chest each, and 10 paylines over 3 rows', () => {
    expect(REEL_STRIPS).toHaveLength(5);
    for (const strip of REEL_STRIPS) {
      expect(strip).toHaveLength(STRIP_LENGTH);
      expect(strip.filter((s) => s === SCATTER)).toHaveLength(1);
    }
    expect(PAYLINES).toHaveLength(LINE_COUNT);
    expect(LINE_COUNT).toBe(10);
    expect(new Set(PAYLINES.map((l) => l.join())).size).toBe(10);
    for (const l of PAYLINES) expect(l.every((row) => row >= 0 && row <= 2)).toBe(true);
  });

  it('pays a line from the left, 3 to 5 of a kind', () => {
    expect(line('diamond', 'diamond', 'diamond', 'diamond', 'diamond')).toEqual({
      units: 500,
      count: 5,
      symbol: 'diamond',
    });
    expect(line('jack', 'jack', 'jack', 'ace', 'jack')).toEqual({ units: 3, count: 3, symbol: 'jack' });
    expect(line('jack', 'jack', 'ace', 'jack', 'jack')).toBeNull();
    expect(line('ace', 'jack', 'jack', 'jack', 'jack')).toBeNull();
  });

  it('lets the wild stand in for a line symbol, paying the better reading', () => {
    expect(line(WILD, 'ruby', WILD, 'ruby', 'jack')).toEqual({ units: 75, count: 4, symbol: 'ruby' });
    expect(line(WILD, WILD, 'jack', 'queen', 'queen')).toEqual({ units: 3, count: 3, symbol: 'jack' });
    // Three wilds (50) beat the jacks they would make (5 jacks pay 30).
    expect(line(WILD, WILD, WILD, 'jack', 'jack')).toEqual({ units: 50, count: 3, symbol: WILD });
    // Three wilds and two diamonds: 5 diamonds (500) beat 3 wilds (50).
    expect(line(WILD, WILD, WILD, 'diamond', 'diamond')).toEqual({ units: 500, count: 5, symbol: 'diamond' });
    expect(line(WILD, WILD, WILD, WILD, WILD)).toEqual({ units: 1000, count: 5, symbol: WILD });
  });

  it('never substitutes the wild for the chest', () => {
    expect(line(WILD, WILD, SCATTER, SCATTER, SCATTER)).toBeNull();
    expect(line(SCATTER, SCATTER, SCATTER, WILD, WILD)).toBeNull();
    expect(line(WILD, WILD, WILD, SCATTER, 'jack')).toEqual({ units: 50, count: 3, symbol: WILD });
  });
});

describe('Crown Jewels spins', () => {
  it('stops reel i at floor(float * 24) and shows that position and the two below it', () => {
    const state = slotsEngine.start({ betMinor: 100, options: {} }, stopsFloats(FIVE_DIAMONDS_MIDDLE));
    const [spin] = state.spins;
    expect(spin?.stops).toEqual(FIVE_DIAMONDS_MIDDLE);
    REEL_STRIPS.forEach((strip, reel) =>
      expect(spin?.window[reel]).toEqual([strip[17], strip[18], strip[19]]),
    );
    expect(spin?.lineWins).toEqual([{ line: 1, symbol: 'diamond', count: 5, lineBets: 500, winMinor: 5000 }]);
    expect(state.winMinor).toBe(5000);
    expect(state.spins).toHaveLength(1);
    expect(state.floatsUsed).toBe(5);
  });

  it('pays nothing on a losing spin', () => {
    const state = slotsEngine.start({ betMinor: 100, options: {} }, stopsFloats(NOTHING));
    expect(state.winMinor).toBe(0);
    expect(slotsEngine.won(state)).toBe(0);
    expect(slotsEngine.staked(state)).toBe(100);
    expect(slotsEngine.finished(state)).toBe(true);
  });

  it('3 chests pay twice the bet and play 8 free spins at double pays on the continuing stream', () => {
    const state = slotsEngine.start(
      { betMinor: 100, options: {} },
      stopsFloats(THREE_CHESTS, FIVE_DIAMONDS_MIDDLE),
    );
    expect(state.spins).toHaveLength(1 + FREE_SPINS_AWARDED);
    expect(state.spins[0]).toMatchObject({
      kind: 'spin',
      scatterCount: 3,
      scatterWinMinor: 200,
      freeSpinsAwarded: 8,
    });
    for (const free of state.spins.slice(1)) {
      expect(free).toMatchObject({
        kind: 'free_spin',
        multiplier: 2,
        winMinor: 10_000,
        stops: FIVE_DIAMONDS_MIDDLE,
      });
    }
    expect(state.freeSpinsAwarded).toBe(8);
    expect(state.totalLineBets).toBe(20 + 8 * 1000);
    expect(state.winMinor).toBe(200 + 8 * 10_000);
    expect(state.floatsUsed).toBe(45);
  });

  it('retriggers during free spins but awards no more than 96 free spins in all', () => {
    const state = slotsEngine.start({ betMinor: 100, options: {} }, stopsFloats(THREE_CHESTS));
    expect(state.freeSpinsAwarded).toBe(FREE_SPINS_CAP);
    expect(state.spins).toHaveLength(1 + FREE_SPINS_CAP);
    expect(state.spins.filter((s) => s.freeSpinsAwarded > 0)).toHaveLength(
      FREE_SPINS_CAP / FREE_SPINS_AWARDED,
    );
  });

  it('rounds the win down once over the round for a bet that is not a multiple of 10', () => {
    const floats = simulationFloats(3);
    let checked = 0;
    for (let n = 0; checked < 20 && n < 10_000; n++) {
      const f: Floats = (i) => floats(n * 1000 + i);
      const state = slotsEngine.start({ betMinor: 15, options: {} }, f);
      if ((15 * state.totalLineBets) % 10 === 0) continue;
      checked++;
      expect(state.winMinor).toBe(Math.floor((15 * state.totalLineBets) / 10));
      expect(state.winMinor).toBeLessThan((15 * state.totalLineBets) / 10);
    }
    expect(checked).toBe(20);
  });

  it('the round total is the sum of its line and scatter wins for bets that divide evenly', () => {
    const floats = simulationFloats(7);
    for (let n = 0; n < 200; n++) {
      const f: Floats = (i) => floats(n * 1000 + i);
      const state = slotsEngine.start({ betMinor: 50, options: {} }, f);
      const sum = state.spins.reduce(
        (total, spin) => total + spin.scatterWinMinor + spin.lineWins.reduce((a, w) => a + w.winMinor, 0),
        0,
      );
      expect(sum).toBe(state.winMinor);
      expect(state.spins.reduce((a, s) => a + s.winMinor, 0)).toBe(state.winMinor);
    }
  });

  it('is deterministic and replays to the same state', () => {
    const floats = simulationFloats(99);
    const state = slotsEngine.start({ betMinor: 200, options: {} }, floats);
    expect(
      replayRound(slotsEngine, { betMinor: 200, options: {}, actions: [] }, simulationFloats(99)),
    ).toEqual(state);
    expect(slotsEngine.view(state)).toEqual(state);
    expect(slotsEngine.steps(state).map((s) => s.kind)).toEqual(state.spins.map((s) => s.kind));
  });

  it('refuses actions, options and bad bets', () => {
    const state = slotsEngine.start({ betMinor: 100, options: {} }, stopsFloats(NOTHING));
    expect(() => slotsEngine.parseAction({ type: 'spin' })).toThrow(IllegalActionError);
    expect(() => slotsEngine.act(state, undefined as never, stopsFloats(NOTHING))).toThrow(
      IllegalActionError,
    );
    expect(() => slotsEngine.defaultAction(state)).toThrow(IllegalActionError);
    expect(slotsEngine.parseOptions(undefined)).toEqual({});
    expect(slotsEngine.parseOptions({})).toEqual({});
    expect(() => slotsEngine.parseOptions({ lines: 5 })).toThrow(IllegalActionError);
    for (const bet of [0, -10, 1.5, Number.NaN])
      expect(() => slotsEngine.start({ betMinor: bet, options: {} }, stopsFloats(NOTHING))).toThrow(
        IllegalActionError,
      );
  });
});

describe('Crown Jewels return to player', () => {
  it('declares the RTP computed exactly from the strips and pay table (to 0.01 %), between 94 % and 97 %', () => {
    const figures = computeSlotsRtp();
    expect(figures.combinations).toBe(24 ** 5);
    expect(Math.abs(SLOTS_DECLARED_RTP - figures.rtp * 100)).toBeLessThan(0.01);
    expect(SLOTS_DECLARED_RTP).toBeGreaterThanOrEqual(94);
    expect(SLOTS_DECLARED_RTP).toBeLessThanOrEqual(97);
    expect(figures.baseReturn + figures.featureReturn).toBeCloseTo(figures.rtp, 12);
    // The cap barely matters: the capped expectation sits just under the geometric series.
    expect(figures.expectedFreeSpins).toBeLessThanOrEqual(figures.expectedFreeSpinsUncapped);
    expect(figures.expectedFreeSpinsUncapped - figures.expectedFreeSpins).toBeLessThan(1e-6);
  });

  it('solves the free spins played: N / (1 - pN) without a cap, and exact small cases with one', () => {
    expect(expectedFreeSpins(0.05, 8, 800)).toBeCloseTo(8 / (1 - 0.4), 9);
    expect(expectedFreeSpins(0.3, 8, 8)).toBe(8);
    // Cap 16: 16 unless no retrigger in the first 8 spins.
    expect(expectedFreeSpins(0.1, 8, 16)).toBeCloseTo(8 + 8 * (1 - 0.9 ** 8), 12);
  });
});
