/**
 * The Daily Bonus pay table as published: the expected value of each streak day computed from the
 * table in the code, and the player-facing rules (Official Game Rules, section 8) and
 * docs/daily-bonus.md stating exactly those prizes and averages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DAILY_BONUS_BASE_GOLD,
  DAILY_BONUS_BASE_SWEEPS_CENTS,
  DAILY_BONUS_DAY_PERCENT,
  DAILY_BONUS_MAX_STREAK_DAY,
  DAILY_BONUS_SEGMENTS,
  dailyBonusExpectedValue,
  dailyBonusPrize,
  streakDayOf,
} from '../../../src/contract/daily-bonus.ts';
import { spinDailyBonusWheel, wheelSegmentOf } from '../../../games/engines/daily-bonus-wheel.ts';
import { simulationFloats } from '../../../games/engines/fair-random.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const GAME_RULES = read('../legal/documents/game-rules.md');
const DOC = read('../../../docs/daily-bonus.md');

/** "1,087.5" -> 1087.5 */
const num = (text: string): number => Number(text.replace(/,/g, ''));
const fmt = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 4 });

/** Mean of the 8 segments, computed here from the table (not with the contract's helper). */
function meanOfDay(day: number): { gold: number; sweeps: number } {
  let gold = 0;
  let cents = 0;
  for (let s = 0; s < DAILY_BONUS_SEGMENTS; s++) {
    gold += Math.floor((DAILY_BONUS_BASE_GOLD[s]! * DAILY_BONUS_DAY_PERCENT[day - 1]!) / 100);
    cents += Math.floor((DAILY_BONUS_BASE_SWEEPS_CENTS[s]! * DAILY_BONUS_DAY_PERCENT[day - 1]!) / 100);
  }
  return { gold: gold / DAILY_BONUS_SEGMENTS, sweeps: cents / DAILY_BONUS_SEGMENTS / 100 };
}

describe('the daily bonus pay table', () => {
  it('has 8 segments, prizes rising with the streak day and capped at day 7, exact in whole coins and cents', () => {
    expect(DAILY_BONUS_BASE_GOLD).toHaveLength(8);
    expect(DAILY_BONUS_BASE_SWEEPS_CENTS).toHaveLength(8);
    expect(DAILY_BONUS_DAY_PERCENT).toHaveLength(DAILY_BONUS_MAX_STREAK_DAY);
    for (let day = 2; day <= 7; day++)
      for (let s = 0; s < 8; s++) {
        const today = dailyBonusPrize(day, s, false);
        const before = dailyBonusPrize(day - 1, s, false);
        expect(today.gold).toBeGreaterThan(before.gold);
        expect(today.sweepsCents).toBeGreaterThan(before.sweepsCents);
        // No rounding happens with these prizes: the published shares are exact.
        expect(today.gold * 100).toBe(DAILY_BONUS_BASE_GOLD[s]! * DAILY_BONUS_DAY_PERCENT[day - 1]!);
        expect(today.sweepsCents * 100).toBe(
          DAILY_BONUS_BASE_SWEEPS_CENTS[s]! * DAILY_BONUS_DAY_PERCENT[day - 1]!,
        );
      }
    expect([1, 6, 7, 8, 30, 365].map(streakDayOf)).toEqual([1, 6, 7, 7, 7, 7]);
    expect(dailyBonusPrize(9, 5, false)).toEqual(dailyBonusPrize(7, 5, false));
    expect(dailyBonusPrize(3, 5, true).sweepsCents).toBe(0);
  });

  it('expected values: 725 GC + 0.15 SC on day 1 up to 2,175 GC + 0.45 SC from day 7, and a simulated million spins agree', () => {
    const means = Array.from({ length: 7 }, (_, i) => meanOfDay(i + 1));
    expect(means[0]).toEqual({ gold: 725, sweeps: 0.15 });
    expect(means[6]).toEqual({ gold: 2175, sweeps: 0.45 });
    for (let day = 1; day <= 7; day++) {
      const ev = dailyBonusExpectedValue(day, false);
      expect(ev.gold).toBe(means[day - 1]!.gold);
      expect(ev.sweepsCents / 100).toBeCloseTo(means[day - 1]!.sweeps, 10);
    }
    const week = means.reduce((a, m) => ({ gold: a.gold + m.gold, sweeps: a.sweeps + m.sweeps }), {
      gold: 0,
      sweeps: 0,
    });
    expect(week.gold).toBe(9425);
    expect(week.sweeps).toBeCloseTo(1.95, 10);

    // The segment mapping is uniform: each segment within 1 % of 1/8 over a million spins.
    const floats = simulationFloats(20_261_122);
    const counts = new Array<number>(8).fill(0);
    let gold = 0;
    const N = 1_000_000;
    for (let i = 0; i < N; i++) {
      const f = floats(i);
      counts[wheelSegmentOf(f)]! += 1;
      gold += spinDailyBonusWheel({ streak_day: 1, gold_only: false }, () => f).prize_gld;
    }
    for (const c of counts) expect(Math.abs(c / N - 1 / 8)).toBeLessThan(0.00125);
    expect(Math.abs(gold / N - 725) / 725).toBeLessThan(0.01);
  });

  it('the Official Game Rules state the base prizes, the shares and the average of every streak day', () => {
    const section = GAME_RULES.slice(
      GAME_RULES.indexOf('## 8. Daily Bonus wheel'),
      GAME_RULES.indexOf('## 9.'),
    );
    expect(section).toContain('8 equal segments');
    const base = [...section.matchAll(/segment (\d): ([\d,]+) Gold Coins and ([\d.]+) Sweeps Coins/g)];
    expect(base.map((m) => [Number(m[1]), num(m[2]!), Math.round(Number(m[3]) * 100)])).toEqual(
      DAILY_BONUS_BASE_GOLD.map((g, i) => [i + 1, g, DAILY_BONUS_BASE_SWEEPS_CENTS[i]]),
    );
    const shares = [...section.matchAll(/day (\d) (?:pays )?(\d+) %/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    expect(shares).toEqual([2, 3, 4, 5, 6].map((d) => [d, DAILY_BONUS_DAY_PERCENT[d - 1]]));
    expect(section).toContain(`day 7 and every later day in a row ${DAILY_BONUS_DAY_PERCENT[6]} %`);
    const averages = [
      ...section.matchAll(/day (\d)(?: and later)?: ([\d,.]+) Gold Coins and ([\d.]+) Sweeps Coins/g),
    ];
    expect(averages.map((m) => [Number(m[1]), num(m[2]!), Number(m[3])])).toEqual(
      meansTable().map(({ day, gold, sweeps }) => [day, gold, sweeps]),
    );
  });

  it('docs/daily-bonus.md gives the same base prizes and expected values', () => {
    expect(DOC).toContain(`| Gold Coins | ${DAILY_BONUS_BASE_GOLD.map(fmt).join(' | ')} |`);
    expect(DOC).toContain(
      `| Sweeps Coins | ${DAILY_BONUS_BASE_SWEEPS_CENTS.map((c) => (c / 100).toFixed(2)).join(' | ')} |`,
    );
    for (const { day, gold, sweeps } of meansTable())
      expect(DOC).toMatch(
        new RegExp(
          `\\| ${day}( and later)? \\|[^\\n]*\\| ${fmt(gold).replace('.', '\\.')} GC \\+ ${sweeps} SC \\|`,
        ),
      );
    expect(DOC).toContain('9,425 GC and 1.95 SC');
  });
});

function meansTable() {
  return Array.from({ length: 7 }, (_, i) => ({ day: i + 1, ...meanOfDay(i + 1) }));
}
