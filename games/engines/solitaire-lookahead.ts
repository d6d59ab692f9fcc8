/**
 * A Klondike player that looks a fixed number of moves ahead: from what the screen shows, it
 * tries every sequence of up to `depth` moves (foundation moves, part or all of a run onto another
 * column, the waste's top onto a column, a card back from a foundation; never a draw, whose card
 * it cannot know), scores where each sequence ends, and makes the first move of the best one. A
 * move that turns a face-down card ends its sequence there (the card is unknown until turned).
 * When no sequence improves on the position, it draws; when the stock is empty too, it ends.
 *
 * The score of a position: what it has paid so far, plus FLIP_VALUE for each face-down card turned
 * and WASTE_VALUE for each card off the waste (so sequences that dig into the tableau or the waste
 * count before they pay). This is the kind of player that beat the old pay table (issue 18); at six
 * moves it is the expert the pay table is priced against (solitaire-expert.ts).
 */
import type { SolitaireAction, SolitaireState } from './solitaire.ts';
import {
  applyMove,
  clonePosition,
  DRAW,
  engineAction,
  FOUNDATION,
  fitsFoundation,
  positionKey,
  searchMoves,
  visiblePosition,
  WASTE,
  type SearchMove,
  type SearchPosition,
} from './solitaire-search.ts';

export interface LookaheadSettings {
  /** Moves looked ahead. */
  depth: number;
  /** The pay table the player maximises (hundredths of the bet per n-th card). */
  payTable: readonly number[];
  /** Positions scored per decision at most. */
  nodeBudget?: number;
  /** Score of a face-down card turned and of a card off the waste (FLIP_VALUE, WASTE_VALUE). */
  flipValue?: number;
  wasteValue?: number;
}

/** Score of one more face-down card turned, hundredths of the bet. */
export const FLIP_VALUE = 40;
/** Score of one card fewer on the waste. */
export const WASTE_VALUE = 6;

export function positionScore(p: SearchPosition, flipValue = FLIP_VALUE, wasteValue = WASTE_VALUE): number {
  let down = 0;
  for (const d of p.down) down += d.length;
  return p.hundredths - flipValue * down - wasteValue * p.waste.length;
}

/** Every move the lookahead tries: foundation moves first, then the others, never a draw. */
export function lookaheadMoves(p: SearchPosition): SearchMove[] {
  const moves: SearchMove[] = [];
  for (let c = 0; c < 7; c++) {
    const u = p.up[c] as number[];
    const top = u[u.length - 1];
    if (top !== undefined && fitsFoundation(p, top))
      moves.push({ from: c, index: u.length - 1, to: FOUNDATION });
  }
  const w = p.waste[p.waste.length - 1];
  if (w !== undefined && fitsFoundation(p, w)) moves.push({ from: WASTE, index: 0, to: FOUNDATION });
  for (const m of searchMoves(p)) if (m.from !== DRAW) moves.push(m);
  return moves;
}

/** True when the move turns a face-down card (its sequence stops there). */
const turnsCard = (p: SearchPosition, m: SearchMove): boolean =>
  m.from < 7 && m.index === 0 && (p.down[m.from] as number[]).length > 0;

interface SearchContext {
  payTable: readonly number[];
  score: (p: SearchPosition) => number;
  nodes: number;
  budget: number;
  /** Best remaining depth searched from a position, and the value found. */
  table: Map<string, { depth: number; value: number }>;
}

function bestReachable(p: SearchPosition, depth: number, ctx: SearchContext): number {
  ctx.nodes++;
  let best = ctx.score(p);
  if (depth === 0 || ctx.nodes > ctx.budget) return best;
  const key = positionKey(p);
  const known = ctx.table.get(key);
  if (known && known.depth >= depth) return known.value;
  for (const m of lookaheadMoves(p)) {
    const next = clonePosition(p);
    applyMove(next, m, ctx.payTable);
    const value = turnsCard(p, m) ? ctx.score(next) : bestReachable(next, depth - 1, ctx);
    if (value > best) best = value;
  }
  ctx.table.set(key, { depth, value: best });
  return best;
}

/**
 * The best first move by a `depth`-move lookahead from `p` (skipping moves into a position of
 * `avoid`; the first of equal scores in move order), or null when none scores above `p` itself.
 */
export function lookaheadChoice(
  p: SearchPosition,
  settings: LookaheadSettings,
  avoid?: ReadonlySet<string>,
): { move: SearchMove; value: number } | null {
  const ctx: SearchContext = {
    payTable: settings.payTable,
    nodes: 0,
    budget: settings.nodeBudget ?? 200_000,
    table: new Map(),
    score: (q) => positionScore(q, settings.flipValue, settings.wasteValue),
  };
  let best: { move: SearchMove; value: number } | null = null;
  for (const m of lookaheadMoves(p)) {
    const next = clonePosition(p);
    applyMove(next, m, settings.payTable);
    if (avoid?.has(positionKey(next))) continue;
    const value = turnsCard(p, m) ? ctx.score(next) : bestReachable(next, settings.depth - 1, ctx);
    if (!best || value > best.value) best = { move: m, value };
  }
  return best && best.value > ctx.score(p) ? best : null;
}

/** The lookahead as a player of real rounds (it remembers the positions it has been in). */
export class LookaheadPlayer {
  private readonly visited = new Set<string>();

  constructor(private readonly settings: LookaheadSettings) {}

  next(state: SolitaireState): SolitaireAction {
    const seen = visiblePosition(state, this.settings.payTable);
    this.visited.add(positionKey(seen));
    const choice = lookaheadChoice(seen, this.settings, this.visited);
    if (choice) return engineAction(state, choice.move);
    return seen.stock.length > 0 ? { type: 'draw' } : { type: 'end' };
  }
}
