/**
 * Exact expected values of the blackjack rules of blackjack.ts for an unlimited deck (every card
 * independent: ace, two ... nine with probability 1/13 each, a ten-valued card 4/13), and the
 * house edge under the basic strategy they define.
 *
 * - Dealer: final totals 17..21 or bust from each up card, standing on every 17; with an ace or
 *   ten up the hole card is conditioned on the dealer not having blackjack (the dealer peeked).
 * - Player: for each (total, soft) the value of standing, of hitting and then playing on best
 *   (hit or stand), of doubling (one card, twice the stake) and of surrendering (-1/2).
 * - Pairs: splitting to 4 hands. In an unlimited deck hands are independent, so the value of a
 *   split is E[hands whose second card is not the pair card] * (their value) + E[hands that got
 *   the pair card once 4 hands were reached] * (value of the pair played without splitting),
 *   the counts taken over the order the cards are dealt. Split aces get one card each.
 * - A hand reaching 21 stands; two-card 21 after a split is not blackjack.
 * Values are per unit of the hand's initial bet.
 */

export const ACE = 1;
/** Probability of drawing a card of value v (1 = ace, 10 = any ten-valued card). */
export const cardProbability = (value: number): number => (value === 10 ? 4 / 13 : 1 / 13);
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

/** Dealer final outcome probabilities: index 0..4 = total 17..21, index 5 = bust. */
export type DealerOutcomes = readonly number[];

/** Adds a card to (total, soft): an ace counts 11 while that keeps the total at most 21. */
export function addCard(total: number, soft: boolean, value: number): { total: number; soft: boolean } {
  let next = total + value;
  let nextSoft = soft;
  if (!soft && value === ACE && next + 10 <= 21) {
    next += 10;
    nextSoft = true;
  }
  if (next > 21 && nextSoft) {
    next -= 10;
    nextSoft = false;
  }
  return { total: next, soft: nextSoft };
}

function dealerFrom(total: number, soft: boolean, memo: Map<number, number[]>): number[] {
  if (total > 21) return [0, 0, 0, 0, 0, 1];
  if (total >= 17) {
    const out = [0, 0, 0, 0, 0, 0];
    out[total - 17] = 1;
    return out;
  }
  const key = total * 2 + (soft ? 1 : 0);
  const known = memo.get(key);
  if (known) return known;
  const out = [0, 0, 0, 0, 0, 0];
  for (const value of VALUES) {
    const next = addCard(total, soft, value);
    const sub = dealerFrom(next.total, next.soft, memo);
    for (let i = 0; i < 6; i++) out[i] = (out[i] as number) + cardProbability(value) * (sub[i] as number);
  }
  memo.set(key, out);
  return out;
}

/** The dealer's final outcomes given the up card, conditioned on no blackjack when the dealer peeks (ace or ten up). */
export function dealerOutcomes(up: number): DealerOutcomes {
  const memo = new Map<number, number[]>();
  const start = addCard(0, false, up);
  const excluded = up === ACE ? 10 : up === 10 ? ACE : 0;
  const norm = 1 - (excluded ? cardProbability(excluded) : 0);
  const out = [0, 0, 0, 0, 0, 0];
  for (const hole of VALUES) {
    if (hole === excluded) continue;
    const two = addCard(start.total, start.soft, hole);
    const sub = dealerFrom(two.total, two.soft, memo);
    for (let i = 0; i < 6; i++)
      out[i] = (out[i] as number) + (cardProbability(hole) / norm) * (sub[i] as number);
  }
  return out;
}

/** Probability the dealer has blackjack given the up card. */
export const dealerBlackjackProbability = (up: number): number =>
  up === ACE ? cardProbability(10) : up === 10 ? cardProbability(ACE) : 0;

/** The values of every choice against one up card (dealer without blackjack). */
export interface UpCardValues {
  up: number;
  dealer: DealerOutcomes;
  /** stand[total] for totals 0..21 (a bust is -1 and not in the table). */
  stand: number[];
  /** hit[soft][total]: hit once, then play on best (hit or stand). */
  hit: [number[], number[]];
  /** double[soft][total]: one card, twice the stake (value per unit of the initial bet). */
  double: [number[], number[]];
  /** split[v]: value of splitting a pair of v (both hands together, per unit of one hand's bet). */
  split: number[];
  /** splitStake[v]: expected total stake of splitting a pair of v (per unit of one hand's bet). */
  splitStake: number[];
}

const SURRENDER_VALUE = -0.5;

export function upCardValues(up: number): UpCardValues {
  const dealer = dealerOutcomes(up);
  const stand: number[] = [];
  for (let total = 0; total <= 21; total++) {
    let value = (dealer[5] as number) * 1;
    for (let d = 17; d <= 21; d++) {
      const p = dealer[d - 17] as number;
      value += total > d ? p : total < d ? -p : 0;
    }
    stand.push(value);
  }
  const standValue = (total: number): number => (total > 21 ? -1 : (stand[total] as number));

  // hit[soft][total]. Every card raises the hand's hard sum (aces counted 1), so filling the
  // table in falling order of the hard sum only reads rows already filled.
  const hit: [number[], number[]] = [new Array(22).fill(0), new Array(22).fill(0)];
  const afterHit = (total: number, soft: boolean): number => {
    if (total > 21) return -1;
    if (total === 21) return standValue(21);
    return Math.max(standValue(total), (hit[soft ? 1 : 0] as number[])[total] as number);
  };
  for (let hardSum = 21; hardSum >= 2; hardSum--) {
    const rows: { total: number; soft: boolean }[] = [{ total: hardSum, soft: false }];
    if (hardSum + 10 <= 21) rows.push({ total: hardSum + 10, soft: true });
    for (const { total, soft } of rows) {
      let value = 0;
      for (const card of VALUES) {
        const next = addCard(total, soft, card);
        value += cardProbability(card) * afterHit(next.total, next.soft);
      }
      (hit[soft ? 1 : 0] as number[])[total] = value;
    }
  }
  const double: [number[], number[]] = [new Array(22).fill(0), new Array(22).fill(0)];
  for (let total = 2; total <= 21; total++) {
    for (const soft of [false, true]) {
      if (soft && total < 12) continue;
      let value = 0;
      for (const card of VALUES) {
        const next = addCard(total, soft, card);
        value += cardProbability(card) * standValue(next.total);
      }
      (double[soft ? 1 : 0] as number[])[total] = 2 * value;
    }
  }

  const values: UpCardValues = {
    up,
    dealer,
    stand,
    hit,
    double,
    split: new Array(11).fill(0),
    splitStake: new Array(11).fill(0),
  };
  // Split hands: stand, hit or double (double after split), no surrender; 21 stands.
  const splitHandValue = (total: number, soft: boolean): number =>
    total === 21
      ? standValue(21)
      : Math.max(standValue(total), hitValue(values, total, soft), doubleValue(values, total, soft));
  const splitHandStake = (total: number, soft: boolean): number =>
    total !== 21 &&
    doubleValue(values, total, soft) > Math.max(standValue(total), hitValue(values, total, soft))
      ? 2
      : 1;
  for (const pair of VALUES) {
    const start = addCard(0, false, pair);
    if (pair === ACE) {
      let one = 0;
      for (const card of VALUES) {
        const next = addCard(start.total, start.soft, card);
        one += cardProbability(card) * standValue(next.total);
      }
      (values.split as number[])[pair] = 2 * one;
      (values.splitStake as number[])[pair] = 2;
      continue;
    }
    const q = cardProbability(pair);
    let otherValue = 0;
    let otherStake = 0;
    for (const card of VALUES) {
      if (card === pair) continue;
      const next = addCard(start.total, start.soft, card);
      otherValue += (cardProbability(card) / (1 - q)) * splitHandValue(next.total, next.soft);
      otherStake += (cardProbability(card) / (1 - q)) * splitHandStake(next.total, next.soft);
    }
    const both = addCard(start.total, start.soft, pair);
    const pairValue = splitHandValue(both.total, both.soft);
    const counts = expectedSplitHands(q);
    (values.split as number[])[pair] = counts.other * otherValue + counts.capped * pairValue;
    (values.splitStake as number[])[pair] =
      counts.other * otherStake + counts.capped * splitHandStake(both.total, both.soft);
  }
  return values;
}

export const hitValue = (values: UpCardValues, total: number, soft: boolean): number =>
  (values.hit[soft && total >= 12 ? 1 : 0] as number[])[total] as number;
export const doubleValue = (values: UpCardValues, total: number, soft: boolean): number =>
  (values.double[soft && total >= 12 ? 1 : 0] as number[])[total] as number;
export const standValueOf = (values: UpCardValues, total: number): number =>
  total > 21 ? -1 : (values.stand[total] as number);

/**
 * Expected number of split hands that end with a second card other than the pair card
 * (`other`) and with the pair card because 4 hands were already reached (`capped`), when every
 * pair card that can be split again is. Hands get their second card in order; q = P(pair card).
 */
export function expectedSplitHands(q: number, maxHands = 4): { other: number; capped: number } {
  const go = (pending: number, hands: number): { other: number; capped: number } => {
    if (pending === 0) return { other: 0, capped: 0 };
    const notPair = go(pending - 1, hands);
    const result = { other: (1 - q) * (notPair.other + 1), capped: (1 - q) * notPair.capped };
    if (hands < maxHands) {
      const resplit = go(pending + 1, hands + 1);
      result.other += q * resplit.other;
      result.capped += q * resplit.capped;
    } else {
      result.other += q * notPair.other;
      result.capped += q * (notPair.capped + 1);
    }
    return result;
  };
  return go(2, 2);
}

/** The best play's value for a first two-card hand (not blackjack), with what it is. */
export function bestFirstHand(
  values: UpCardValues,
  first: number,
  second: number,
): { action: 'stand' | 'hit' | 'double' | 'split' | 'surrender'; value: number } {
  const start = addCard(0, false, first);
  const { total, soft } = addCard(start.total, start.soft, second);
  const options: { action: 'stand' | 'hit' | 'double' | 'split' | 'surrender'; value: number }[] = [
    { action: 'stand', value: standValueOf(values, total) },
    { action: 'hit', value: hitValue(values, total, soft) },
    { action: 'double', value: doubleValue(values, total, soft) },
    { action: 'surrender', value: SURRENDER_VALUE },
  ];
  if (first === second) options.push({ action: 'split', value: values.split[first] as number });
  return options.reduce((best, option) => (option.value > best.value ? option : best));
}

export interface EdgeResult {
  /** Player's expected return per unit of initial bet (negative: the house wins). */
  playerExpectation: number;
  /** House edge, percent of the initial bet. */
  houseEdgePercent: number;
  /** Expected total stake per unit of initial bet (doubles and splits add to it). */
  expectedStake: number;
  /** Return to player as paid back / staked, percent: 100 * (1 + expectation / expected stake). */
  rtpPercent: number;
  byUpCard: { up: number; expectation: number }[];
}

/** The house edge of the rules under basic strategy (insurance declined). */
export function computeHouseEdge(): EdgeResult {
  const pNatural = 2 * cardProbability(ACE) * cardProbability(10);
  let total = 0;
  let stake = 0;
  const byUpCard: { up: number; expectation: number }[] = [];
  for (const up of VALUES) {
    const values = upCardValues(up);
    let noDealerNatural = 0;
    let noDealerNaturalStake = 0;
    for (const first of VALUES) {
      for (const second of VALUES) {
        const p = cardProbability(first) * cardProbability(second);
        const natural = (first === ACE && second === 10) || (first === 10 && second === ACE);
        const best = natural ? null : bestFirstHand(values, first, second);
        noDealerNatural += p * (best ? best.value : 1.5);
        noDealerNaturalStake +=
          p *
          (best?.action === 'double'
            ? 2
            : best?.action === 'split'
              ? (values.splitStake[first] as number)
              : 1);
      }
    }
    const pDealer = dealerBlackjackProbability(up);
    // Against a dealer blackjack a player blackjack pushes and every other hand loses its bet.
    const expectation = pDealer * -(1 - pNatural) + (1 - pDealer) * noDealerNatural;
    byUpCard.push({ up, expectation });
    total += cardProbability(up) * expectation;
    stake += cardProbability(up) * (pDealer + (1 - pDealer) * noDealerNaturalStake);
  }
  return {
    playerExpectation: total,
    houseEdgePercent: -total * 100,
    expectedStake: stake,
    rtpPercent: 100 * (1 + total / stake),
    byUpCard,
  };
}
