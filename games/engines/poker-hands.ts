/**
 * Five-card poker hand evaluator, written for speed (the return computation evaluates every one
 * of the 2,598,960 hands, the RTP tool millions of rounds). A card is a number 0..51 in the
 * order of FRESH_DECK (cards.ts): suit * 13 + rank, rank 0 for a two ... 12 for an ace.
 *
 * The evaluator works from a bitmask of the ranks present: five distinct ranks are a straight
 * (a lookup in an 8,192-entry table), a flush or nothing; four distinct ranks are one pair;
 * three are two pair or three of a kind; two are four of a kind or a full house. The parity
 * mask (XOR of the rank bits) tells the cases apart without counting arrays: a rank present an
 * even number of times cancels out.
 */
import { rankIndex, suitIndex, type Card } from './cards.ts';

/** Poker categories from worst to best; the value is the category's index. */
export const HAND_CATEGORIES = [
  'nothing',
  'one_pair',
  'two_pair',
  'three_of_a_kind',
  'straight',
  'flush',
  'full_house',
  'four_of_a_kind',
  'straight_flush',
  'royal_flush',
] as const;
export type HandCategory = (typeof HAND_CATEGORIES)[number];

export const NOTHING = 0;
export const ONE_PAIR = 1;
export const TWO_PAIR = 2;
export const THREE_OF_A_KIND = 3;
export const STRAIGHT = 4;
export const FLUSH = 5;
export const FULL_HOUSE = 6;
export const FOUR_OF_A_KIND = 7;
export const STRAIGHT_FLUSH = 8;
export const ROYAL_FLUSH = 9;

/** Rank index of a jack: a pair of jacks or better pays in Jacks or Better. */
export const JACK_RANK = 9;

const RANK_COUNT = 13;
const ROYAL_MASK = 0b1111100000000; // ten, jack, queen, king, ace
const WHEEL_MASK = 0b1000000001111; // ace, two, three, four, five

const POPCOUNT = new Uint8Array(1 << RANK_COUNT);
const IS_STRAIGHT = new Uint8Array(1 << RANK_COUNT);
for (let mask = 1; mask < POPCOUNT.length; mask++) POPCOUNT[mask] = (POPCOUNT[mask >> 1] ?? 0) + (mask & 1);
for (let low = 0; low + 5 <= RANK_COUNT; low++) IS_STRAIGHT[0b11111 << low] = 1;
IS_STRAIGHT[WHEEL_MASK] = 1;

/**
 * The hand's code: its category (HAND_CATEGORIES index) in the low 4 bits and, for one pair, the
 * pair's rank above them (`code >> 4`). Cards are numbers 0..51, any order, all different.
 */
export function evaluateHand(a: number, b: number, c: number, d: number, e: number): number {
  const ra = a % RANK_COUNT;
  const rb = b % RANK_COUNT;
  const rc = c % RANK_COUNT;
  const rd = d % RANK_COUNT;
  const re = e % RANK_COUNT;
  const ba = 1 << ra;
  const bb = 1 << rb;
  const bc = 1 << rc;
  const bd = 1 << rd;
  const be = 1 << re;
  const mask = ba | bb | bc | bd | be;
  switch (POPCOUNT[mask]) {
    case 5: {
      const sa = (a / RANK_COUNT) | 0;
      const flush =
        sa === ((b / RANK_COUNT) | 0) &&
        sa === ((c / RANK_COUNT) | 0) &&
        sa === ((d / RANK_COUNT) | 0) &&
        sa === ((e / RANK_COUNT) | 0);
      if (IS_STRAIGHT[mask]) {
        if (!flush) return STRAIGHT;
        return mask === ROYAL_MASK ? ROYAL_FLUSH : STRAIGHT_FLUSH;
      }
      return flush ? FLUSH : NOTHING;
    }
    case 4: {
      // The pair's rank is the only one present an even number of times.
      const pairBit = mask & ~(ba ^ bb ^ bc ^ bd ^ be);
      return ONE_PAIR | ((31 - Math.clz32(pairBit)) << 4);
    }
    case 3:
      // Trips and two singles leave three odd ranks; two pairs and a single leave one.
      return POPCOUNT[ba ^ bb ^ bc ^ bd ^ be] === 3 ? THREE_OF_A_KIND : TWO_PAIR;
    default: {
      // Two ranks: 4 + 1 or 3 + 2. Count the first card's rank.
      const n = 1 + +(ra === rb) + +(ra === rc) + +(ra === rd) + +(ra === re);
      return n === 1 || n === 4 ? FOUR_OF_A_KIND : FULL_HOUSE;
    }
  }
}

/** The category index of a hand code. */
export const categoryOf = (code: number): number => code & 15;

/** A card as its number 0..51 (FRESH_DECK order). */
export const cardNumber = (card: Card): number => suitIndex(card) * RANK_COUNT + rankIndex(card);

/** Evaluates five cards given as strings ("AS", "TD"). */
export function evaluateCards(cards: readonly Card[]): number {
  if (cards.length !== 5) throw new Error('A poker hand has five cards');
  const [a, b, c, d, e] = cards.map(cardNumber) as [number, number, number, number, number];
  return evaluateHand(a, b, c, d, e);
}
