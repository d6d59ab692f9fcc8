import { describe, expect, it } from 'vitest';
import { FRESH_DECK, isRed, type Card } from './cards.ts';
import { simulationFloats } from './fair-random.ts';
import { replayRound } from './replay.ts';
import {
  FACE_UP_POSITIONS,
  FIRST_STOCK_POSITION,
  NO_MOVES_PAYS,
  PAY_TABLE_HUNDREDTHS,
  RED_OR_BLACK_PAYS,
  SOLITAIRE_DECLARED_RTP,
  isNoMoves,
  legalMoves,
  solitaireEngine,
  type SolitaireAction,
  type SolitaireOptions,
  type SolitaireState,
  type SolitaireView,
} from './solitaire.ts';
import { playOneRound, strategyAction } from './solitaire-strategy.ts';
import { IllegalActionError, type Floats } from './types.ts';

const noFloats: Floats = () => {
  throw new Error('A test deck reads no floats');
};

const Z99 = 2.5758;

/**
 * A test deck with the given cards at the given deal positions; every other position takes the
 * unused cards in fresh-deck order.
 */
function deckWith(placed: Record<number, Card>): Card[] {
  const deck: (Card | null)[] = Array.from({ length: 52 }, () => null);
  for (const [position, card] of Object.entries(placed)) deck[Number(position)] = card;
  const rest = FRESH_DECK.filter((c) => !Object.values(placed).includes(c));
  return deck.map((c) => c ?? (rest.shift() as Card));
}

/** A deck whose seven face-up cards and waste card are the given ones. */
const dealOf = (faceUp: Card[], waste: Card, more: Record<number, Card> = {}): Card[] =>
  deckWith({
    ...Object.fromEntries(FACE_UP_POSITIONS.map((p, c) => [p, faceUp[c] as Card])),
    [FIRST_STOCK_POSITION]: waste,
    ...more,
  });

const start = (testDeck: Card[], extra: Partial<SolitaireOptions> = {}, bet = 100): SolitaireState =>
  solitaireEngine.start(
    { betMinor: bet, options: solitaireEngine.parseOptions({ testDeck, ...extra }) },
    noFloats,
  );

const act = (state: SolitaireState, action: unknown): SolitaireState =>
  solitaireEngine.act(state, solitaireEngine.parseAction(action), noFloats);

const move = (from: string, to: string, index?: number) => ({
  type: 'move',
  from: index === undefined ? { pile: from } : { pile: from, index },
  to: { pile: to },
});

const choose = (n: number, k: number): number => {
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
};

/** The fresh deck as a test deck: positions are easy to read off. */
const ORDERED = FRESH_DECK.slice();

describe('deal', () => {
  it('deals the test deck row by row: face-up positions 0, 7, 13, 18, 22, 25, 27; stock 28..50 top last; 51 on the waste', () => {
    const state = start(ORDERED);
    const d = (i: number) => ORDERED[i] as Card;
    expect(state.tableau.map((c) => c.up)).toEqual(FACE_UP_POSITIONS.map((p) => [d(p)]));
    expect(state.tableau[0]?.down).toEqual([]);
    expect(state.tableau[1]?.down).toEqual([d(1)]);
    expect(state.tableau[2]?.down).toEqual([d(2), d(8)]);
    expect(state.tableau[6]?.down).toEqual([d(6), d(12), d(17), d(21), d(24), d(26)]);
    expect(state.tableau.map((c) => c.down.length)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(state.stock).toEqual(ORDERED.slice(28, 51));
    expect(state.waste).toEqual([d(51)]);
    expect(state.foundations).toEqual([[], [], [], []]);
  });

  it('shuffles with shuffleFront over floats 0..50 when there is no test deck (deterministic)', () => {
    const a = solitaireEngine.start(
      { betMinor: 100, options: { noMovesBet: 0, redOrBlackBet: 0 } },
      simulationFloats(7),
    );
    const b = solitaireEngine.start(
      { betMinor: 100, options: { noMovesBet: 0, redOrBlackBet: 0 } },
      simulationFloats(7),
    );
    expect(a).toEqual(b);
    const cards = [...a.tableau.flatMap((c) => [...c.down, ...c.up]), ...a.stock, ...a.waste];
    expect(new Set(cards).size).toBe(52);
  });

  it('refuses malformed options and test decks with IllegalActionError', () => {
    const bad = [
      { testDeck: ORDERED.slice(1) },
      { testDeck: [...ORDERED.slice(1), 'AS'] },
      { testDeck: [...ORDERED.slice(1), 'XX'] },
      { noMovesBet: -1 },
      { redOrBlackBet: 1.5 },
      { redOrBlackBet: '5' },
      { surprise: 1 },
      'deck',
    ];
    for (const options of bad)
      expect(() => solitaireEngine.parseOptions(options)).toThrow(IllegalActionError);
    expect(solitaireEngine.parseOptions(undefined)).toEqual({ noMovesBet: 0, redOrBlackBet: 0 });
  });
});

describe('view', () => {
  it('hides face-down cards and the stock while the round is open, shows them once finished', () => {
    const state = start(ORDERED);
    const view = solitaireEngine.view(state) as SolitaireView;
    const hiddenCards = [...state.tableau.flatMap((c) => c.down), ...state.stock];
    const text = JSON.stringify(view);
    for (const card of hiddenCards) expect(text).not.toContain(`"${card}"`);
    expect(view.tableau.map((c) => c.faceDown)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(view.stock.count).toBe(23);
    expect(view.waste).toEqual({ top: ORDERED[51], count: 1 });
    expect(view.hidden).toBeUndefined();
    const ended = solitaireEngine.view(act(state, { type: 'end' })) as SolitaireView;
    expect(ended.hidden?.stock).toEqual(state.stock);
    expect(ended.hidden?.tableau).toEqual(state.tableau.map((c) => c.down));
  });
});

describe('moves', () => {
  // Columns: 1 KS, 2 QH, 3 JC, 4 5D, 5 9S, 6 8H, 7 2S; waste AH.
  const faceUp: Card[] = ['KS', 'QH', 'JC', '5D', '9S', '8H', '2S'];
  const deal = () => start(dealOf(faceUp, 'AH'));

  it('moves the waste ace to its foundation and then takes it back onto a black two', () => {
    let state = act(deal(), move('waste', 'foundation'));
    expect(state.foundations[2]).toEqual(['AH']);
    expect(state.waste).toEqual([]);
    state = act(state, move('foundation-2', 'tableau-6'));
    expect(state.tableau[6]?.up).toEqual(['2S', 'AH']);
  });

  it('moves runs between columns and turns the face-down card left on top', () => {
    let state = act(deal(), move('tableau-1', 'tableau-0'));
    expect(state.tableau[0]?.up).toEqual(['KS', 'QH']);
    expect(state.tableau[1]?.up).toHaveLength(1);
    expect(state.tableau[1]?.down).toHaveLength(0);
    state = act(state, move('tableau-2', 'tableau-0'));
    expect(state.tableau[0]?.up).toEqual(['KS', 'QH', 'JC']);
    expect(state.tableau[2]?.down).toHaveLength(1);
    // the run KS QH JC as a whole onto nothing else: from index 0 of column 1 to an empty column is refused (no empty column)
    expect(() => act(state, move('tableau-0', 'tableau-3', 0))).toThrow(IllegalActionError);
    // the run QH JC (index 1) cannot go on the 5D
    expect(() => act(state, move('tableau-0', 'tableau-3', 1))).toThrow(IllegalActionError);
  });

  it('puts only a king (or a king-led run) on an empty column', () => {
    // Column 1 is just KS: move it... nowhere; instead empty column 1 by moving a queen onto a king elsewhere.
    const deck = dealOf(['QH', 'KS', 'JC', '5D', '9S', '8H', '2S'], 'KD');
    let state = start(deck);
    state = act(state, move('tableau-0', 'tableau-1'));
    expect(state.tableau[0]).toEqual({ down: [], up: [] });
    expect(() => act(state, move('tableau-3', 'tableau-0'))).toThrow(IllegalActionError);
    state = act(state, move('waste', 'tableau-0'));
    expect(state.tableau[0]?.up).toEqual(['KD']);
  });

  it('refuses illegal moves with IllegalActionError', () => {
    const state = deal();
    const illegal = [
      move('tableau-3', 'foundation'), // a five on an empty foundation
      move('tableau-4', 'tableau-5'), // 9S on 8H
      move('tableau-5', 'tableau-5'), // onto itself
      move('tableau-6', 'tableau-0', 0), // a face-down card
      move('tableau-6', 'tableau-0', 9), // past the top
      move('waste', 'foundation-0'), // AH to the clubs foundation
      move('foundation-0', 'tableau-0'), // an empty foundation
    ];
    for (const m of illegal) expect(() => act(state, m), JSON.stringify(m)).toThrow(IllegalActionError);
    for (const raw of [
      { type: 'move', from: { pile: 'stock' }, to: { pile: 'tableau-0' } },
      { type: 'fly' },
      null,
    ])
      expect(() => solitaireEngine.parseAction(raw)).toThrow(IllegalActionError);
  });

  it('lists the allowed moves in the view', () => {
    const view = solitaireEngine.view(deal()) as SolitaireView;
    expect(view.moves).toContainEqual(move('waste', 'foundation'));
    expect(view.moves).toContainEqual(move('tableau-1', 'tableau-0', 1));
    expect(view.moves).not.toContainEqual(move('tableau-3', 'foundation', 3));
  });
});

describe('one pass through the stock', () => {
  it('draws the 23 stock cards one at a time from the top, then refuses to draw again', () => {
    let state = start(ORDERED);
    for (let i = 0; i < 23; i++) {
      state = act(state, { type: 'draw' });
      expect(state.waste.at(-1)).toBe(ORDERED[50 - i]);
    }
    expect(state.stock).toEqual([]);
    expect(state.waste).toHaveLength(24);
    expect(() => act(state, { type: 'draw' })).toThrow(IllegalActionError);
    expect((solitaireEngine.view(state) as SolitaireView).canDraw).toBe(false);
  });
});

describe('pay', () => {
  it('pays each card once: a card taken back off a foundation and returned is not paid again', () => {
    const deck = dealOf(['KS', 'QH', 'JC', '5D', '9S', '8H', '2S'], 'AH');
    let state = start(deck, {}, 1000);
    state = act(state, move('waste', 'foundation'));
    const once = Math.floor((1000 * (PAY_TABLE_HUNDREDTHS[0] as number)) / 100);
    expect(solitaireEngine.won(state)).toBe(once);
    state = act(state, move('foundation-2', 'tableau-6'));
    expect(solitaireEngine.won(state)).toBe(once);
    state = act(state, move('tableau-6', 'foundation'));
    expect(state.foundations[2]).toEqual(['AH']);
    expect(state.paidCards).toEqual(['AH']);
    expect(solitaireEngine.won(state)).toBe(once);
  });

  it('pays the n-th card its table value, rounded down once on the total', () => {
    expect(PAY_TABLE_HUNDREDTHS).toHaveLength(52);
    const state = start(ORDERED, {}, 3);
    const fake = { ...state, paidCards: FRESH_DECK.slice(0, 5) };
    const hundredths = PAY_TABLE_HUNDREDTHS.slice(0, 5).reduce((a, b) => a + b, 0);
    expect(solitaireEngine.won(fake)).toBe(Math.floor((3 * hundredths) / 100));
  });
});

describe('end and default action', () => {
  it('ends when the player asks, keeps what was won, refuses anything after', () => {
    let state = start(dealOf(['KS', 'QH', 'JC', '5D', '9S', '8H', '2S'], 'AH'));
    state = act(state, move('waste', 'foundation'));
    const before = solitaireEngine.won(state);
    expect(solitaireEngine.defaultAction(state)).toEqual({ type: 'end' });
    state = act(state, solitaireEngine.defaultAction(state));
    expect(solitaireEngine.finished(state)).toBe(true);
    expect(state.endedBy).toBe('player');
    expect(solitaireEngine.won(state)).toBe(before);
    expect(() => act(state, { type: 'draw' })).toThrow(IllegalActionError);
    expect(solitaireEngine.steps(state).at(-1)).toEqual({ kind: 'end', reason: 'player' });
  });

  it('ends itself when nothing is left to do, and when all 52 cards are home', () => {
    let stuck = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const floats = simulationFloats(seed);
      let state = solitaireEngine.start(
        { betMinor: 100, options: { noMovesBet: 0, redOrBlackBet: 0 } },
        floats,
      );
      while (!solitaireEngine.finished(state))
        state = solitaireEngine.act(state, strategyAction(state), floats);
      if (state.endedBy === 'no_moves') {
        stuck++;
        expect(state.stock).toEqual([]);
        expect(legalMoves({ ...state, endedBy: null })).toEqual([]);
      }
      if (state.endedBy === 'won') expect(state.paidCards).toHaveLength(52);
    }
    expect(stuck).toBeGreaterThan(0);
  });

  it('never changes a state it acts on (piles are copied on write), so a state can be acted on twice', () => {
    const floats = simulationFloats(9);
    let state = solitaireEngine.start(
      { betMinor: 100, options: { noMovesBet: 0, redOrBlackBet: 0 } },
      floats,
    );
    const snapshots: string[] = [];
    const states: SolitaireState[] = [];
    while (!solitaireEngine.finished(state)) {
      snapshots.push(JSON.stringify(state));
      states.push(state);
      const action = strategyAction(state);
      state = solitaireEngine.act(state, action, floats);
      // The same state acted on again (a retry) gives the same next state.
      expect(solitaireEngine.act(states.at(-1) as SolitaireState, action, floats)).toEqual(state);
    }
    states.forEach((s, i) => expect(JSON.stringify(s)).toBe(snapshots[i]));
  });

  it('replays to the same state from the options and the actions', () => {
    const floats = simulationFloats(42);
    const options = { noMovesBet: 100, redOrBlackBet: 100 };
    let state = solitaireEngine.start({ betMinor: 100, options }, floats);
    const actions: SolitaireAction[] = [];
    while (!solitaireEngine.finished(state)) {
      const action = strategyAction(state);
      actions.push(action);
      state = solitaireEngine.act(state, action, floats);
    }
    expect(replayRound(solitaireEngine, { betMinor: 100, options, actions }, floats)).toEqual(state);
  });
});

describe('side bets', () => {
  it('stakes the bet plus the side bets and pays the side bets won at the deal', () => {
    const allBlack: Card[] = ['KS', 'QC', 'JS', '5C', '9S', '8C', '2S'];
    const state = start(dealOf(allBlack, '3C'), { noMovesBet: 100, redOrBlackBet: 100 });
    expect(solitaireEngine.staked(state)).toBe(300);
    expect(state.sideBets.redOrBlack).toBe(true);
    // Black on black never builds and there is no ace: no moves as well.
    expect(state.sideBets.noMoves).toBe(true);
    expect(solitaireEngine.won(state)).toBe(100 * NO_MOVES_PAYS + 100 * RED_OR_BLACK_PAYS);
    const view = solitaireEngine.view(state) as SolitaireView;
    expect(view.sideBets.redOrBlack).toEqual({ bet: 100, hit: true, win: 100 * RED_OR_BLACK_PAYS });
  });

  it('refuses a side bet that is neither off nor the bet, naming the field', () => {
    for (const [options, field] of [
      [{ noMovesBet: 150, redOrBlackBet: 0 }, 'noMovesBet'],
      [{ noMovesBet: 0, redOrBlackBet: 50 }, 'redOrBlackBet'],
      [{ noMovesBet: 100, redOrBlackBet: 100_000 }, 'redOrBlackBet'],
    ] as const) {
      let caught: unknown;
      try {
        solitaireEngine.start({ betMinor: 100, options }, simulationFloats(1));
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(IllegalActionError);
      expect((caught as IllegalActionError).field).toBe(field);
    }
  });

  it('red or black: the exact probability is 2 C(26,8) / C(52,8) = 0.4152 %', () => {
    const exact = (2 * choose(26, 8)) / choose(52, 8);
    expect(exact).toBeCloseTo(0.004152, 6);
    expect(start(dealOf(['KH', 'QD', 'JH', '5D', '9H', '8D', '2H'], '3D')).sideBets.redOrBlack).toBe(true);
    expect(start(dealOf(['KH', 'QD', 'JH', '5D', '9H', '8D', '2H'], '3C')).sideBets.redOrBlack).toBe(false);
    expect(start(dealOf(['KS', 'QD', 'JH', '5D', '9H', '8D', '2H'], '3D')).sideBets.redOrBlack).toBe(false);
  });

  it('no moves: the definition on constructed deals', () => {
    const quiet: Card[] = ['KS', 'QC', 'JS', '5C', '9S', '8C', '2S'];
    expect(isNoMoves(quiet, '3C')).toBe(true);
    expect(isNoMoves(quiet, 'AD')).toBe(false); // the waste card goes to a foundation
    expect(isNoMoves(quiet, 'JD')).toBe(false); // the waste card goes on the QC
    expect(isNoMoves(['AS', ...quiet.slice(1)], '3C')).toBe(false); // a face-up ace
    expect(isNoMoves(['KS', 'QD', ...quiet.slice(2)], '3C')).toBe(false); // QD goes on KS
    expect(isNoMoves(['KS', 'QS', 'JD', '5C', '9S', '8C', '2S'], '3C')).toBe(false); // JD goes on QS
    expect(isNoMoves(quiet, '4D')).toBe(false); // the waste card goes on the 5C
  });
});

describe('side-bet probabilities by simulation through the engine', () => {
  /**
   * "No moves" exactly: every set of 7 face-up cards and a waste card, counted by the cards'
   * rank and colour (26 classes of two cards each). 348,848,872 of the 6,020,305,200
   * (C(52,7) x 45) possibilities: 5.7945 %.
   */
  function exactNoMoves(): { hits: number; total: number } {
    const m = new Array<number>(26).fill(0);
    let hits = 0;
    const has = (rank: number, colour: number) => rank < 13 && (m[rank * 2 + colour] ?? 0) > 0;
    const visit = (k: number, left: number, weight: number): void => {
      if (left === 0) {
        for (let r = 0; r < 13; r++)
          for (let colour = 0; colour < 2; colour++)
            if (has(r, colour) && (r === 0 || has(r + 1, 1 - colour))) return;
        for (let s = 0; s < 26; s++) {
          const r = s >> 1;
          if (r === 0 || has(r + 1, 1 - (s & 1))) continue;
          hits += weight * (2 - (m[s] ?? 0));
        }
        return;
      }
      if (k === 26) return;
      for (let c = 0; c <= Math.min(2, left); c++) {
        m[k] = c;
        visit(k + 1, left - c, weight * (c === 1 ? 2 : 1));
      }
      m[k] = 0;
    };
    visit(0, 7, 1);
    return { hits, total: choose(52, 7) * 45 };
  }

  it('no moves: exact count 348,848,872 / 6,020,305,200 = 5.7945 %, and the engine within its 99 % interval', () => {
    const exact = exactNoMoves();
    expect(exact).toEqual({ hits: 348_848_872, total: 6_020_305_200 });
    const p = exact.hits / exact.total;
    const n = 40_000;
    let noMoves = 0;
    let redOrBlack = 0;
    for (let seed = 0; seed < n; seed++) {
      const state = solitaireEngine.start(
        { betMinor: 1, options: { noMovesBet: 0, redOrBlackBet: 0 } },
        simulationFloats(10_000_000 + seed),
      );
      if (state.sideBets.noMoves) noMoves++;
      if (state.sideBets.redOrBlack) redOrBlack++;
    }
    expect(Math.abs(noMoves / n - p)).toBeLessThan(Z99 * Math.sqrt((p * (1 - p)) / n));
    const q = (2 * choose(26, 8)) / choose(52, 8);
    expect(Math.abs(redOrBlack / n - q)).toBeLessThan(Z99 * Math.sqrt((q * (1 - q)) / n));
  });

  it('red or black always means the eight cards share a colour', () => {
    for (let seed = 0; seed < 2000; seed++) {
      const state = solitaireEngine.start(
        { betMinor: 1, options: { noMovesBet: 0, redOrBlackBet: 0 } },
        simulationFloats(seed),
      );
      const eight = [...state.tableau.map((c) => c.up[0] as Card), state.waste[0] as Card];
      expect(state.sideBets.redOrBlack).toBe(new Set(eight.map(isRed)).size === 1);
    }
  });
});

describe('house strategy', () => {
  it('returns the declared RTP within the 99 % interval of 20,000 rounds', () => {
    const n = 20_000;
    let sum = 0;
    let sumSq = 0;
    for (let seed = 0; seed < n; seed++) {
      const { staked, won } = playOneRound(simulationFloats(20_000_000 + seed), 100);
      expect(staked).toBe(100);
      sum += won / staked;
      sumSq += (won / staked) ** 2;
    }
    const mean = sum / n;
    const sd = Math.sqrt(sumSq / n - mean * mean);
    expect(Math.abs(mean * 100 - SOLITAIRE_DECLARED_RTP)).toBeLessThan((Z99 * sd * 100) / Math.sqrt(n));
  }, 60_000);
});
