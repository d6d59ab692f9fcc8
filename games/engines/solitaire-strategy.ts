/**
 * The house strategy for Klondike (games/klondike/rules.md): a simple greedy player, whose
 * return is the declared RTP. At each turn it takes the first of these that exists:
 *  1. a card to its foundation: a column's top card first (leftmost column first), then the
 *     waste's top card;
 *  2. a column move that turns a face-down card: the whole face-up run of a column with face-down
 *     cards moved onto another column (a king's run onto an empty column), the column with the
 *     most face-down cards first (leftmost on a tie), onto the leftmost column that takes it;
 *  3. the waste's top card onto a column (the leftmost that takes it);
 *  4. draw, while the stock lasts;
 *  5. end the round.
 * It never takes a card back off a foundation and never moves face-up cards between columns
 * without turning one, so every turn makes progress and the round always ends. It plays through
 * the real engine (which checks every move), so the simulation is the game players get.
 */
import {
  buildsOn,
  solitaireEngine,
  solitaireRank,
  type Column,
  type SolitaireAction,
  type SolitaireState,
  type TableauPile,
} from './solitaire.ts';
import type { Card } from './cards.ts';
import type { Floats } from './types.ts';

// Module-level copies of the engine's card rules: simulations call them millions of times.
const rankOf = solitaireRank;
const builds = buildsOn;
const engine = solitaireEngine;
const suitOf = (card: Card): number => 'CDHS'.indexOf(card[1] as string);

const tableauPile = (c: number): TableauPile => `tableau-${c}` as TableauPile;

const fitsFoundation = (state: SolitaireState, card: Card): boolean => {
  const pile = state.foundations[suitOf(card)] as Card[];
  const top = pile[pile.length - 1];
  return top === undefined ? rankOf(card) === 1 : rankOf(card) === rankOf(top) + 1;
};

/** The leftmost column (other than `except`) that takes `card` at the bottom of a run, or -1. */
const columnTaking = (state: SolitaireState, card: Card, except: number): number =>
  state.tableau.findIndex((column: Column, c: number) => {
    if (c === except) return false;
    const top = column.up[column.up.length - 1];
    return top === undefined ? rankOf(card) === 13 : builds(card, top);
  });

/** The house strategy's next action. */
export function strategyAction(state: SolitaireState): SolitaireAction {
  for (let c = 0; c < 7; c++) {
    const top = (state.tableau[c] as Column).up.at(-1);
    if (top !== undefined && fitsFoundation(state, top))
      return { type: 'move', from: { pile: tableauPile(c) }, to: { pile: 'foundation' } };
  }
  const wasteTop = state.waste.at(-1);
  if (wasteTop !== undefined && fitsFoundation(state, wasteTop))
    return { type: 'move', from: { pile: 'waste' }, to: { pile: 'foundation' } };

  let best: SolitaireAction | null = null;
  let bestDepth = 0;
  state.tableau.forEach((column, c) => {
    const runBottom = column.up[0];
    if (runBottom === undefined || column.down.length <= bestDepth) return;
    const target = columnTaking(state, runBottom, c);
    if (target < 0) return;
    best = {
      type: 'move',
      from: { pile: tableauPile(c), index: column.down.length },
      to: { pile: tableauPile(target) },
    };
    bestDepth = column.down.length;
  });
  if (best) return best;

  if (wasteTop !== undefined) {
    const target = columnTaking(state, wasteTop, -1);
    if (target >= 0) return { type: 'move', from: { pile: 'waste' }, to: { pile: tableauPile(target) } };
  }
  if (state.stock.length > 0) return { type: 'draw' };
  return { type: 'end' };
}

function playToEnd(state: SolitaireState, floats: Floats): SolitaireState {
  let current = state;
  while (!engine.finished(current)) current = engine.act(current, strategyAction(current), floats);
  return current;
}

/** Plays one round under the house strategy, no side bets. */
export function playOneRound(floats: Floats, betMinor: number): { staked: number; won: number } {
  const start = solitaireEngine.start({ betMinor, options: { noMovesBet: 0, redOrBlackBet: 0 } }, floats);
  const end = playToEnd(start, floats);
  return { staked: solitaireEngine.staked(end), won: solitaireEngine.won(end) };
}

/** How many cards the house strategy puts on the foundations in one round (tuning, tests). */
export function strategyFoundationCount(floats: Floats): number {
  const start = solitaireEngine.start({ betMinor: 0, options: { noMovesBet: 0, redOrBlackBet: 0 } }, floats);
  return playToEnd(start, floats).paidCards.length;
}
