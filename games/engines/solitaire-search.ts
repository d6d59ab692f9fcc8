/**
 * A compact model of a Klondike position for players that search (solitaire-expert.ts): cards are
 * numbers, piles plain arrays, and a move changes the position in place, so a player can try
 * thousands of continuations per decision. It follows the engine's rules exactly (solitaire.ts:
 * one card at a time from the stock, one pass, runs of any length between columns, cards taken
 * back from a foundation, each card paid once) and is checked against the engine in
 * solitaire-expert.test.ts; the real round is always played through the engine.
 *
 * Card numbers: suit * 13 + rank - 1, suits in the engine's foundation order (clubs, diamonds,
 * hearts, spades), rank 1 for an ace to 13 for a king. -1 is a card the player cannot see.
 */
import type { Card } from './cards.ts';
import type { Column, MoveAction, SolitaireAction, SolitaireState } from './solitaire.ts';

const RANK_LETTERS = 'A23456789TJQK';
const SUIT_LETTERS = 'CDHS';

export const cardNumber = (card: Card): number =>
  SUIT_LETTERS.indexOf(card[1] as string) * 13 + RANK_LETTERS.indexOf(card[0] as string);

const rank = (n: number): number => (n % 13) + 1;
const suit = (n: number): number => (n / 13) | 0;
const red = (n: number): boolean => {
  const s = (n / 13) | 0;
  return s === 1 || s === 2;
};
const builds = (card: number, target: number): boolean =>
  red(card) !== red(target) && rank(card) + 1 === rank(target);

/** Sources and targets of a move: columns 0..6, the waste, the foundations. */
export const WASTE = 7;
export const FOUNDATION = 8;
/** A foundation as a source: FOUNDATION_SOURCE + suit. */
export const FOUNDATION_SOURCE = 9;
export const DRAW = -1;

/**
 * A move: `from` a column (0..6), WASTE or FOUNDATION_SOURCE + suit; `index` the position in the
 * column's face-up run of the lowest card lifted; `to` a column or FOUNDATION. `from` DRAW draws.
 */
export interface SearchMove {
  from: number;
  index: number;
  to: number;
}

export interface SearchPosition {
  down: number[][];
  up: number[][];
  /** Cards on each suit's foundation (the top's rank). */
  found: number[];
  /** Top last; -1 where unseen. */
  stock: number[];
  /** Top last. */
  waste: number[];
  /** 1 for each card already paid. */
  paid: Uint8Array;
  paidCount: number;
  /** Hundredths of the bet paid so far under the pay table in use. */
  hundredths: number;
}

/**
 * What the player sees of an engine state: face-up cards, foundations, the waste (every card of
 * it was seen when drawn), the number of face-down and stock cards, the cards already paid.
 * Face-down and stock cards are -1: a player never reads them.
 */
export function visiblePosition(state: SolitaireState, payTable: readonly number[]): SearchPosition {
  const paid = new Uint8Array(52);
  let hundredths = 0;
  state.paidCards.forEach((card, n) => {
    paid[cardNumber(card)] = 1;
    hundredths += payTable[n] ?? 0;
  });
  return {
    down: state.tableau.map((c: Column) => c.down.map(() => -1)),
    up: state.tableau.map((c: Column) => c.up.map(cardNumber)),
    found: state.foundations.map((pile) => pile.length),
    stock: state.stock.map(() => -1),
    waste: state.waste.map(cardNumber),
    paid,
    paidCount: state.paidCards.length,
    hundredths,
  };
}

export function clonePosition(p: SearchPosition): SearchPosition {
  return {
    down: p.down.map((d) => d.slice()),
    up: p.up.map((u) => u.slice()),
    found: p.found.slice(),
    stock: p.stock.slice(),
    waste: p.waste.slice(),
    paid: p.paid.slice(),
    paidCount: p.paidCount,
    hundredths: p.hundredths,
  };
}

export const fitsFoundation = (p: SearchPosition, card: number): boolean =>
  card >= 0 && p.found[suit(card)] === rank(card) - 1;

/** True when `column` takes `card` (an unseen card, -1, neither moves nor takes anything). */
const takes = (p: SearchPosition, column: number, card: number): boolean => {
  if (card < 0) return false;
  const u = p.up[column] as number[];
  const top = u[u.length - 1];
  return top === undefined ? rank(card) === 13 : top >= 0 && builds(card, top);
};

/** Puts a card on its foundation and pays it if it is its first time there. */
function toFoundation(p: SearchPosition, card: number, payTable: readonly number[]): void {
  p.found[suit(card)] = rank(card);
  if (!p.paid[card]) {
    p.paid[card] = 1;
    p.hundredths += payTable[p.paidCount] ?? 0;
    p.paidCount++;
  }
}

/** Turns a column's top face-down card when no face-up card is left on it. */
function flipIfBare(p: SearchPosition, column: number): void {
  const u = p.up[column] as number[];
  const d = p.down[column] as number[];
  if (u.length === 0 && d.length > 0) u.push(d.pop() as number);
}

/** Applies a legal move (not checked: the callers generate legal moves only). */
export function applyMove(p: SearchPosition, m: SearchMove, payTable: readonly number[]): void {
  if (m.from === DRAW) {
    p.waste.push(p.stock.pop() as number);
    return;
  }
  let cards: number[];
  if (m.from === WASTE) cards = [p.waste.pop() as number];
  else if (m.from >= FOUNDATION_SOURCE) {
    const s = m.from - FOUNDATION_SOURCE;
    cards = [s * 13 + (p.found[s] as number) - 1];
    p.found[s] = (p.found[s] as number) - 1;
  } else {
    cards = (p.up[m.from] as number[]).splice(m.index);
    flipIfBare(p, m.from);
  }
  if (m.to === FOUNDATION) toFoundation(p, cards[0] as number, payTable);
  else (p.up[m.to] as number[]).push(...cards);
}

/**
 * Every move other than to a foundation that can change what the player may do later:
 *  - part or all of a run (any face-up card to the top) onto another column, except a king's run
 *    that already starts a column (moving it to another empty column changes nothing);
 *  - the waste's top onto a column;
 *  - a foundation's top back onto a column;
 * and DRAW while the stock lasts.
 */
export function searchMoves(p: SearchPosition): SearchMove[] {
  const moves: SearchMove[] = [];
  const w = p.waste[p.waste.length - 1];
  for (let c = 0; c < 7; c++) {
    const u = p.up[c] as number[];
    const bare = (p.down[c] as number[]).length === 0;
    for (let i = 0; i < u.length; i++) {
      const card = u[i] as number;
      if (i === 0 && bare && rank(card) === 13) continue;
      for (let t = 0; t < 7; t++) if (t !== c && takes(p, t, card)) moves.push({ from: c, index: i, to: t });
    }
  }
  if (w !== undefined)
    for (let t = 0; t < 7; t++) if (takes(p, t, w)) moves.push({ from: WASTE, index: 0, to: t });
  for (let s = 0; s < 4; s++) {
    const f = p.found[s] as number;
    if (f === 0) continue;
    const card = s * 13 + f - 1;
    for (let t = 0; t < 7; t++)
      if (takes(p, t, card)) moves.push({ from: FOUNDATION_SOURCE + s, index: 0, to: t });
  }
  if (p.stock.length > 0) moves.push({ from: DRAW, index: 0, to: 0 });
  return moves;
}

/** A key of what the player sees, to keep a player from going round in circles. */
export function positionKey(p: SearchPosition): string {
  let key = `${p.stock.length}|${p.waste.length}|${p.found.join(',')}|`;
  for (let c = 0; c < 7; c++) key += `${(p.down[c] as number[]).length}:${(p.up[c] as number[]).join(',')};`;
  return key;
}

/** The engine's action for a search move, in a state whose columns the move reads. */
export function engineAction(state: SolitaireState, m: SearchMove): SolitaireAction {
  if (m.from === DRAW) return { type: 'draw' };
  const to: MoveAction['to'] =
    m.to === FOUNDATION ? { pile: 'foundation' } : { pile: `tableau-${m.to}` as MoveAction['to']['pile'] };
  if (m.from === WASTE) return { type: 'move', from: { pile: 'waste' }, to };
  if (m.from >= FOUNDATION_SOURCE)
    return {
      type: 'move',
      from: { pile: `foundation-${m.from - FOUNDATION_SOURCE}` as MoveAction['from']['pile'] },
      to,
    };
  const column = state.tableau[m.from];
  const index = (column?.down.length ?? 0) + m.index;
  return { type: 'move', from: { pile: `tableau-${m.from}` as MoveAction['from']['pile'], index }, to };
}
