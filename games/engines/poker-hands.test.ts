import { describe, expect, it } from 'vitest';
import pokersolver from 'pokersolver';
import { FRESH_DECK } from './cards.ts';
import {
  HAND_CATEGORIES,
  ONE_PAIR,
  categoryOf,
  evaluateCards,
  evaluateHand,
  type HandCategory,
} from './poker-hands.ts';
import { simulationFloats } from './fair-random.ts';

/** Published counts of the 2,598,960 five-card hands by category. */
const KNOWN_COUNTS: Record<HandCategory, number> = {
  royal_flush: 4,
  straight_flush: 36,
  four_of_a_kind: 624,
  full_house: 3_744,
  flush: 5_108,
  straight: 10_200,
  three_of_a_kind: 54_912,
  two_pair: 123_552,
  one_pair: 1_098_240,
  nothing: 1_302_540,
};

const SOLVER_NAMES: Record<string, HandCategory> = {
  'Straight Flush': 'straight_flush',
  'Four of a Kind': 'four_of_a_kind',
  'Full House': 'full_house',
  Flush: 'flush',
  Straight: 'straight',
  'Three of a Kind': 'three_of_a_kind',
  'Two Pair': 'two_pair',
  Pair: 'one_pair',
  'High Card': 'nothing',
};

/** The category pokersolver gives (its cards spell the suit in lower case). */
function solverCategory(cards: number[]): HandCategory {
  const hand = pokersolver.Hand.solve(
    cards.map((c) => `${FRESH_DECK[c]![0]}${FRESH_DECK[c]![1]!.toLowerCase()}`),
  );
  if (hand.descr === 'Royal Flush') return 'royal_flush';
  const category = SOLVER_NAMES[hand.name];
  if (!category) throw new Error(`Unknown solver hand ${hand.name}`);
  return category;
}

const ours = (cards: number[]): HandCategory =>
  HAND_CATEGORIES[categoryOf(evaluateHand(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!))]!;

describe('poker hand evaluator', () => {
  it('counts every one of the 2,598,960 five-card hands into the known category totals', () => {
    const counts = new Array<number>(HAND_CATEGORIES.length).fill(0);
    const pairRanks = new Array<number>(13).fill(0);
    for (let a = 0; a < 52; a++)
      for (let b = a + 1; b < 52; b++)
        for (let c = b + 1; c < 52; c++)
          for (let d = c + 1; d < 52; d++)
            for (let e = d + 1; e < 52; e++) {
              const code = evaluateHand(a, b, c, d, e);
              counts[categoryOf(code)]!++;
              if (categoryOf(code) === ONE_PAIR) pairRanks[code >> 4]!++;
            }
    const byName = Object.fromEntries(HAND_CATEGORIES.map((name, i) => [name, counts[i]]));
    expect(byName).toEqual(KNOWN_COUNTS);
    // One pair splits evenly over the 13 ranks: 1,098,240 / 13 = 84,480 each.
    expect(pairRanks).toEqual(new Array<number>(13).fill(84_480));
  });

  it('agrees with the pokersolver package on 100,000 random hands and on every straight flush and wheel', () => {
    const floats = simulationFloats(20261122);
    const hands: number[][] = [];
    for (let n = 0, i = 0; n < 100_000; n++) {
      const picked = new Set<number>();
      while (picked.size < 5) picked.add(Math.floor(floats(i++) * 52));
      hands.push([...picked]);
    }
    for (let suit = 0; suit < 4; suit++) {
      for (let low = 0; low + 5 <= 13; low++) hands.push([0, 1, 2, 3, 4].map((k) => suit * 13 + low + k));
    }
    // Every ace-to-five straight (the wheel), suited or not: 4^5 = 1,024 hands.
    for (let s = 0; s < 1024; s++)
      hands.push([12, 0, 1, 2, 3].map((rank, k) => ((s >> (2 * k)) & 3) * 13 + rank));
    const disagreements = hands.filter((hand) => ours(hand) !== solverCategory(hand));
    expect(disagreements).toEqual([]);
    // About 2 s on a quiet core (pokersolver takes some 16 µs a hand); more on a shared machine.
  }, 60_000);

  it('names the pair rank of one pair and reads card strings', () => {
    expect(evaluateCards(['JS', 'JD', '2C', '5H', '9S'])).toBe(ONE_PAIR | (9 << 4));
    expect(evaluateCards(['TS', 'TD', '2C', '5H', '9S'])).toBe(ONE_PAIR | (8 << 4));
    expect(HAND_CATEGORIES[evaluateCards(['AS', 'KS', 'QS', 'JS', 'TS'])]).toBe('royal_flush');
    expect(HAND_CATEGORIES[evaluateCards(['AS', '2D', '3S', '4S', '5S'])]).toBe('straight');
    expect(HAND_CATEGORIES[evaluateCards(['KS', 'AD', '2S', '3S', '4S'])]).toBe('nothing');
    expect(() => evaluateCards(['AS'])).toThrow();
  });
});
