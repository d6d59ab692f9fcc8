import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRESH_DECK, type Card } from './cards.ts';
import {
  allowedMoves,
  blackjackEngine as engine,
  handValue,
  type BlackjackAction,
  type BlackjackState,
  type BlackjackView,
} from './blackjack.ts';
import { fairFloats } from './fair-random.ts';
import { replayRound } from './replay.ts';
import { IllegalActionError, type Floats } from './types.ts';

/** Floats that deal exactly these cards in order (the middle of each card's slice of [0, 1)). */
function dealing(cards: readonly Card[]): Floats {
  return (index) => {
    const card = cards[index];
    if (card === undefined) throw new Error(`The test dealt no card ${index}`);
    return (FRESH_DECK.indexOf(card) + 0.5) / 52;
  };
}

/** Order: player 1, dealer up, player 2, dealer hole, then draws in play order. */
function round(cards: readonly Card[], betMinor = 100) {
  const floats = dealing(cards);
  let state = engine.start({ betMinor, options: {} }, floats);
  return {
    get state(): BlackjackState {
      return state;
    },
    act(action: BlackjackAction) {
      state = engine.act(state, action, floats);
      return this;
    },
    view: (): BlackjackView => engine.view(state) as BlackjackView,
    floats,
  };
}

const HIT = { type: 'hit' } as const;
const STAND = { type: 'stand' } as const;
const DOUBLE = { type: 'double' } as const;
const SPLIT = { type: 'split' } as const;
const SURRENDER = { type: 'surrender' } as const;

describe('blackjack engine: dealing from the float stream', () => {
  it('maps a float to FRESH_DECK[floor(float * 52)]: 0 is the two of clubs, just under 1 the ace of spades', () => {
    const state = engine.start(
      { betMinor: 10, options: {} },
      (i) => [0, 0.9999999, 13 / 52, 0.5][i] as number,
    );
    expect(state.hands[0]?.cards).toEqual(['2C', '2D']);
    expect(state.dealer).toEqual(['AS', '2H']);
  });

  it('deals player card 1, dealer up card, player card 2, dealer hole card, then keeps the cursor', () => {
    const r = round(['9C', '7D', '5H', 'TS', '3C', 'KD']);
    expect(r.state.hands[0]?.cards).toEqual(['9C', '5H']);
    expect(r.state.dealer).toEqual(['7D', 'TS']);
    expect(r.state.cursor).toBe(4);
    r.act(HIT);
    expect(r.state.hands[0]?.cards).toEqual(['9C', '5H', '3C']);
    expect(r.state.cursor).toBe(5);
  });

  it('refuses a float outside [0, 1)', () => {
    expect(() => engine.start({ betMinor: 10, options: {} }, () => 1)).toThrow(/outside/);
  });
});

describe('blackjack engine: totals and the dealer', () => {
  it('counts soft totals: A+6 soft 17, A+6+T hard 17, A+A soft 12, A+A+9 soft 21', () => {
    expect(handValue(['AC', '6D'])).toEqual({ total: 17, soft: true });
    expect(handValue(['AC', '6D', 'TH'])).toEqual({ total: 17, soft: false });
    expect(handValue(['AC', 'AD'])).toEqual({ total: 12, soft: true });
    expect(handValue(['AC', 'AD', '9S'])).toEqual({ total: 21, soft: true });
    expect(handValue(['KC', 'QD', '2S'])).toEqual({ total: 22, soft: false });
  });

  it('dealer stands on soft 17 (player 18 wins)', () => {
    const r = round(['TC', '6D', '8H', 'AS', '5C']).act(STAND);
    expect(r.state.dealer).toEqual(['6D', 'AS']);
    expect(r.state.hands[0]?.result).toBe('win');
    expect(engine.won(r.state)).toBe(200);
  });

  it('dealer draws to 16 and stops at hard 17 (soft 17 turned hard by a ten counts)', () => {
    const r = round(['TC', '6D', '7H', 'TS', 'AC', 'TD']).act(STAND);
    expect(r.state.dealer).toEqual(['6D', 'TS', 'AC']);
    expect(handValue(r.state.dealer).total).toBe(17);
    expect(r.state.hands[0]?.result).toBe('push');
    expect(engine.won(r.state)).toBe(100);
  });

  it('dealer busts: every hand still standing wins even money', () => {
    const r = round(['TC', '6D', '2H', 'TS', '9C']).act(STAND);
    expect(handValue(r.state.dealer).total).toBe(25);
    expect(r.state.hands[0]?.result).toBe('win');
  });

  it('dealer does not draw when every hand is bust', () => {
    const r = round(['TC', '6D', '6H', 'TS', 'KC', '5D']).act(HIT);
    expect(r.state.phase).toBe('finished');
    expect(r.state.dealer).toEqual(['6D', 'TS']);
    expect(engine.won(r.state)).toBe(0);
  });
});

describe('blackjack engine: naturals and the peek', () => {
  it('pays blackjack 3:2 at once when the dealer shows 2..9', () => {
    const r = round(['AC', '9D', 'KH', '7S'], 100);
    expect(r.state.phase).toBe('finished');
    expect(r.state.hands[0]?.result).toBe('blackjack');
    expect(engine.staked(r.state)).toBe(100);
    expect(engine.won(r.state)).toBe(250);
  });

  it('rounds 3:2 down to whole minor units (bet 25 returns 25 + 37)', () => {
    const r = round(['AC', '9D', 'KH', '7S'], 25);
    expect(engine.won(r.state)).toBe(62);
  });

  it('dealer with a ten up peeks: a dealer blackjack ends the round before the player acts', () => {
    const r = round(['9C', 'KD', '8H', 'AS']);
    expect(r.state.phase).toBe('finished');
    expect(r.state.hands[0]?.result).toBe('lose');
    expect(engine.won(r.state)).toBe(0);
    expect(engine.steps(r.state).map((s) => s.kind)).toEqual(['deal', 'peek', 'settle']);
  });

  it('player blackjack against dealer blackjack pushes (ten up)', () => {
    const r = round(['AC', 'KD', 'QH', 'AS']);
    expect(r.state.hands[0]?.result).toBe('push');
    expect(engine.won(r.state)).toBe(100);
  });

  it('player blackjack against dealer blackjack pushes (ace up, insurance declined)', () => {
    const r = round(['AC', 'AD', 'QH', 'KS']);
    expect(r.state.phase).toBe('insurance');
    r.act({ type: 'insurance', take: false });
    expect(r.state.hands[0]?.result).toBe('push');
    expect(engine.won(r.state)).toBe(100);
  });

  it('dealer ten up without blackjack: play goes on, the peek is recorded', () => {
    const r = round(['9C', 'KD', '8H', '7S']);
    expect(r.state.phase).toBe('player');
    expect(engine.steps(r.state).at(-1)).toEqual({ kind: 'peek', dealer_blackjack: false });
  });
});

describe('blackjack engine: insurance', () => {
  it('is required first with an ace up; other moves are refused', () => {
    const r = round(['9C', 'AD', '8H', '7S']);
    expect(allowedMoves(r.state)).toEqual(['insurance']);
    expect(() => r.act(HIT)).toThrow(IllegalActionError);
  });

  it('costs half the bet and pays 2:1 when the dealer has blackjack (the hand loses)', () => {
    const r = round(['9C', 'AD', '8H', 'KS']).act({ type: 'insurance', take: true });
    expect(r.state.phase).toBe('finished');
    expect(engine.staked(r.state)).toBe(150);
    expect(engine.won(r.state)).toBe(150);
    expect(r.state.hands[0]?.result).toBe('lose');
  });

  it('is lost when the dealer has no blackjack; play goes on with it in the stake', () => {
    const r = round(['9C', 'AD', '8H', '7S', '2C']).act({ type: 'insurance', take: true });
    expect(r.state.phase).toBe('player');
    expect(engine.staked(r.state)).toBe(150);
    expect(engine.won(r.state)).toBe(0);
    r.act(STAND);
    expect(r.state.hands[0]?.result).toBe('lose');
    expect(engine.won(r.state)).toBe(0);
  });

  it('rounds its stake down on an odd bet (25 -> 12, paying 36)', () => {
    const r = round(['9C', 'AD', '8H', 'KS'], 25).act({ type: 'insurance', take: true });
    expect(engine.staked(r.state)).toBe(37);
    expect(engine.won(r.state)).toBe(36);
  });

  it('is not offered later in the hand', () => {
    const r = round(['9C', 'AD', '5H', '7S', '2C']).act({ type: 'insurance', take: false });
    expect(() => r.act({ type: 'insurance', take: true })).toThrow(IllegalActionError);
  });
});

describe('blackjack engine: surrender', () => {
  it('returns half the bet, late (after the peek)', () => {
    const r = round(['TC', 'TD', '6H', '7S']).act(SURRENDER);
    expect(r.state.phase).toBe('finished');
    expect(r.state.hands[0]?.result).toBe('surrender');
    expect(engine.won(r.state)).toBe(50);
  });

  it('rounds the refund down on an odd bet (25 -> 12)', () => {
    const r = round(['TC', 'TD', '6H', '7S'], 25).act(SURRENDER);
    expect(engine.won(r.state)).toBe(12);
  });

  it('is refused after a hit and after a split', () => {
    const hit = round(['TC', 'TD', '2H', '7S', '3C']).act(HIT);
    expect(() => hit.act(SURRENDER)).toThrow(IllegalActionError);
    const split = round(['8C', 'TD', '8H', '7S', '3C']).act(SPLIT);
    expect(allowedMoves(split.state)).not.toContain('surrender');
    expect(() => split.act(SURRENDER)).toThrow(IllegalActionError);
  });
});

describe('blackjack engine: double and split', () => {
  it('doubles on any two cards: one card, twice the stake, then the dealer plays', () => {
    const r = round(['5C', '6D', '4H', 'TS', '9C', 'TD']).act(DOUBLE);
    expect(r.state.hands[0]?.cards).toEqual(['5C', '4H', '9C']);
    expect(engine.staked(r.state)).toBe(200);
    expect(r.state.hands[0]?.result).toBe('win');
    expect(engine.won(r.state)).toBe(400);
  });

  it('refuses a double after a hit', () => {
    const r = round(['2C', '6D', '3H', 'TS', '4C']).act(HIT);
    expect(() => r.act(DOUBLE)).toThrow(IllegalActionError);
  });

  it('splits: the first hand gets its card now, the second when play reaches it', () => {
    const r = round(['8C', '6D', '8H', 'TS', '3C', 'TH', '2D']).act(SPLIT);
    expect(r.state.hands.map((h) => h.cards)).toEqual([['8C', '3C'], ['8H']]);
    expect(r.view().hands[1]?.cards).toEqual(['8H']);
    r.act(DOUBLE); // double after split: 8+3+T
    expect(r.state.hands[0]?.bet).toBe(200);
    expect(r.state.hands.map((h) => h.cards)).toEqual([
      ['8C', '3C', 'TH'],
      ['8H', '2D'],
    ]);
    expect(r.state.active).toBe(1);
    expect(allowedMoves(r.state)).toContain('double');
    expect(engine.staked(r.state)).toBe(300);
  });

  it('split aces get one card each and stand; ace + ten after a split is 21, paid even money', () => {
    const r = round(['AC', '9D', 'AH', '8S', 'KC', '5D']).act(SPLIT);
    expect(r.state.phase).toBe('finished');
    expect(r.state.hands.map((h) => h.cards)).toEqual([
      ['AC', 'KC'],
      ['AH', '5D'],
    ]);
    expect(r.state.hands.map((h) => h.result)).toEqual(['win', 'lose']);
    expect(engine.staked(r.state)).toBe(200);
    expect(engine.won(r.state)).toBe(200);
  });

  it('does not split aces again', () => {
    const r = round(['AC', '9D', 'AH', '8S', 'AD', '5D']).act(SPLIT);
    expect(r.state.phase).toBe('finished');
    expect(r.state.hands).toHaveLength(2);
    expect(r.state.hands[0]?.cards).toEqual(['AC', 'AD']);
  });

  it('splits pairs of the same value (king and ten) and refuses other pairs', () => {
    expect(allowedMoves(round(['KC', '6D', 'TH', '7S']).state)).toContain('split');
    const r = round(['9C', '6D', '8H', '7S']);
    expect(() => r.act(SPLIT)).toThrow(IllegalActionError);
  });

  it('splits to 4 hands at most', () => {
    const r = round(['8C', '6D', '8H', 'TS', '8D', '8S', '8C', '2C', '3C', '4C', '5C']);
    r.act(SPLIT).act(SPLIT).act(SPLIT);
    expect(r.state.hands).toHaveLength(4);
    expect(r.state.hands[0]?.cards).toEqual(['8C', '8C']);
    expect(allowedMoves(r.state)).not.toContain('split');
    expect(() => r.act(SPLIT)).toThrow(IllegalActionError);
    r.act(STAND).act(STAND).act(STAND).act(STAND);
    expect(r.state.phase).toBe('finished');
    expect(engine.staked(r.state)).toBe(400);
  });

  it('a hand reaching 21 stands by itself and play moves on', () => {
    const r = round(['8C', '6D', '8H', 'TS', '3C', 'TD', 'KC', '9C', 'TH']).act(SPLIT).act(HIT);
    expect(r.state.hands[0]?.status).toBe('stood');
    expect(r.state.active).toBe(1);
    r.act(HIT); // 8 + K + ... bust on the second hand
    expect(r.state.hands[1]?.status).toBe('bust');
    expect(r.state.phase).toBe('finished');
  });
});

describe('blackjack engine: wire input and refusals', () => {
  it('parses the actions and refuses anything else', () => {
    expect(engine.parseAction({ type: 'hit' })).toEqual({ type: 'hit' });
    expect(engine.parseAction({ type: 'insurance', take: false })).toEqual({
      type: 'insurance',
      take: false,
    });
    for (const bad of [
      null,
      'hit',
      [],
      {},
      { type: 'fold' },
      { type: 'insurance' },
      { type: 'insurance', take: 'yes' },
    ])
      expect(() => engine.parseAction(bad)).toThrow(IllegalActionError);
    expect(engine.parseOptions(undefined)).toEqual({});
    expect(engine.parseOptions({})).toEqual({});
    expect(() => engine.parseOptions({ decks: 6 })).toThrow(IllegalActionError);
  });

  it('refuses a bad bet and any move on a finished round', () => {
    expect(() => engine.start({ betMinor: 0, options: {} }, dealing(['2C', '3C', '4C', '5C']))).toThrow(
      IllegalActionError,
    );
    expect(() => engine.start({ betMinor: 1.5, options: {} }, dealing(['2C', '3C', '4C', '5C']))).toThrow(
      IllegalActionError,
    );
    const r = round(['AC', '9D', 'KH', '7S']);
    expect(() => r.act(STAND)).toThrow(IllegalActionError);
  });

  it('does not change the state it was given', () => {
    const r = round(['9C', '6D', '5H', 'TS', '3C']);
    const before = JSON.stringify(r.state);
    engine.act(r.state, HIT, r.floats);
    expect(JSON.stringify(r.state)).toBe(before);
  });
});

describe('blackjack engine: default action, view, steps, replay', () => {
  it('default action declines insurance, then stands every hand to the end', () => {
    const r = round(['8C', 'AD', '8H', '7S', '3C', '4D']);
    expect(engine.defaultAction(r.state)).toEqual({ type: 'insurance', take: false });
    r.act(engine.defaultAction(r.state));
    r.act(SPLIT);
    let guard = 0;
    while (!engine.finished(r.state) && guard++ < 10) {
      expect(engine.defaultAction(r.state)).toEqual({ type: 'stand' });
      r.act(engine.defaultAction(r.state));
    }
    expect(r.state.phase).toBe('finished');
    expect(r.state.hands.map((h) => h.cards)).toEqual([
      ['8C', '3C'],
      ['8H', '4D'],
    ]);
  });

  it('view shows the up card only while open, lists the moves, and shows all once finished', () => {
    const r = round(['9C', '6D', '5H', 'QS', '3C', '2C']);
    const open = r.view();
    expect(open.dealer).toEqual({ cards: ['6D'], hidden: 1, total: 6, soft: false });
    expect(JSON.stringify(open)).not.toContain('QS');
    expect(open.actions).toEqual(['hit', 'stand', 'double', 'surrender']);
    expect(open.active).toBe(0);
    r.act(STAND);
    const done = r.view();
    expect(done.dealer.cards).toEqual(['6D', 'QS', '3C']);
    expect(done.dealer.hidden).toBe(0);
    expect(done.actions).toEqual([]);
    expect(done.won).toBe(0);
  });

  it('records every step for recall: deal, hit, split, split card, stand, dealer, settle', () => {
    const r = round(['8C', '6D', '8H', 'TS', '2C', '3C', '5D', '2H']).act(SPLIT).act(HIT).act(STAND);
    expect(r.state.phase).toBe('player');
    r.act(STAND);
    expect(engine.steps(r.state).map((s) => s.kind)).toEqual([
      'deal',
      'split',
      'split_card',
      'hit',
      'stand',
      'split_card',
      'stand',
      'dealer',
      'settle',
      'settle',
    ]);
  });

  it('replaying the actions from the start gives the same final state', () => {
    const cards: Card[] = ['8C', 'AD', '8H', '7S', '3C', '9D', '4D', '2S', 'KC'];
    const actions: BlackjackAction[] = [{ type: 'insurance', take: true }, SPLIT, HIT, STAND, DOUBLE];
    const r = round(cards);
    for (const action of actions) r.act(action);
    const replayed = replayRound(engine, { betMinor: 100, options: {}, actions }, dealing(cards));
    expect(replayed).toEqual(r.state);
    expect(r.state.phase).toBe('finished');
  });
});

describe('blackjack engine: any legal play', () => {
  it('keeps its invariants over random rounds and random legal moves (JSON round trip, hidden cards, money)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
          minLength: 40,
          maxLength: 40,
        }),
        fc.array(fc.nat(), { minLength: 20, maxLength: 20 }),
        fc.integer({ min: 1, max: 5000 }),
        (stream, choices, betMinor) => {
          const floats: Floats = (i) => stream[i] as number;
          let state = engine.start({ betMinor, options: {} }, floats);
          const actions: BlackjackAction[] = [];
          for (const choice of choices) {
            if (engine.finished(state)) break;
            const moves = allowedMoves(state);
            const move = moves[choice % moves.length] as BlackjackAction['type'];
            const action: BlackjackAction =
              move === 'insurance' ? { type: 'insurance', take: choice % 2 === 0 } : { type: move };
            actions.push(action);
            // The server stores the state as JSON between moves: a stored state plays on the same.
            const stored = JSON.parse(JSON.stringify(state)) as BlackjackState;
            state = engine.act(state, action, floats);
            expect(engine.act(stored, action, floats)).toEqual(state);
            const view = engine.view(state) as BlackjackView;
            const dealt = state.dealer.length + state.hands.reduce((n, h) => n + h.cards.length, 0);
            expect(state.cursor).toBe(dealt);
            if (!engine.finished(state)) {
              expect(view.dealer.cards).toEqual(state.dealer.slice(0, 1));
              expect(view.dealer.hidden).toBe(1);
            }
          }
          while (!engine.finished(state)) state = engine.act(state, engine.defaultAction(state), floats);
          expect(state.hands.length).toBeLessThanOrEqual(4);
          expect(state.hands.every((h) => h.result !== null)).toBe(true);
          // Never more back than 2x every stake plus the 3:2 extra and the insurance's 3x.
          expect(engine.won(state)).toBeLessThanOrEqual(3 * engine.staked(state));
          expect(engine.won(state)).toBeGreaterThanOrEqual(0);
          expect(engine.staked(state)).toBeGreaterThanOrEqual(betMinor);
          const replayed = replayRound(
            engine,
            { betMinor, options: {}, actions: [...actions, ...defaultsAfter(actions, betMinor, floats)] },
            floats,
          );
          expect(replayed).toEqual(state);
        },
      ),
      { numRuns: 300 },
    );
  });
});

/** The default moves the loop above took after the random ones, for the replay. */
function defaultsAfter(
  actions: readonly BlackjackAction[],
  betMinor: number,
  floats: Floats,
): BlackjackAction[] {
  let state = engine.start({ betMinor, options: {} }, floats);
  for (const action of actions) state = engine.act(state, action, floats);
  const more: BlackjackAction[] = [];
  while (!engine.finished(state)) {
    const action = engine.defaultAction(state);
    more.push(action);
    state = engine.act(state, action, floats);
  }
  return more;
}

describe('blackjack engine: provably fair test vector', () => {
  it('server seed 0123…cdef ×4, client seed "lucky-crown", nonce 1: J♥ 8♦ against 5♦ (6♠), stand, dealer draws 2♦ 4♠ to 17', () => {
    const floats = fairFloats('0123456789abcdef'.repeat(4), 'lucky-crown', 1);
    expect(Math.floor(floats(0) * 52)).toBe(35); // 0.678849… -> index 35 = JH
    let state = engine.start({ betMinor: 100, options: {} }, floats);
    expect(state.hands[0]?.cards).toEqual(['JH', '8D']);
    expect(state.dealer).toEqual(['5D', '6S']);
    state = engine.act(state, { type: 'stand' }, floats);
    expect(state.dealer).toEqual(['5D', '6S', '2D', '4S']);
    expect(state.hands[0]?.result).toBe('win');
    expect(engine.won(state)).toBe(200);
  });
});
