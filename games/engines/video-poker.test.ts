import { describe, expect, it } from 'vitest';
import { FRESH_DECK, type Card } from './cards.ts';
import { shuffleFront, simulationFloats } from './fair-random.ts';
import { replayRound } from './replay.ts';
import { IllegalActionError, type Floats } from './types.ts';
import { videoPokerEngine as engine, type VideoPokerView } from './video-poker.ts';
import { playOneRound } from './video-poker-strategy.ts';

/** Floats that make the 10-step front shuffle put exactly these cards in positions 0..9. */
function floatsDealing(cards: Card[]): Floats {
  const deck = FRESH_DECK.slice();
  const values = cards.map((card, i) => {
    const j = deck.indexOf(card);
    if (j < i) throw new Error(`${card} twice`);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    return (j - i + 0.5) / (52 - i);
  });
  return (index) => values[index] ?? 0;
}

const FILLER: Card[] = ['2C', '3D', '4H', '6S', '8C'];
/** Five draw cards not among the dealt ones. */
const drawsAfter = (dealt: Card[]): Card[] => FRESH_DECK.filter((card) => !dealt.includes(card)).slice(0, 5);
const NONE = [false, false, false, false, false];
const ALL = [true, true, true, true, true];

function play(dealt: Card[], hold: boolean[], coins = 5, betMinor = 100, draws: Card[] = drawsAfter(dealt)) {
  const floats = floatsDealing([...dealt, ...draws]);
  const state = engine.start({ betMinor, options: engine.parseOptions({ coins }) }, floats);
  return engine.act(state, engine.parseAction({ type: 'draw', hold }), floats);
}

describe('Jacks or Better engine', () => {
  it('deals the first five cards of the front shuffle and replaces unheld cards with cards 5-9 in order', () => {
    const floats = simulationFloats(7);
    const order = shuffleFront(FRESH_DECK, floats, 0, 10);
    const state = engine.start({ betMinor: 100, options: { coins: 1 } }, floats);
    expect(state.dealt).toEqual(order.slice(0, 5));
    const drawn = engine.act(state, { type: 'draw', hold: [false, true, false, true, false] }, floats);
    expect(drawn.final).toEqual([order[5], order[1], order[6], order[3], order[7]]);
    expect(engine.act(state, { type: 'draw', hold: NONE }, floats).final).toEqual(order.slice(5, 10));
    expect(engine.act(state, { type: 'draw', hold: ALL }, floats).final).toEqual(order.slice(0, 5));
  });

  it('pays every line of the 9/6 table per coin, stake included, and nothing below jacks', () => {
    const cases: [Card[], number][] = [
      [['TH', 'JH', 'QH', 'KH', 'AH'], 800],
      [['9C', 'TC', 'JC', 'QC', 'KC'], 50],
      [['AC', '2C', '3C', '4C', '5C'], 50],
      [['7C', '7D', '7H', '7S', 'KD'], 25],
      [['7C', '7D', '7H', 'KS', 'KD'], 9],
      [['2S', '7S', '9S', 'JS', 'KS'], 6],
      [['AD', '2C', '3H', '4S', '5C'], 4],
      [['9D', 'TC', 'JH', 'QS', 'KC'], 4],
      [['5C', '5D', '5H', 'KS', '2D'], 3],
      [['5C', '5D', 'KH', 'KS', '2D'], 2],
      [['JC', 'JD', '4H', '8S', '2D'], 1],
      [['AC', 'AD', '4H', '8S', '2D'], 1],
      [['TC', 'TD', '4H', '8S', '2D'], 0],
      [['KC', 'QD', '4H', '8S', '2D'], 0],
    ];
    for (const [hand, pay] of cases) {
      const state = play(hand, ALL, 5, 20);
      expect(engine.won(state), hand.join(' ')).toBe(20 * pay);
      expect(engine.staked(state)).toBe(20);
    }
  });

  it('pays the royal flush 800 per coin only at five coins (the maximum bet), 250 below', () => {
    const royal: Card[] = ['TS', 'JS', 'QS', 'KS', 'AS'];
    expect(engine.won(play(royal, ALL, 5, 500))).toBe(400_000);
    for (const coins of [1, 2, 3, 4]) expect(engine.won(play(royal, ALL, coins, 500))).toBe(125_000);
    // A straight flush pays the same at any coins.
    expect(engine.won(play(['9S', 'TS', 'JS', 'QS', 'KS'], ALL, 1, 500))).toBe(25_000);
  });

  it('draws into a paying hand: the win is floor(bet * pay) of the final cards', () => {
    const state = play(['JC', '4D', '4H', '8S', '2D'], [false, true, true, false, false], 3, 7, [
      '4S',
      '4C',
      '9H',
    ]);
    expect(state.final).toEqual(['4S', '4D', '4H', '4C', '9H']);
    expect(engine.won(state)).toBe(7 * 25);
    expect(engine.view(state)).toMatchObject({
      phase: 'drawn',
      hand: 'four_of_a_kind',
      pay: 25,
      allowed_actions: [],
    });
  });

  it('shows only the five dealt cards while open, never the draw cards', () => {
    const draws: Card[] = ['AS', 'AD', 'AH', 'AC', 'KC'];
    const floats = floatsDealing([...FILLER, ...draws]);
    const state = engine.start({ betMinor: 100, options: { coins: 5 } }, floats);
    const view = engine.view(state) as VideoPokerView;
    expect(view).toEqual({
      phase: 'dealt',
      coins: 5,
      cards: FILLER,
      held: NONE,
      hand: null,
      hand_name: null,
      pay: 0,
      allowed_actions: ['draw'],
    });
    const text = JSON.stringify([view, engine.steps(state)]);
    for (const card of draws) expect(text).not.toContain(`"${card}"`);
    expect(engine.finished(state)).toBe(false);
    expect(engine.won(state)).toBe(0);
  });

  it('names the hand dealt and records deal, hold and draw steps', () => {
    const state = play(['QC', 'QD', '4H', '8S', '2D'], [true, true, false, false, false], 5, 100, [
      'QS',
      '9C',
      '3C',
    ]);
    expect(engine.steps(state)).toEqual([
      { kind: 'deal', cards: ['QC', 'QD', '4H', '8S', '2D'] },
      { kind: 'hold', hold: [true, true, false, false, false], held: ['QC', 'QD'] },
      {
        kind: 'draw',
        drawn: ['QS', '9C', '3C'],
        cards: ['QC', 'QD', 'QS', '9C', '3C'],
        hand: 'three_of_a_kind',
        pay: 3,
        win: 300,
      },
    ]);
    expect(engine.view(state)).toMatchObject({
      held: [true, true, false, false, false],
      hand_name: 'Three of a Kind',
    });
  });

  it('refuses bad options and actions, and a second draw', () => {
    for (const bad of [
      { coins: 0 },
      { coins: 6 },
      { coins: 2.5 },
      { coins: '5' },
      { coins: 5, x: 1 },
      'five',
    ])
      expect(() => engine.parseOptions(bad)).toThrow(IllegalActionError);
    expect(engine.parseOptions(undefined)).toEqual({ coins: 1 });
    expect(engine.parseOptions({})).toEqual({ coins: 1 });
    for (const bad of [
      { type: 'hit' },
      { type: 'draw' },
      { type: 'draw', hold: [true, true, true, true] },
      { type: 'draw', hold: [1, 0, 0, 0, 0] },
      { type: 'draw', hold: NONE, extra: true },
      null,
    ])
      expect(() => engine.parseAction(bad)).toThrow(IllegalActionError);
    const state = play(FILLER, NONE);
    expect(() => engine.act(state, { type: 'draw', hold: NONE }, simulationFloats(1))).toThrow(
      IllegalActionError,
    );
    expect(() => engine.start({ betMinor: 0, options: { coins: 1 } }, simulationFloats(1))).toThrow(
      IllegalActionError,
    );
  });

  it('takes the optimal hold as the default action of a deal left open', () => {
    const hold = (dealt: Card[], coins = 5) =>
      engine.defaultAction(
        engine.start({ betMinor: 100, options: { coins } }, floatsDealing([...dealt, ...drawsAfter(dealt)])),
      ).hold;
    // Four to a royal beats a made pair of jacks.
    expect(hold(['AS', 'KS', 'QS', 'JS', 'JD'])).toEqual([true, true, true, true, false]);
    // A pat flush stands; a made full house stands.
    expect(hold(['KS', '9S', '7S', '4S', '2S'])).toEqual(ALL);
    expect(hold(['7C', '7D', '7H', 'KS', 'KD'])).toEqual(ALL);
    // A low pair is kept over nothing; three of a kind keeps the three.
    expect(hold(['5C', '9D', '5H', '2S', 'KC'])).toEqual([true, false, true, false, false]);
    expect(hold(['5C', '5D', '5H', '2S', 'KC'])).toEqual([true, true, true, false, false]);
    // Nothing at all, no high cards, no draws: throw all five away.
    expect(hold(['2C', '5D', '7H', '9S', '3C'])).toEqual(NONE);
    // The first call builds the hold tables: about 0.4 s on a quiet core.
  }, 30_000);

  it('replays a round from its inputs to the same state', () => {
    const floats = simulationFloats(99);
    const start = engine.start({ betMinor: 250, options: { coins: 2 } }, floats);
    const state = engine.act(start, { type: 'draw', hold: [true, false, false, true, false] }, floats);
    const replayed = replayRound(
      engine,
      {
        betMinor: 250,
        options: { coins: 2 },
        actions: [{ type: 'draw', hold: [true, false, false, true, false] }],
      },
      floats,
    );
    expect(replayed).toEqual(state);
  });

  it('plays one optimal round at the maximum bet for the RTP tool', () => {
    let staked = 0;
    let won = 0;
    for (let i = 0; i < 2000; i++) {
      const round = playOneRound(simulationFloats(i), 5);
      staked += round.staked;
      won += round.won;
      expect(round.won % 5).toBe(0);
    }
    expect(staked).toBe(10_000);
    // A loose sanity range: about 45 % of rounds pay something.
    expect(won).toBeGreaterThan(5_000);
    expect(won).toBeLessThan(20_000);
  });
});
