/**
 * The best of the 32 holds of a Jacks or Better deal, by the exact expected pay of the draw.
 *
 * Method: for every set U of at most four cards, `base[|U|][rank(U)]` is the total pay of all
 * five-card hands that contain U (built once from the 2,598,960 hands, royal flushes left out
 * because their pay depends on the coins; a set U is inside a royal flush only when its cards
 * are tens to aces of one suit, so its royal count is 1, or 4 for the empty set). For a dealt hand
 * D and a hold H, the final hands are the five-card hands that contain H and none of the
 * discarded cards D \ H; by inclusion-exclusion their total pay is
 *
 *   g(H) = sum over H ⊆ U ⊆ D of (-1)^|U \ H| * S(U),   S(U) = total pay of hands containing U,
 *
 * computed for all 32 holds at once with a superset Möbius transform (5 * 16 subtractions). The
 * draw replaces 5 - |H| cards from the 47 unseen ones, so EV(H) = g(H) / C(47, 5 - |H|). All sums
 * are whole numbers below 2^53, so comparisons are exact (cross-multiplied, no division).
 *
 * Pure and deterministic; the tables (about 300,000 numbers) are built on first use, in about a
 * second.
 */
import { cardNumber } from './poker-hands.ts';
import { evaluateHand } from './poker-hands.ts';
import { payByCode, royalPayFor } from './video-poker-pays.ts';
import type { Card } from './cards.ts';

const DECK_SIZE = 52;
const RANK_COUNT = 13;
const TEN_RANK = 8;

/** C(n, k) for n <= 52, k <= 5. */
export const BINOMIAL: number[][] = Array.from({ length: DECK_SIZE + 1 }, () => new Array<number>(6).fill(0));
for (let n = 0; n <= DECK_SIZE; n++) {
  BINOMIAL[n]![0] = 1;
  for (let k = 1; k <= 5; k++)
    BINOMIAL[n]![k] = n === 0 ? 0 : BINOMIAL[n - 1]![k - 1]! + BINOMIAL[n - 1]![k]!;
}
const binomial = (n: number, k: number): number => BINOMIAL[n]![k]!;

/** Draw sizes: C(47, 5 - k) final hands for a hold of k cards. */
export const DRAWS_FOR_HOLD_SIZE = [0, 1, 2, 3, 4, 5].map((k) => binomial(47, 5 - k));

const POP = new Uint8Array(32);
const HIGH_BIT = new Int8Array(32).fill(-1);
for (let mask = 1; mask < 32; mask++) {
  POP[mask] = (POP[mask >> 1] ?? 0) + (mask & 1);
  HIGH_BIT[mask] = 31 - Math.clz32(mask);
}

let baseSums: Float64Array[] | null = null;

/** Total pay (royal flushes left out) of the five-card hands containing each set of 0..4 cards. */
function tables(): Float64Array[] {
  if (baseSums) return baseSums;
  const base = [0, 1, 2, 3, 4].map((k) => new Float64Array(binomial(DECK_SIZE, k)));
  const pay = payByCode(0);
  const cards = [0, 0, 0, 0, 0];
  const rank = new Float64Array(32);
  for (let a = 0; a < DECK_SIZE; a++)
    for (let b = a + 1; b < DECK_SIZE; b++)
      for (let c = b + 1; c < DECK_SIZE; c++)
        for (let d = c + 1; d < DECK_SIZE; d++)
          for (let e = d + 1; e < DECK_SIZE; e++) {
            const p = pay[evaluateHand(a, b, c, d, e)]!;
            if (p === 0) continue;
            cards[0] = a;
            cards[1] = b;
            cards[2] = c;
            cards[3] = d;
            cards[4] = e;
            base[0]![0]! += p;
            for (let mask = 1; mask < 31; mask++) {
              const k = POP[mask]!;
              const high = HIGH_BIT[mask]!;
              // Colex rank of the sorted subset: the largest card is the k-th.
              rank[mask] = rank[mask ^ (1 << high)]! + binomial(cards[high]!, k);
              base[k]![rank[mask]!]! += p;
            }
          }
  baseSums = base;
  return base;
}

const scratchG = new Float64Array(32);
const scratchRank = new Float64Array(32);
const scratchSuit = new Int8Array(32);

/**
 * For five different cards given as numbers 0..51 in increasing order, writes into `g[mask]`
 * the total pay of all draws for each of the 32 holds (mask bit i keeps the i-th card); hold
 * mask has DRAWS_FOR_HOLD_SIZE[popcount(mask)] equally likely draws. `royalPay` is per coin.
 */
export function holdPayTotals(
  cards: ArrayLike<number>,
  royalPay: number,
  g: Float64Array = new Float64Array(32),
): Float64Array {
  const base = tables();
  const rank = scratchRank;
  // suit[mask]: the common suit of the cards in mask when all are tens to aces of one suit, else -1.
  const suit = scratchSuit;
  g[0] = base[0]![0]! + 4 * royalPay;
  suit[0] = 4;
  for (let mask = 1; mask < 31; mask++) {
    const k = POP[mask]!;
    const high = HIGH_BIT[mask]!;
    const rest = mask ^ (1 << high);
    const card = cards[high]!;
    rank[mask] = rank[rest]! + binomial(card, k);
    const cardSuit = card % RANK_COUNT >= TEN_RANK ? (card / RANK_COUNT) | 0 : -1;
    const restSuit = suit[rest]!;
    suit[mask] = cardSuit >= 0 && (restSuit === 4 || restSuit === cardSuit) ? cardSuit : -1;
    g[mask] = base[k]![rank[mask]!]! + (suit[mask]! >= 0 ? royalPay : 0);
  }
  g[31] = payByCodeFor(royalPay)[evaluateHand(cards[0]!, cards[1]!, cards[2]!, cards[3]!, cards[4]!)]!;
  // Superset Möbius transform: g(H) = sum over U ⊇ H of (-1)^|U \ H| S(U).
  for (let bit = 1; bit < 32; bit <<= 1)
    for (let mask = 0; mask < 32; mask++) if (!(mask & bit)) g[mask]! -= g[mask | bit]!;
  return g;
}

/**
 * The best hold for five different cards given as numbers 0..51 in increasing order: a 5-bit
 * mask over those positions. Ties go to the lowest mask. `royalPay` is the royal's pay per coin.
 * Writes the best hold's total draw pay and draw count into `out` when given.
 */
export function bestHoldSorted(
  cards: ArrayLike<number>,
  royalPay: number,
  out?: { total: number; draws: number },
): number {
  const g = holdPayTotals(cards, royalPay, scratchG);
  let best = 0;
  let bestTotal = g[0]!;
  let bestDraws = DRAWS_FOR_HOLD_SIZE[0]!;
  for (let mask = 1; mask < 32; mask++) {
    const draws = DRAWS_FOR_HOLD_SIZE[POP[mask]!]!;
    if (g[mask]! * bestDraws > bestTotal * draws) {
      best = mask;
      bestTotal = g[mask]!;
      bestDraws = draws;
    }
  }
  if (out) {
    out.total = bestTotal;
    out.draws = bestDraws;
  }
  return best;
}

const payTables = new Map<number, Float64Array>();
function payByCodeFor(royalPay: number): Float64Array {
  let table = payTables.get(royalPay);
  if (!table) {
    table = payByCode(royalPay);
    payTables.set(royalPay, table);
  }
  return table;
}

/** The best hold for a dealt hand in its dealt order, for a bet of `coins` coins. */
export function bestHold(dealt: readonly Card[], coins: number): boolean[] {
  const numbers = dealt.map(cardNumber);
  // Positions sorted by card number (insertion sort: five items, no comparator allocation).
  const order = [0, 1, 2, 3, 4];
  for (let i = 1; i < 5; i++)
    for (let j = i; j > 0 && numbers[order[j - 1]!]! > numbers[order[j]!]!; j--)
      [order[j - 1], order[j]] = [order[j]!, order[j - 1]!];
  const sorted = order.map((i) => numbers[i]!);
  const mask = bestHoldSorted(sorted, royalPayFor(coins));
  const hold = [false, false, false, false, false];
  for (let k = 0; k < 5; k++) if (mask & (1 << k)) hold[order[k]!] = true;
  return hold;
}
