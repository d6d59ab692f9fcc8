/**
 * Jacks or Better 9/6 video poker (rules: games/jacks-or-better/rules.md).
 *
 * A round: the bet is placed and five cards are dealt; the one action `{ type: 'draw', hold }`
 * replaces the cards not held and finishes the round. The cards are the first ten of a
 * front-only Fisher-Yates shuffle of FRESH_DECK with floats 0..9 (shuffleFront): cards 0-4 are
 * the deal, cards 5-9 replace the cards not held in order (the first card not held gets card 5,
 * the next card 6, and so on).
 *
 * The start option `coins` (1..5) says which of the game's five bet steps the bet is; five
 * coins is the maximum bet, where the royal flush pays 800 per coin instead of 250. The win is
 * floor(betMinor * pay per coin) (a pay of 1 returns the bet).
 */
import { FRESH_DECK, type Card } from './cards.ts';
import { shuffleFront } from './fair-random.ts';
import { cardNumber, evaluateHand } from './poker-hands.ts';
import { IllegalActionError, type Floats, type GameEngine, type RoundStep } from './types.ts';
import { bestHold } from './video-poker-holds.ts';
import {
  MAX_COINS,
  PAY_LINE_NAMES,
  payByCode,
  payLineOf,
  royalPayFor,
  type PayLine,
} from './video-poker-pays.ts';

export const VIDEO_POKER_GAME_ID = 'jacks-or-better';
/** Declared return, percent, at the maximum bet under optimal holds (computed exactly in video-poker-return.ts). */
export const VIDEO_POKER_DECLARED_RTP = 99.54;
/** Return, percent, below the maximum bet (one to four coins: the royal flush pays 250 per coin). */
export const VIDEO_POKER_BELOW_MAX_RTP = 98.37;
const HAND_SIZE = 5;
const CARDS_USED = 10;

export interface VideoPokerOptions {
  /** 1..5: the bet step; 5 is the maximum bet (royal flush 800 per coin). */
  coins: number;
}

export interface VideoPokerAction {
  type: 'draw';
  /** One flag per dealt card, in dealt order: true keeps the card. */
  hold: boolean[];
}

export interface VideoPokerState {
  betMinor: number;
  coins: number;
  /** The five cards dealt. */
  dealt: Card[];
  /** The holds chosen at the draw (null while the deal is open). */
  hold: boolean[] | null;
  /** The final five cards after the draw (null while open). */
  final: Card[] | null;
}

/** What the player sees (RoundView.state). Never the draw cards while the deal is open. */
export interface VideoPokerView {
  phase: 'dealt' | 'drawn';
  coins: number;
  /** The five cards face up: the deal while open, the final hand after the draw. */
  cards: Card[];
  /** The holds chosen at the draw; all false while open (holds are the player's until Draw). */
  held: boolean[];
  /** The pay line the shown cards make, or null. */
  hand: PayLine | null;
  /** Its name ("Jacks or Better"), or null. */
  hand_name: string | null;
  /** Pay per coin of the shown hand (0 when it pays nothing); the win is floor(bet * pay) after the draw. */
  pay: number;
  allowed_actions: 'draw'[];
}

/** The cards of a round from its floats: the deal (0-4) and the replacements (5-9). */
function roundCards(floats: Floats): Card[] {
  return shuffleFront(FRESH_DECK, floats, 0, CARDS_USED).slice(0, CARDS_USED);
}

const PAY_BY_CODE_AT_COINS = [1, 2, 3, 4, 5].map((coins) => payByCode(royalPayFor(coins)));

function handPay(cards: readonly Card[], coins: number): { line: PayLine | null; pay: number } {
  const code = evaluateHand(
    cardNumber(cards[0]!),
    cardNumber(cards[1]!),
    cardNumber(cards[2]!),
    cardNumber(cards[3]!),
    cardNumber(cards[4]!),
  );
  return { line: payLineOf(code), pay: PAY_BY_CODE_AT_COINS[coins - 1]![code]! };
}

const isRecord = (raw: unknown): raw is Record<string, unknown> =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw);

export const videoPokerEngine: GameEngine<VideoPokerState, VideoPokerAction, VideoPokerOptions> = {
  id: VIDEO_POKER_GAME_ID,

  parseOptions(raw) {
    // No options at all is a one-coin bet (the royal then pays 250 per coin).
    if (raw === undefined || raw === null) return { coins: 1 };
    if (!isRecord(raw)) throw new IllegalActionError('Options must be an object', 'options');
    const extra = Object.keys(raw).filter((key) => key !== 'coins');
    if (extra.length > 0) throw new IllegalActionError(`Unknown option ${extra[0]}`, `options.${extra[0]}`);
    if (raw.coins === undefined) return { coins: 1 };
    const coins = raw.coins;
    if (typeof coins !== 'number' || !Number.isInteger(coins) || coins < 1 || coins > MAX_COINS)
      throw new IllegalActionError(`coins must be a whole number from 1 to ${MAX_COINS}`, 'options.coins');
    return { coins };
  },

  parseAction(raw) {
    if (!isRecord(raw) || raw.type !== 'draw')
      throw new IllegalActionError('The only action is { type: "draw", hold }', 'action.type');
    const extra = Object.keys(raw).filter((key) => key !== 'type' && key !== 'hold');
    if (extra.length > 0) throw new IllegalActionError(`Unknown field ${extra[0]}`, `action.${extra[0]}`);
    const hold = raw.hold;
    if (!Array.isArray(hold) || hold.length !== HAND_SIZE || !hold.every((h) => typeof h === 'boolean'))
      throw new IllegalActionError('hold must be five true/false flags', 'action.hold');
    return { type: 'draw', hold: hold.slice() as boolean[] };
  },

  start({ betMinor, options }, floats) {
    if (!Number.isSafeInteger(betMinor) || betMinor <= 0)
      throw new IllegalActionError('The bet must be a positive whole number of minor units', 'betValue');
    return {
      betMinor,
      coins: options.coins,
      dealt: roundCards(floats).slice(0, HAND_SIZE),
      hold: null,
      final: null,
    };
  },

  act(state, action, floats) {
    if (state.final) throw new IllegalActionError('The round is finished', 'action.type');
    const cards = roundCards(floats);
    let next = HAND_SIZE;
    const final = state.dealt.map((card, i) => (action.hold[i] ? card : (cards[next++] as Card)));
    return { ...state, hold: action.hold.slice(), final };
  },

  finished: (state) => state.final !== null,
  staked: (state) => state.betMinor,

  won(state) {
    if (!state.final) return 0;
    return Math.floor(state.betMinor * handPay(state.final, state.coins).pay);
  },

  defaultAction(state) {
    return { type: 'draw', hold: bestHold(state.dealt, state.coins) };
  },

  view(state): VideoPokerView {
    const cards = state.final ?? state.dealt;
    const { line, pay } = handPay(cards, state.coins);
    return {
      phase: state.final ? 'drawn' : 'dealt',
      coins: state.coins,
      cards: cards.slice(),
      held: state.hold ? state.hold.slice() : [false, false, false, false, false],
      hand: line,
      hand_name: line ? PAY_LINE_NAMES[line] : null,
      pay,
      allowed_actions: state.final ? [] : ['draw'],
    };
  },

  steps(state) {
    const steps: RoundStep[] = [{ kind: 'deal', cards: state.dealt.slice() }];
    if (state.hold && state.final) {
      const { line, pay } = handPay(state.final, state.coins);
      steps.push({
        kind: 'hold',
        hold: state.hold.slice(),
        held: state.dealt.filter((_, i) => state.hold?.[i]),
      });
      steps.push({
        kind: 'draw',
        drawn: state.final.filter((_, i) => !state.hold?.[i]),
        cards: state.final.slice(),
        hand: line,
        pay,
        win: Math.floor(state.betMinor * pay),
      });
    }
    return steps;
  },
};
