/**
 * The players that search Klondike (solitaire-search.ts, solitaire-lookahead.ts,
 * solitaire-expert.ts): their model of a position follows the engine move for move, they never
 * read a card the player cannot see, and the expert plays better than the house's greedy strategy
 * on the same deals. The expert's return against the ceiling is in rtp.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { simulationFloats } from './fair-random.ts';
import {
  legalMoves,
  PAY_TABLE_HUNDREDTHS,
  solitaireEngine,
  type SolitaireAction,
  type SolitaireState,
} from './solitaire.ts';
import { EXPERT_SETTINGS, playExpertRound } from './solitaire-expert.ts';
import { LookaheadPlayer, lookaheadMoves } from './solitaire-lookahead.ts';
import {
  applyMove,
  clonePosition,
  engineAction,
  positionKey,
  visiblePosition,
  type SearchPosition,
} from './solitaire-search.ts';
import { playOneRound, strategyAction } from './solitaire-strategy.ts';

const engine = solitaireEngine;
const newRound = (seed: number): SolitaireState =>
  engine.start({ betMinor: 100, options: { noMovesBet: 0, redOrBlackBet: 0 } }, simulationFloats(seed));

/** A small deterministic generator for the tests' own choices. */
const chooser = (seed: number) => {
  let x = seed >>> 0 || 1;
  return (n: number): number => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
};

/** The model's position after a move, with the card a flip turned filled in from the engine. */
function revealFlips(model: SearchPosition, engineAfter: SearchPosition): SearchPosition {
  const out = clonePosition(model);
  out.up.forEach((up, c) => {
    if (up[up.length - 1] === -1) up[up.length - 1] = engineAfter.up[c]?.[up.length - 1] as number;
  });
  return out;
}

describe('the search model follows the engine', () => {
  it(
    'every move it lists is legal in the engine and leads to the same position (1,000 moves over 30 deals)',
    { timeout: 60_000 },
    () => {
      let checked = 0;
      for (let deal = 0; deal < 30; deal++) {
        const pick = chooser(deal + 1);
        let state = newRound(7_000 + deal);
        for (let step = 0; step < 80 && !engine.finished(state); step++) {
          const seen = visiblePosition(state, PAY_TABLE_HUNDREDTHS);
          const moves = lookaheadMoves(seen);
          for (const m of moves) {
            const model = clonePosition(seen);
            applyMove(model, m, PAY_TABLE_HUNDREDTHS);
            const after = engine.act(state, engineAction(state, m), simulationFloats(0));
            const engineSeen = visiblePosition(after, PAY_TABLE_HUNDREDTHS);
            expect(revealFlips(model, engineSeen)).toEqual(engineSeen);
            checked++;
          }
          // Every engine move the model leaves out is a king's run that already starts its column.
          const listed = new Set(moves.map((m) => JSON.stringify(engineAction(state, m))));
          for (const move of legalMoves(state)) {
            if (listed.has(JSON.stringify(move))) continue;
            const column = Number(move.from.pile.slice(8));
            expect(move.from.pile.startsWith('tableau-')).toBe(true);
            expect(state.tableau[column]?.down.length).toBe(0);
            expect(move.from.index).toBe(0);
            expect(state.tableau[column]?.up[0]?.[0]).toBe('K');
          }
          const options: SolitaireAction[] = [
            ...legalMoves(state),
            ...(state.stock.length ? [{ type: 'draw' as const }] : []),
          ];
          if (options.length === 0) break;
          state = engine.act(state, options[pick(options.length)] as SolitaireAction, simulationFloats(0));
        }
      }
      expect(checked).toBeGreaterThan(1_000);
    },
  );
});

describe('the players never read a hidden card', () => {
  /** The same round with its face-down and stock cards dealt differently among themselves. */
  function reshuffleHidden(state: SolitaireState, seed: number): SolitaireState {
    const pick = chooser(seed);
    const hidden = [...state.tableau.flatMap((c) => c.down), ...state.stock];
    for (let i = hidden.length - 1; i > 0; i--) {
      const j = pick(i + 1);
      [hidden[i], hidden[j]] = [hidden[j] as string, hidden[i] as string];
    }
    let k = 0;
    return {
      ...state,
      tableau: state.tableau.map((c) => ({
        down: c.down.map(() => hidden[k++] as string),
        up: c.up.slice(),
      })),
      stock: state.stock.map(() => hidden[k++] as string),
    };
  }

  it('chooses the same action whatever the hidden cards are (30 positions, 3 redeals each)', () => {
    let compared = 0;
    for (let deal = 0; deal < 30; deal++) {
      let state = newRound(9_000 + deal);
      // Somewhere into the round, by the house strategy.
      for (let step = 0; step < 6 + (deal % 10) && !engine.finished(state); step++)
        state = engine.act(state, strategyAction(state), simulationFloats(0));
      if (engine.finished(state)) continue;
      const action = new LookaheadPlayer(EXPERT_SETTINGS).next(state);
      for (let r = 0; r < 3; r++) {
        const other = reshuffleHidden(state, deal * 10 + r + 1);
        expect(positionKey(visiblePosition(other, PAY_TABLE_HUNDREDTHS))).toBe(
          positionKey(visiblePosition(state, PAY_TABLE_HUNDREDTHS)),
        );
        expect(new LookaheadPlayer(EXPERT_SETTINGS).next(other)).toEqual(action);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(60);
  });

  it('sees face-down and stock cards only as unknown (-1)', () => {
    const seen = visiblePosition(newRound(5), PAY_TABLE_HUNDREDTHS);
    expect(seen.down.flat().every((c) => c === -1)).toBe(true);
    expect(seen.stock).toHaveLength(23);
    expect(seen.stock.every((c) => c === -1)).toBe(true);
    expect(seen.up.flat().every((c) => c >= 0)).toBe(true);
  });
});

describe('the expert', () => {
  it('plays better than the house strategy on the same 60 deals, and every round ends', () => {
    let expert = 0;
    let house = 0;
    for (let deal = 0; deal < 60; deal++) {
      const round = playExpertRound(simulationFloats(11_000 + deal), 100);
      expect(round.staked).toBe(100);
      expert += round.won;
      house += playOneRound(simulationFloats(11_000 + deal), 100).won;
    }
    expect(expert).toBeGreaterThan(house);
  }, 120_000);
});
