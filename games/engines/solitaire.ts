/**
 * Klondike solitaire, one pass through the stock, paid per card moved to the foundations
 * (games/klondike/rules.md states every rule below for players).
 *
 * Deal. The deck is `shuffleFront(FRESH_DECK, floats, 0)` (a full shuffle, floats 0..50), or the
 * `testDeck` option in its place. It is dealt the traditional way, row by row: for row r = 0..6,
 * one card to each column c = r..6, the card of column r face up and the others face down. So the
 * face-up cards are deck positions 0, 7, 13, 18, 22, 25 and 27 (columns 1 to 7), and column c's
 * face-down cards are, bottom to top, the positions of rows 0..c-1 in that column. Positions
 * 28..51 form the stock with position 51 on top; the deal turns that top card (position 51) onto
 * the waste, so the stock then holds 23 cards and the side bets look only at face-up cards.
 *
 * Play. `draw` turns the next stock card onto the waste, one at a time; the stock is gone through
 * once, never redealt. `move` takes the waste's top card, a face-up run of a column (from any
 * face-up card to the column's top) or a foundation's top card, and puts it on a column (one rank
 * lower, opposite colour; only a king, or a run starting with one, on an empty column) or on its
 * suit's foundation (one card at a time, ace first). Cards may be taken back off a foundation
 * onto a column. A column's top face-down card turns face up when the cards above it leave.
 *
 * Pay. The n-th distinct card to reach a foundation adds PAY_TABLE_HUNDREDTHS[n - 1] hundredths
 * of the bet; a card taken back off a foundation and put there again is not paid again (each card
 * is paid once in a round). The total is rounded down to a whole minor unit once, at the end.
 *
 * End. The player ends the round (`end`) whenever they like; it also ends itself when all 52
 * cards are on the foundations or when no legal action is left (stock empty and no move at all).
 * A round left open 24 hours is ended with `end`.
 */
import { FRESH_DECK, isCard, SUITS, type Card } from './cards.ts';
import { shuffleFront } from './fair-random.ts';
import { IllegalActionError, type Floats, type GameEngine, type RoundStep } from './types.ts';

// ---------- pay table and side bets ----------

/**
 * Hundredths of the bet added by the n-th distinct card to reach a foundation (index n - 1): 20 for
 * each of the first four cards, 5 for each of the 5th to 12th, nothing for the 13th to 51st, and
 * 25 for the 52nd (the table cleared). Every value is a multiple of 5 hundredths, so every bet step
 * (a multiple of 20 minor units) is paid exactly.
 *
 * Priced against the strongest player we have built (solitaire-expert.ts), not the house's greedy
 * strategy: the old table (rising to 10x for the 52nd card) returned 95 % to the greedy strategy and
 * about 190 % to a player looking two moves ahead, because skill shows in the long tail (clearing
 * the table) while the first cards come to almost every player. So the pay sits where skill moves
 * little: docs/games.md, "Klondike: priced against an expert", has the figures and the search.
 */
export const PAY_TABLE_HUNDREDTHS: readonly number[] = buildPayTable();

function buildPayTable(): number[] {
  const table: number[] = [];
  for (let n = 1; n <= 52; n++) {
    if (n <= 4) table.push(20);
    else if (n <= 12) table.push(5);
    else if (n <= 51) table.push(0);
    else table.push(25);
  }
  return table;
}

/** Returned per unit staked on "Red or black" when it wins (stake included). */
export const RED_OR_BLACK_PAYS = 230;
/** Returned per unit staked on "No moves" when it wins (stake included). */
export const NO_MOVES_PAYS = 16;

/**
 * The return of the base bet is a range, as it depends on how the player plays (rules.md):
 *  - SOLITAIRE_DECLARED_RTP, a casual player: the house's greedy strategy (solitaire-strategy.ts),
 *    measured through this engine over 3,000,000 rounds (bet 100, simulationFloats seeds
 *    100,000,000 to 101,499,999 and 200,000,000 to 201,499,999);
 *    (88.597 %, 99 % interval 88.560 to 88.634, sd per round 0.249);
 *  - SOLITAIRE_EXPERT_RTP, an expert: the six-move lookahead (solitaire-expert.ts), measured over
 *    5,000 rounds (seeds 300,000,000 to 300,002,499 and 400,000,000 to 400,002,499): 93.385 %,
 *    99 % interval 92.490 to 94.280 (sd per round 0.246).
 * docs/games.md gives both intervals; rtp.test.ts fails when the expert's reaches 100 %.
 */
export const SOLITAIRE_DECLARED_RTP = 88.6;
export const SOLITAIRE_EXPERT_RTP = 93.39;

// ---------- state, actions, view ----------

export type TableauPile = `tableau-${0 | 1 | 2 | 3 | 4 | 5 | 6}`;
export type FoundationPile = `foundation-${0 | 1 | 2 | 3}`;
export type PileId = 'waste' | TableauPile | FoundationPile;

export interface MoveAction {
  type: 'move';
  /** `index`: for a column, the position in the column counting from the bottom (face-down cards included); defaults to the top card. */
  from: { pile: PileId; index?: number };
  /** 'foundation' puts the card on its suit's foundation. */
  to: { pile: TableauPile | FoundationPile | 'foundation' };
}
export type SolitaireAction = { type: 'draw' } | MoveAction | { type: 'end' };

export interface SolitaireOptions {
  /** Side bet "No moves", minor units, 0 for none. */
  noMovesBet: number;
  /** Side bet "Red or black", minor units, 0 for none. */
  redOrBlackBet: number;
  /** 52 distinct cards used in place of the shuffle (the server accepts it only in test mode). */
  testDeck?: Card[];
}

export interface Column {
  /** Face-down cards, bottom first. */
  down: Card[];
  /** Face-up cards, bottom first (always a descending run of alternating colours). */
  up: Card[];
}

export type EndReason = 'player' | 'won' | 'no_moves';

export interface SolitaireState {
  betMinor: number;
  noMovesBet: number;
  redOrBlackBet: number;
  tableau: Column[];
  /** One pile per suit in SUITS order (clubs, diamonds, hearts, spades), ace first. */
  foundations: Card[][];
  /** Top last. */
  stock: Card[];
  /** Top last. */
  waste: Card[];
  /** Every card already paid for reaching a foundation, in the order they were paid. */
  paidCards: Card[];
  sideBets: { noMoves: boolean; redOrBlack: boolean };
  endedBy: EndReason | null;
  steps: RoundStep[];
}

export interface SolitaireView {
  tableau: { faceDown: number; faceUp: Card[] }[];
  /** Clubs, diamonds, hearts, spades. */
  foundations: { suit: string; top: Card | null; count: number }[];
  waste: { top: Card | null; count: number };
  stock: { count: number };
  /** Cards paid so far and what they pay (minor units). */
  paidCards: number;
  foundationWin: number;
  sideBets: {
    noMoves: { bet: number; hit: boolean; win: number };
    redOrBlack: { bet: number; hit: boolean; win: number };
  };
  bet: number;
  staked: number;
  won: number;
  finished: boolean;
  endedBy: EndReason | null;
  /** Every move allowed now (draw and end are not listed). */
  moves: MoveAction[];
  canDraw: boolean;
  /** Once finished, the cards that stayed hidden (face-down cards bottom first; stock top last). */
  hidden?: { tableau: Card[][]; stock: Card[] };
}

// ---------- card rules ----------

// The card helpers below are local (not cards.ts') because simulations call them millions of times.
const SOLITAIRE_RANKS = 'A23456789TJQK';

/** Ace 1, two 2 ... king 13. */
export const solitaireRank = (card: Card): number => SOLITAIRE_RANKS.indexOf(card[0] as string) + 1;
/** 0 clubs, 1 diamonds, 2 hearts, 3 spades (the foundation of the suit). */
const suitIndex = (card: Card): number => 'CDHS'.indexOf(card[1] as string);
const isRed = (card: Card): boolean => card[1] === 'D' || card[1] === 'H';

/** True when `card` may be put on `target` in a column (one rank lower, opposite colour). */
export const buildsOn = (card: Card, target: Card): boolean =>
  isRed(card) !== isRed(target) && solitaireRank(card) + 1 === solitaireRank(target);

const canGoToFoundation = (card: Card, foundation: readonly Card[]): boolean => {
  const top = foundation[foundation.length - 1];
  return top === undefined ? solitaireRank(card) === 1 : solitaireRank(card) === solitaireRank(top) + 1;
};

/** Deck positions of the seven face-up cards, columns 1 to 7. */
export const FACE_UP_POSITIONS = [0, 7, 13, 18, 22, 25, 27] as const;
/** The first stock card, turned onto the waste at the deal. */
export const FIRST_STOCK_POSITION = 51;

/**
 * "Red or black": the seven face-up cards and the first stock card are all red or all black.
 */
export const isRedOrBlack = (faceUp: readonly Card[], firstStock: Card): boolean => {
  const cards = [...faceUp, firstStock];
  return cards.every((c) => isRed(c)) || cards.every((c) => !isRed(c));
};

/**
 * "No moves": at the deal, with the seven face-up cards and the first stock card (on the waste)
 * - none of the eight is an ace (nothing can go to a foundation),
 * - no face-up card can go on another column's face-up card (one rank lower, opposite colour),
 * - the first stock card can go on none of the seven face-up cards.
 * (No column is empty at the deal, so there is no king move.) Drawing is not a move here.
 */
export const isNoMoves = (faceUp: readonly Card[], firstStock: Card): boolean => {
  if (faceUp.some((c) => solitaireRank(c) === 1) || solitaireRank(firstStock) === 1) return false;
  for (const target of faceUp) {
    if (buildsOn(firstStock, target)) return false;
    for (const card of faceUp) if (card !== target && buildsOn(card, target)) return false;
  }
  return true;
};

// ---------- parsing ----------

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const minorAmount = (value: unknown, field: string): number => {
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new IllegalActionError(`${field} must be a whole, non-negative amount of minor units`, field);
  return value;
};

function parseOptions(raw: unknown): SolitaireOptions {
  if (raw === undefined || raw === null) return { noMovesBet: 0, redOrBlackBet: 0 };
  if (!isRecord(raw)) throw new IllegalActionError('Options must be an object', 'options');
  for (const key of Object.keys(raw))
    if (key !== 'noMovesBet' && key !== 'redOrBlackBet' && key !== 'testDeck')
      throw new IllegalActionError(`Unknown option ${key}`, key);
  const options: SolitaireOptions = {
    noMovesBet: minorAmount(raw.noMovesBet, 'noMovesBet'),
    redOrBlackBet: minorAmount(raw.redOrBlackBet, 'redOrBlackBet'),
  };
  if (raw.testDeck !== undefined) {
    const deck = raw.testDeck;
    if (!Array.isArray(deck) || deck.length !== 52 || !deck.every(isCard) || new Set(deck).size !== 52)
      throw new IllegalActionError('testDeck must be the 52 cards, each once', 'testDeck');
    options.testDeck = deck.slice();
  }
  return options;
}

const TABLEAU_PILE = /^tableau-([0-6])$/;
const FOUNDATION_PILE = /^foundation-([0-3])$/;

const isPileId = (value: unknown): value is PileId =>
  typeof value === 'string' && (value === 'waste' || TABLEAU_PILE.test(value) || FOUNDATION_PILE.test(value));

function parseAction(raw: unknown): SolitaireAction {
  if (!isRecord(raw)) throw new IllegalActionError('An action is an object', 'action');
  if (raw.type === 'draw') return { type: 'draw' };
  if (raw.type === 'end') return { type: 'end' };
  if (raw.type !== 'move') throw new IllegalActionError('An action is draw, move or end', 'action.type');
  const { from, to } = raw;
  if (!isRecord(from) || !isPileId(from.pile))
    throw new IllegalActionError('from.pile must be waste, tableau-0..6 or foundation-0..3', 'action.from');
  if (from.index !== undefined && (typeof from.index !== 'number' || !Number.isSafeInteger(from.index)))
    throw new IllegalActionError('from.index must be a whole number', 'action.from.index');
  if (
    !isRecord(to) ||
    typeof to.pile !== 'string' ||
    !(to.pile === 'foundation' || TABLEAU_PILE.test(to.pile) || FOUNDATION_PILE.test(to.pile))
  )
    throw new IllegalActionError('to.pile must be tableau-0..6, foundation-0..3 or foundation', 'action.to');
  const move: MoveAction = {
    type: 'move',
    from: { pile: from.pile },
    to: { pile: to.pile as MoveAction['to']['pile'] },
  };
  if (typeof from.index === 'number') move.from.index = from.index;
  return move;
}

// ---------- start ----------

/** The deck in dealing order: the test deck, or the full shuffle of the round's floats. */
export const dealingDeck = (options: SolitaireOptions, floats: Floats): Card[] =>
  options.testDeck ? options.testDeck.slice() : shuffleFront(FRESH_DECK, floats, 0);

/**
 * Each side bet is off or exactly the base bet (rules.md): a side bet of its own size would let a
 * stake of any amount ride on a 230-for-1 prize past every bet limit.
 */
function checkSideBets(betMinor: number, options: SolitaireOptions): void {
  for (const field of ['noMovesBet', 'redOrBlackBet'] as const) {
    const amount = options[field];
    if (amount !== 0 && amount !== betMinor)
      throw new IllegalActionError('A side bet is either off or the same amount as the bet', field);
  }
}

function start(
  { betMinor, options }: { betMinor: number; options: SolitaireOptions },
  floats: Floats,
): SolitaireState {
  checkSideBets(betMinor, options);
  const deck = dealingDeck(options, floats);
  const tableau: Column[] = Array.from({ length: 7 }, () => ({ down: [], up: [] }));
  let position = 0;
  for (let row = 0; row < 7; row++) {
    for (let column = row; column < 7; column++) {
      const card = deck[position++] as Card;
      const pile = tableau[column] as Column;
      if (column === row) pile.up.push(card);
      else pile.down.push(card);
    }
  }
  const stock = deck.slice(28);
  const firstStock = stock.pop() as Card;
  const faceUp = tableau.map((c) => c.up[0] as Card);
  const sideBets = { noMoves: isNoMoves(faceUp, firstStock), redOrBlack: isRedOrBlack(faceUp, firstStock) };
  const state: SolitaireState = {
    betMinor,
    noMovesBet: options.noMovesBet,
    redOrBlackBet: options.redOrBlackBet,
    tableau,
    foundations: [[], [], [], []],
    stock,
    waste: [firstStock],
    paidCards: [],
    sideBets,
    endedBy: null,
    steps: [{ kind: 'deal', faceUp, waste: firstStock, sideBets }],
  };
  return settleIfStuck(state);
}

// ---------- moves ----------

/** The column of 'tableau-N', or -1 (pile ids are already checked by parseAction). */
const columnIndex = (pile: string): number => (pile.startsWith('tableau-') ? pile.charCodeAt(8) - 48 : -1);
/** The foundation of 'foundation-N', or -1. */
const foundationIndex = (pile: string): number =>
  pile.startsWith('foundation-') ? pile.charCodeAt(11) - 48 : -1;

/** The cards a move would lift (without changing anything), or an error message. */
function liftedCards(state: SolitaireState, from: MoveAction['from']): Card[] | string {
  if (from.pile === 'waste') {
    if (from.index !== undefined && from.index !== state.waste.length - 1)
      return 'Only the waste top card can move';
    const top = state.waste[state.waste.length - 1];
    return top === undefined ? 'The waste is empty' : [top];
  }
  const f = foundationIndex(from.pile);
  if (f >= 0) {
    const pile = state.foundations[f] as Card[];
    if (from.index !== undefined && from.index !== pile.length - 1)
      return 'Only a foundation top card can move';
    const top = pile[pile.length - 1];
    return top === undefined ? 'That foundation is empty' : [top];
  }
  const column = state.tableau[columnIndex(from.pile)] as Column;
  const size = column.down.length + column.up.length;
  if (size === 0) return 'That column is empty';
  const index = from.index ?? size - 1;
  if (index < column.down.length || index >= size) return 'Only a face-up card can move';
  return column.up.slice(index - column.down.length);
}

function moveError(state: SolitaireState, move: MoveAction): string | null {
  const cards = liftedCards(state, move.from);
  if (typeof cards === 'string') return cards;
  const first = cards[0] as Card;
  const target = move.to.pile;
  if (target === move.from.pile) return 'A card must move to another pile';
  if (target.startsWith('foundation')) {
    if (cards.length !== 1) return 'Only one card at a time goes to a foundation';
    if (target !== 'foundation' && foundationIndex(target) !== suitIndex(first))
      return 'A card goes to the foundation of its suit';
    if (move.from.pile.startsWith('foundation')) return 'A card must move to another pile';
    if (!canGoToFoundation(first, state.foundations[suitIndex(first)] as Card[]))
      return 'That card cannot go to its foundation yet';
    return null;
  }
  const column = state.tableau[columnIndex(target)] as Column;
  const top = column.up[column.up.length - 1];
  if (top === undefined) return solitaireRank(first) === 13 ? null : 'Only a king goes on an empty column';
  return buildsOn(first, top) ? null : 'That card does not go on that column';
}

/**
 * Copy-on-write: the next state shares every pile with `state` until it writes one, and only
 * copies the piles it writes (writableColumn, writableFoundation), so a round's states never
 * share an array that changes.
 */
const nextOf = (state: SolitaireState): SolitaireState => ({
  ...state,
  tableau: state.tableau.slice(),
  foundations: state.foundations.slice(),
  steps: state.steps.slice(),
});

function writableColumn(next: SolitaireState, c: number): Column {
  const column = next.tableau[c] as Column;
  const copy = { down: column.down.slice(), up: column.up.slice() };
  next.tableau[c] = copy;
  return copy;
}

function writableFoundation(next: SolitaireState, f: number): Card[] {
  const copy = (next.foundations[f] as Card[]).slice();
  next.foundations[f] = copy;
  return copy;
}

function applyMove(state: SolitaireState, move: MoveAction): SolitaireState {
  const error = moveError(state, move);
  if (error) throw new IllegalActionError(error, 'action');
  const next = nextOf(state);
  let cards: Card[];
  let flipped: Card | undefined;
  if (move.from.pile === 'waste') {
    cards = state.waste.slice(-1);
    next.waste = state.waste.slice(0, -1);
  } else if (move.from.pile.startsWith('foundation'))
    cards = [writableFoundation(next, foundationIndex(move.from.pile)).pop() as Card];
  else {
    const column = writableColumn(next, columnIndex(move.from.pile));
    const size = column.down.length + column.up.length;
    const index = move.from.index ?? size - 1;
    cards = column.up.splice(index - column.down.length);
    if (column.up.length === 0 && column.down.length > 0) {
      flipped = column.down.pop() as Card;
      column.up.push(flipped);
    }
  }
  let paid = false;
  const first = cards[0] as Card;
  let to: string = move.to.pile;
  if (to === 'foundation' || to.startsWith('foundation')) {
    to = `foundation-${suitIndex(first)}`;
    writableFoundation(next, suitIndex(first)).push(first);
    if (!state.paidCards.includes(first)) {
      next.paidCards = [...state.paidCards, first];
      paid = true;
    }
  } else writableColumn(next, columnIndex(to)).up.push(...cards);
  next.steps.push({
    kind: 'move',
    from: move.from.pile,
    to,
    cards,
    ...(flipped ? { flipped } : {}),
    ...(paid ? { paid: true } : {}),
  });
  return settleIfStuck(next);
}

/**
 * Every move allowed now, in a fixed order (waste, columns left to right bottom-up, foundations);
 * with `firstOnly`, at most the first one (enough to know whether any is left).
 */
export function legalMoves(state: SolitaireState, firstOnly = false): MoveAction[] {
  if (state.endedBy) return [];
  const sources: MoveAction['from'][] = [];
  if (state.waste.length > 0) sources.push({ pile: 'waste' });
  state.tableau.forEach((column, c) => {
    for (let k = 0; k < column.up.length; k++)
      sources.push({ pile: `tableau-${c}` as TableauPile, index: column.down.length + k });
  });
  state.foundations.forEach((pile, f) => {
    if (pile.length > 0) sources.push({ pile: `foundation-${f}` as FoundationPile });
  });
  const targets: MoveAction['to']['pile'][] = [
    'foundation',
    ...Array.from({ length: 7 }, (_, c) => `tableau-${c}` as TableauPile),
  ];
  const moves: MoveAction[] = [];
  for (const from of sources)
    for (const pile of targets) {
      const move: MoveAction = { type: 'move', from, to: { pile } };
      if (moveError(state, move) === null) {
        moves.push(move);
        if (firstOnly) return moves;
      }
    }
  return moves;
}

/** Ends the round when every card is on the foundations or when nothing at all is left to do. */
function settleIfStuck(state: SolitaireState): SolitaireState {
  if (state.endedBy) return state;
  const reason: EndReason | null = state.foundations.every((f) => f.length === 13)
    ? 'won'
    : state.stock.length === 0 && legalMoves(state, true).length === 0
      ? 'no_moves'
      : null;
  if (!reason) return state;
  return { ...state, endedBy: reason, steps: [...state.steps, { kind: 'end', reason }] };
}

function act(state: SolitaireState, action: SolitaireAction): SolitaireState {
  if (state.endedBy) throw new IllegalActionError('The round is finished', 'action');
  if (action.type === 'end')
    return { ...state, endedBy: 'player', steps: [...state.steps, { kind: 'end', reason: 'player' }] };
  if (action.type === 'draw') {
    if (state.stock.length === 0)
      throw new IllegalActionError('The stock is empty: it is gone through only once', 'action');
    const card = state.stock[state.stock.length - 1] as Card;
    return settleIfStuck({
      ...state,
      stock: state.stock.slice(0, -1),
      waste: [...state.waste, card],
      steps: [...state.steps, { kind: 'draw', card }],
    });
  }
  return applyMove(state, action);
}

// ---------- money ----------

/** What the foundation cards paid so far, minor units (rounded down once). */
export function foundationWin(state: SolitaireState): number {
  let hundredths = 0;
  for (let n = 0; n < state.paidCards.length; n++) hundredths += PAY_TABLE_HUNDREDTHS[n] ?? 0;
  return Math.floor((state.betMinor * hundredths) / 100);
}

const sideBetWins = (state: SolitaireState) => ({
  noMoves: state.sideBets.noMoves ? state.noMovesBet * NO_MOVES_PAYS : 0,
  redOrBlack: state.sideBets.redOrBlack ? state.redOrBlackBet * RED_OR_BLACK_PAYS : 0,
});

const staked = (state: SolitaireState): number => state.betMinor + state.noMovesBet + state.redOrBlackBet;

const won = (state: SolitaireState): number => {
  const side = sideBetWins(state);
  return foundationWin(state) + side.noMoves + side.redOrBlack;
};

function view(state: SolitaireState): SolitaireView {
  const side = sideBetWins(state);
  const finished = state.endedBy !== null;
  return {
    tableau: state.tableau.map((c) => ({ faceDown: c.down.length, faceUp: c.up.slice() })),
    foundations: state.foundations.map((pile, f) => ({
      suit: SUITS[f] as string,
      top: pile[pile.length - 1] ?? null,
      count: pile.length,
    })),
    waste: { top: state.waste[state.waste.length - 1] ?? null, count: state.waste.length },
    stock: { count: state.stock.length },
    paidCards: state.paidCards.length,
    foundationWin: foundationWin(state),
    sideBets: {
      noMoves: { bet: state.noMovesBet, hit: state.sideBets.noMoves, win: side.noMoves },
      redOrBlack: { bet: state.redOrBlackBet, hit: state.sideBets.redOrBlack, win: side.redOrBlack },
    },
    bet: state.betMinor,
    staked: staked(state),
    won: won(state),
    finished,
    endedBy: state.endedBy,
    moves: legalMoves(state),
    canDraw: !finished && state.stock.length > 0,
    ...(finished
      ? { hidden: { tableau: state.tableau.map((c) => c.down.slice()), stock: state.stock.slice() } }
      : {}),
  };
}

export const solitaireEngine: GameEngine<SolitaireState, SolitaireAction, SolitaireOptions> = {
  id: 'klondike',
  parseOptions,
  parseAction,
  start,
  act: (state, action) => act(state, action),
  finished: (state) => state.endedBy !== null,
  staked,
  won,
  defaultAction: () => ({ type: 'end' }),
  view,
  steps: (state) => state.steps.slice(),
};
