/**
 * The Jacks or Better 9/6 pay table. Pays are per coin and include the stake: a pay of 1 returns
 * the bet, so a round's win is floor(bet * pay). The round's bet is one to five coins
 * (the game's five bet steps); the royal flush pays 800 per coin only at five coins, the maximum
 * bet, and 250 per coin below it.
 */
import {
  FLUSH,
  FOUR_OF_A_KIND,
  FULL_HOUSE,
  JACK_RANK,
  ONE_PAIR,
  ROYAL_FLUSH,
  STRAIGHT,
  STRAIGHT_FLUSH,
  THREE_OF_A_KIND,
  TWO_PAIR,
  categoryOf,
} from './poker-hands.ts';

export const MAX_COINS = 5;
export const ROYAL_PAY = 250;
export const ROYAL_PAY_AT_MAX_BET = 800;

/** The paying hands, best first, as the pay table lists them. */
export const PAY_LINES = [
  'royal_flush',
  'straight_flush',
  'four_of_a_kind',
  'full_house',
  'flush',
  'straight',
  'three_of_a_kind',
  'two_pair',
  'jacks_or_better',
] as const;
export type PayLine = (typeof PAY_LINES)[number];

export const PAY_LINE_NAMES: Record<PayLine, string> = {
  royal_flush: 'Royal Flush',
  straight_flush: 'Straight Flush',
  four_of_a_kind: 'Four of a Kind',
  full_house: 'Full House',
  flush: 'Flush',
  straight: 'Straight',
  three_of_a_kind: 'Three of a Kind',
  two_pair: 'Two Pair',
  jacks_or_better: 'Jacks or Better',
};

/** Pay per coin of each line below the maximum bet (the royal at five coins: ROYAL_PAY_AT_MAX_BET). */
export const PAYS: Record<PayLine, number> = {
  royal_flush: ROYAL_PAY,
  straight_flush: 50,
  four_of_a_kind: 25,
  full_house: 9,
  flush: 6,
  straight: 4,
  three_of_a_kind: 3,
  two_pair: 2,
  jacks_or_better: 1,
};

export const royalPayFor = (coins: number): number => (coins >= MAX_COINS ? ROYAL_PAY_AT_MAX_BET : ROYAL_PAY);

/** The pay per coin of each line at a number of coins (the pay table the player sees). */
export const paysFor = (coins: number): Record<PayLine, number> => ({
  ...PAYS,
  royal_flush: royalPayFor(coins),
});

const LINE_BY_CATEGORY: (PayLine | null)[] = [];
LINE_BY_CATEGORY[TWO_PAIR] = 'two_pair';
LINE_BY_CATEGORY[THREE_OF_A_KIND] = 'three_of_a_kind';
LINE_BY_CATEGORY[STRAIGHT] = 'straight';
LINE_BY_CATEGORY[FLUSH] = 'flush';
LINE_BY_CATEGORY[FULL_HOUSE] = 'full_house';
LINE_BY_CATEGORY[FOUR_OF_A_KIND] = 'four_of_a_kind';
LINE_BY_CATEGORY[STRAIGHT_FLUSH] = 'straight_flush';
LINE_BY_CATEGORY[ROYAL_FLUSH] = 'royal_flush';

/** The pay line of a hand code (poker-hands.ts), or null when the hand pays nothing. */
export function payLineOf(code: number): PayLine | null {
  const category = categoryOf(code);
  if (category === ONE_PAIR) return code >> 4 >= JACK_RANK ? 'jacks_or_better' : null;
  return LINE_BY_CATEGORY[category] ?? null;
}

/**
 * Pay per coin by hand code, as a flat table for the hot loops of the return computation:
 * index = code (category | pairRank << 4), value = pay with the royal at `royalPay`.
 */
export function payByCode(royalPay: number): Float64Array {
  const table = new Float64Array(16 * 13);
  for (let code = 0; code < table.length; code++) {
    const line = payLineOf(code);
    table[code] = line === null ? 0 : line === 'royal_flush' ? royalPay : PAYS[line];
  }
  return table;
}
