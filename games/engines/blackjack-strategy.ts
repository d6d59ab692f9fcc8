/**
 * Basic strategy for the blackjack rules of blackjack.ts, derived from the exact unlimited-deck
 * values of blackjack-edge.ts: among the moves allowed now, take the one with the highest
 * expected value (insurance always declined). In an unlimited deck the value of a hand depends
 * only on its total, whether it is soft, and whether it is a first two-card hand or a pair, so the
 * choice follows from the tables directly.
 */
import {
  cardValue,
  handValue,
  allowedMoves,
  blackjackEngine,
  type BlackjackAction,
  type BlackjackMove,
} from './blackjack.ts';
import type { Card } from './cards.ts';
import { doubleValue, hitValue, standValueOf, upCardValues, type UpCardValues } from './blackjack-edge.ts';
import type { Floats } from './types.ts';

/** Values per dealer up card, index 1 (ace) .. 10. */
const TABLES: readonly UpCardValues[] = Array.from({ length: 11 }, (_, up) => upCardValues(Math.max(up, 1)));

const SURRENDER_VALUE = -0.5;
/** Ties go to the first move listed. */
const PREFERENCE: readonly BlackjackMove[] = ['stand', 'hit', 'double', 'split', 'surrender'];

/** The expected value of each allowed move (per unit of the hand's initial bet). */
export function moveValues(
  cards: readonly Card[],
  upCard: Card,
  allowed: readonly BlackjackMove[],
): Partial<Record<BlackjackMove, number>> {
  const values = TABLES[cardValue(upCard)] as UpCardValues;
  const { total, soft } = handValue(cards);
  const out: Partial<Record<BlackjackMove, number>> = {};
  for (const move of allowed) {
    if (move === 'stand') out.stand = standValueOf(values, total);
    else if (move === 'hit') out.hit = hitValue(values, total, soft);
    else if (move === 'double') out.double = doubleValue(values, total, soft);
    else if (move === 'surrender') out.surrender = SURRENDER_VALUE;
    else if (move === 'split') out.split = values.split[cardValue(cards[0] as Card)] as number;
  }
  return out;
}

/** The basic-strategy move for a hand against the dealer's up card, among the moves allowed now. */
export function basicStrategy(
  cards: readonly Card[],
  upCard: Card,
  allowed: readonly BlackjackMove[],
): BlackjackAction {
  if (allowed.includes('insurance')) return { type: 'insurance', take: false };
  const values = moveValues(cards, upCard, allowed);
  let best: BlackjackMove | null = null;
  for (const move of PREFERENCE) {
    const value = values[move];
    if (value === undefined) continue;
    if (best === null || value > (values[best] as number)) best = move;
  }
  if (best === null || best === 'insurance') throw new Error('No move is allowed');
  return { type: best };
}

/** Plays one round through the engine with basic strategy, insurance declined. */
export function playOneRound(floats: Floats, betMinor: number): { staked: number; won: number } {
  let state = blackjackEngine.start({ betMinor, options: {} }, floats);
  while (!blackjackEngine.finished(state)) {
    const hand = state.hands[state.active];
    const upCard = state.dealer[0];
    if (!hand || !upCard) throw new Error('A round in play has a hand and an up card');
    state = blackjackEngine.act(state, basicStrategy(hand.cards, upCard, allowedMoves(state)), floats);
  }
  return { staked: blackjackEngine.staked(state), won: blackjackEngine.won(state) };
}

const UP_CARDS: readonly Card[] = ['2S', '3S', '4S', '5S', '6S', '7S', '8S', '9S', 'TS', 'AS'];

/**
 * The strategy as a chart for the rules: per up card 2..10, A, the move for a first two-card
 * hand. Codes: S stand, H hit, D double (else hit), Ds double (else stand), P split,
 * R surrender (else hit), Rs surrender (else stand), Rp surrender (else split).
 */
export function strategyChart(): {
  hard: Record<number, string[]>;
  soft: Record<number, string[]>;
  pairs: Record<string, string[]>;
} {
  const code = (cards: Card[], up: Card, pair: boolean): string => {
    const moves: BlackjackMove[] = [
      'hit',
      'stand',
      'double',
      'surrender',
      ...(pair ? (['split'] as const) : []),
    ];
    const best = (allowed: BlackjackMove[]) => basicStrategy(cards, up, allowed).type;
    const first = best(moves);
    if (first === 'double') return best(['hit', 'stand']) === 'stand' ? 'Ds' : 'D';
    if (first === 'surrender') {
      const after = best(moves.filter((move) => move !== 'surrender'));
      return after === 'stand' ? 'Rs' : after === 'split' ? 'Rp' : 'R';
    }
    return { stand: 'S', hit: 'H', split: 'P', insurance: '?' }[first];
  };
  const rank = (value: number): string => (value === 10 ? 'T' : String(value));
  const hard: Record<number, string[]> = {};
  for (let total = 5; total <= 20; total++) {
    const low = total <= 11 ? 2 : total - 10;
    const cards = [`${rank(low)}C`, `${rank(total - low)}D`];
    hard[total] = UP_CARDS.map((up) => code(cards, up, false));
  }
  const soft: Record<number, string[]> = {};
  for (let other = 2; other <= 9; other++)
    soft[11 + other] = UP_CARDS.map((up) => code(['AC', `${other}D`], up, false));
  const pairs: Record<string, string[]> = {};
  for (const pairRank of ['2', '3', '4', '5', '6', '7', '8', '9', 'T', 'A']) {
    pairs[`${pairRank},${pairRank}`] = UP_CARDS.map((up) => code([`${pairRank}C`, `${pairRank}D`], up, true));
  }
  return { hard, soft, pairs };
}
