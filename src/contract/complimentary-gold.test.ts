import { describe, expect, it } from 'vitest';
import {
  COMPLIMENTARY_GOLD_AWARDS_PER_DAY,
  COMPLIMENTARY_GOLD_TEXTS,
  complimentaryGoldAward,
  complimentaryGoldTarget,
} from './complimentary-gold.ts';
import { PROPERTY_DEFAULTS } from './properties.ts';

describe('complimentary Gold rule', () => {
  it('reads the property: a whole number above 0 is the top-up target, anything else is off', () => {
    expect(complimentaryGoldTarget(PROPERTY_DEFAULTS.comp_state_award_gold)).toBe(5_000);
    expect(complimentaryGoldTarget(' 2500 ')).toBe(2_500);
    for (const off of ['0', '', 'false', 'true', '-5', '12.5', '1e4', undefined]) {
      expect(complimentaryGoldTarget(off), String(off)).toBeNull();
    }
  });

  it('awards nothing while the balance covers the minimum bet, else tops up to the target or the minimum bet', () => {
    const award = (goldBalance: number, minimumGoldBet: number, target = 5_000) =>
      complimentaryGoldAward({ goldBalance, minimumGoldBet, target });
    expect(award(100, 100)).toBe(0);
    expect(award(4_000, 100)).toBe(0);
    expect(award(99, 100)).toBe(4_901);
    expect(award(0, 100)).toBe(5_000);
    // A game whose minimum bet is above the target: the top-up reaches the minimum bet.
    expect(award(6_000, 8_000)).toBe(2_000);
    expect(award(0, 8_000)).toBe(8_000);
  });

  it('states the rule for players with the numbers the server uses', () => {
    expect(COMPLIMENTARY_GOLD_AWARDS_PER_DAY).toBe(3);
    expect(COMPLIMENTARY_GOLD_TEXTS.rules(5_000)).toBe(
      "When Gold Coins are in play and your Gold Coins cannot cover a game's minimum bet, you may accept free Gold Coins that bring your balance up to 5,000 Gold Coins (or the game's minimum bet, if higher), up to 3 times per day; the day runs from 12:00am to 11:59pm Eastern Time.",
    );
  });
});
