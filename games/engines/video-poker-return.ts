/**
 * The exact return of Jacks or Better 9/6 under optimal holds: every one of the 2,598,960 deals
 * is played with the best of its 32 holds (video-poker-holds.ts, exact expected pay of the
 * draw), and the expected pays are averaged. Known figure at the maximum bet: 99.5439 %.
 */
import { BINOMIAL, DRAWS_FOR_HOLD_SIZE, bestHoldSorted } from './video-poker-holds.ts';
import { royalPayFor } from './video-poker-pays.ts';

export interface OptimalReturn {
  /** Expected return per unit bet (0.995439... at five coins). */
  ratio: number;
  /** The same as a percentage. */
  percent: number;
  /** Deals evaluated (all of them). */
  deals: number;
}

/** Computes the return under optimal holds for a bet of `coins` coins (1..5). */
export function optimalReturn(coins = 5): OptimalReturn {
  const royalPay = royalPayFor(coins);
  // The best hold's total pay, summed separately for each draw size so the sum stays whole.
  const totals = new Float64Array(DRAWS_FOR_HOLD_SIZE.length);
  const best = { total: 0, draws: 1 };
  const cards = [0, 0, 0, 0, 0];
  for (let a = 0; a < 52; a++)
    for (let b = a + 1; b < 52; b++)
      for (let c = b + 1; c < 52; c++)
        for (let d = c + 1; d < 52; d++)
          for (let e = d + 1; e < 52; e++) {
            cards[0] = a;
            cards[1] = b;
            cards[2] = c;
            cards[3] = d;
            cards[4] = e;
            bestHoldSorted(cards, royalPay, best);
            totals[DRAWS_FOR_HOLD_SIZE.indexOf(best.draws)]! += best.total;
          }
  const deals = BINOMIAL[52]![5]!;
  let sum = 0;
  DRAWS_FOR_HOLD_SIZE.forEach((draws, k) => (sum += totals[k]! / draws));
  const ratio = sum / deals;
  return { ratio, percent: ratio * 100, deals };
}
