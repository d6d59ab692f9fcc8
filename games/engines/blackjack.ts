/**
 * Blackjack, unlimited deck (games/blackjack/rules.md). Every card is drawn independently:
 * card = FRESH_DECK[floor(float * 52)], reading the round's floats in order with a cursor kept in
 * the state: player card 1, dealer up card, player card 2, dealer hole card, then every later
 * card in the order it is dealt (hits, doubles, the second card of each split hand when play
 * reaches it, the dealer's draws).
 *
 * Dealer stands on soft 17 and peeks for blackjack with an ace or a ten-valued card up.
 * Blackjack pays 3:2; double on any two cards, also after a split; split pairs of the same value
 * up to 4 hands; split aces get one card each and are not split again; insurance (ace up) costs
 * half the bet and pays 2:1; late surrender returns half the bet. A hand reaching 21 stands by
 * itself. Amounts that are not whole minor units (3:2 on an odd bet, half an odd bet) are rounded
 * down.
 */
import { FRESH_DECK, type Card } from './cards.ts';
import { IllegalActionError, type Floats, type GameEngine, type RoundStep } from './types.ts';

export const BLACKJACK_MOVES = ['hit', 'stand', 'double', 'split', 'surrender', 'insurance'] as const;
export type BlackjackMove = (typeof BLACKJACK_MOVES)[number];

export type BlackjackAction =
  { type: 'hit' | 'stand' | 'double' | 'split' | 'surrender' } | { type: 'insurance'; take: boolean };

export type BlackjackOptions = Record<string, never>;

export type BlackjackPhase = 'insurance' | 'player' | 'finished';
export type HandStatus = 'waiting' | 'playing' | 'stood' | 'bust' | 'blackjack' | 'surrendered';
export type HandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'surrender';

export interface BlackjackHand {
  cards: Card[];
  /** This hand's stake, minor units (doubled when the hand doubled). */
  bet: number;
  doubled: boolean;
  fromSplit: boolean;
  /** A hand made by splitting aces: one card, then it stands. */
  splitAces: boolean;
  status: HandStatus;
  result: HandResult | null;
  /** Paid back on this hand, minor units. */
  payout: number;
}

export interface BlackjackInsurance {
  taken: boolean;
  stake: number;
  payout: number;
  /** Settled once the dealer peeked. */
  settled: boolean;
}

export interface BlackjackState {
  betMinor: number;
  /** Index of the next float to read. */
  cursor: number;
  phase: BlackjackPhase;
  /** Up card, hole card, then the dealer's draws. */
  dealer: Card[];
  hands: BlackjackHand[];
  /** The hand being played (phase 'player'). */
  active: number;
  /** null until the player decided (or when insurance was not offered). */
  insurance: BlackjackInsurance | null;
  steps: RoundStep[];
}

export const MAX_HANDS = 4;

// ---- card arithmetic ----

/** 1 for an ace, 10 for ten, jack, queen, king, else the pip value. */
export function cardValue(card: Card): number {
  const rank = card[0];
  if (rank === 'A') return 1;
  if (rank === 'T' || rank === 'J' || rank === 'Q' || rank === 'K') return 10;
  return Number(rank);
}

export interface HandValue {
  total: number;
  /** An ace counts 11 in the total. */
  soft: boolean;
}

export function handValue(cards: readonly Card[]): HandValue {
  let hard = 0;
  let ace = false;
  for (const card of cards) {
    const value = cardValue(card);
    hard += value;
    if (value === 1) ace = true;
  }
  return ace && hard + 10 <= 21 ? { total: hard + 10, soft: true } : { total: hard, soft: false };
}

/** Two cards making 21, not after a split. */
export const isNatural = (cards: readonly Card[], fromSplit = false): boolean =>
  !fromSplit && cards.length === 2 && handValue(cards).total === 21;

/** 3:2 on the bet, rounded down, plus the bet back. */
export const blackjackPayout = (bet: number): number => bet + Math.floor((bet * 3) / 2);
/** Half the bet, rounded down (insurance stake, surrender refund). */
export const halfBet = (bet: number): number => Math.floor(bet / 2);

// ---- state helpers (every change works on a copy) ----

function copyState(state: BlackjackState): BlackjackState {
  return {
    ...state,
    dealer: state.dealer.slice(),
    hands: state.hands.map((hand) => ({ ...hand, cards: hand.cards.slice() })),
    insurance: state.insurance ? { ...state.insurance } : null,
    steps: state.steps.slice(),
  };
}

function draw(state: BlackjackState, floats: Floats): Card {
  const float = floats(state.cursor);
  if (!(float >= 0 && float < 1)) throw new Error(`Float ${state.cursor} is outside [0, 1)`);
  state.cursor += 1;
  return FRESH_DECK[Math.floor(float * 52)] as Card;
}

const activeHand = (state: BlackjackState): BlackjackHand => state.hands[state.active] as BlackjackHand;

/** What the player may do now. 'insurance' means the insurance decision (take or decline). */
export function allowedMoves(state: BlackjackState): BlackjackMove[] {
  if (state.phase === 'insurance') return ['insurance'];
  if (state.phase !== 'player') return [];
  const hand = activeHand(state);
  const moves: BlackjackMove[] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    moves.push('double');
    const [a, b] = hand.cards as [Card, Card];
    if (cardValue(a) === cardValue(b) && state.hands.length < MAX_HANDS) moves.push('split');
    if (state.hands.length === 1 && !hand.fromSplit) moves.push('surrender');
  }
  return moves;
}

// ---- the round ----

function start(betMinor: number, floats: Floats): BlackjackState {
  if (!Number.isSafeInteger(betMinor) || betMinor < 1)
    throw new IllegalActionError('The bet must be a whole number of minor units, at least 1', 'betValue');
  const state: BlackjackState = {
    betMinor,
    cursor: 0,
    phase: 'player',
    dealer: [],
    hands: [],
    active: 0,
    insurance: null,
    steps: [],
  };
  const first = draw(state, floats);
  const up = draw(state, floats);
  const second = draw(state, floats);
  const hole = draw(state, floats);
  state.dealer = [up, hole];
  state.hands = [
    {
      cards: [first, second],
      bet: betMinor,
      doubled: false,
      fromSplit: false,
      splitAces: false,
      status: 'playing',
      result: null,
      payout: 0,
    },
  ];
  state.steps.push({ kind: 'deal', player: [first, second], dealer_up: up });
  // Insurance needs a stake of at least one minor unit.
  if (cardValue(up) === 1 && halfBet(betMinor) >= 1) {
    state.phase = 'insurance';
    return state;
  }
  return peekAndNaturals(state);
}

/** After the insurance decision (or at once): the dealer peeks, naturals are settled. */
function peekAndNaturals(state: BlackjackState): BlackjackState {
  const hand = activeHand(state);
  const upValue = cardValue(state.dealer[0] as Card);
  const dealerNatural = isNatural(state.dealer);
  const playerNatural = isNatural(hand.cards);
  if (upValue === 1 || upValue === 10) state.steps.push({ kind: 'peek', dealer_blackjack: dealerNatural });
  const insurance = state.insurance;
  if (insurance?.taken) {
    insurance.payout = dealerNatural ? insurance.stake * 3 : 0;
    insurance.settled = true;
    state.steps.push({ kind: 'settle_insurance', stake: insurance.stake, payout: insurance.payout });
  }
  if (dealerNatural) {
    hand.status = playerNatural ? 'blackjack' : 'stood';
    settleHand(state, 0, playerNatural ? 'push' : 'lose', playerNatural ? hand.bet : 0);
    return finish(state);
  }
  if (playerNatural) {
    hand.status = 'blackjack';
    settleHand(state, 0, 'blackjack', blackjackPayout(hand.bet));
    return finish(state);
  }
  state.phase = 'player';
  return state;
}

function settleHand(state: BlackjackState, index: number, result: HandResult, payout: number): void {
  const hand = state.hands[index] as BlackjackHand;
  hand.result = result;
  hand.payout = payout;
  state.steps.push({ kind: 'settle', hand: index, result, bet: hand.bet, payout });
}

function finish(state: BlackjackState): BlackjackState {
  state.phase = 'finished';
  return state;
}

function act(previous: BlackjackState, action: BlackjackAction, floats: Floats): BlackjackState {
  if (previous.phase === 'finished') throw new IllegalActionError('The round is finished', 'action');
  if (previous.phase === 'insurance') {
    if (action.type !== 'insurance')
      throw new IllegalActionError('Take or decline insurance first', 'action');
    const state = copyState(previous);
    const stake = action.take ? halfBet(state.betMinor) : 0;
    state.insurance = { taken: action.take, stake, payout: 0, settled: !action.take };
    state.steps.push({ kind: 'insurance', take: action.take, stake });
    return peekAndNaturals(state);
  }
  if (!allowedMoves(previous).includes(action.type))
    throw new IllegalActionError(`"${action.type}" is not allowed now`, 'action');
  const state = copyState(previous);
  const index = state.active;
  const hand = activeHand(state);
  switch (action.type) {
    case 'hit': {
      const card = draw(state, floats);
      hand.cards.push(card);
      const { total } = handValue(hand.cards);
      state.steps.push({ kind: 'hit', hand: index, card, total });
      if (total > 21) hand.status = 'bust';
      else if (total === 21) hand.status = 'stood';
      break;
    }
    case 'stand':
      hand.status = 'stood';
      state.steps.push({ kind: 'stand', hand: index, total: handValue(hand.cards).total });
      break;
    case 'double': {
      hand.bet *= 2;
      hand.doubled = true;
      const card = draw(state, floats);
      hand.cards.push(card);
      const { total } = handValue(hand.cards);
      state.steps.push({ kind: 'double', hand: index, card, total, bet: hand.bet });
      hand.status = total > 21 ? 'bust' : 'stood';
      break;
    }
    case 'split': {
      const [first, second] = hand.cards as [Card, Card];
      const aces = cardValue(first) === 1;
      hand.cards = [first];
      hand.fromSplit = true;
      hand.splitAces = aces;
      state.hands.splice(index + 1, 0, {
        cards: [second],
        bet: hand.bet,
        doubled: false,
        fromSplit: true,
        splitAces: aces,
        status: 'waiting',
        result: null,
        payout: 0,
      });
      state.steps.push({ kind: 'split', hand: index, new_hand: index + 1, cards: [first, second] });
      dealSplitCard(state, index, floats);
      break;
    }
    case 'surrender':
      hand.status = 'surrendered';
      state.steps.push({ kind: 'surrender', hand: index });
      settleHand(state, index, 'surrender', halfBet(hand.bet));
      break;
    case 'insurance':
      throw new IllegalActionError('Insurance is offered only before play, with an ace up', 'action');
  }
  return advance(state, floats);
}

/** A split hand's second card; split aces and a 21 stand at once. */
function dealSplitCard(state: BlackjackState, index: number, floats: Floats): void {
  const hand = state.hands[index] as BlackjackHand;
  const card = draw(state, floats);
  hand.cards.push(card);
  const { total } = handValue(hand.cards);
  state.steps.push({ kind: 'split_card', hand: index, card, total });
  hand.status = hand.splitAces || total === 21 ? 'stood' : 'playing';
}

/** Moves play to the next hand that needs the player, or to the dealer when none does. */
function advance(state: BlackjackState, floats: Floats): BlackjackState {
  while (activeHand(state).status !== 'playing') {
    if (state.active + 1 >= state.hands.length) return dealerPlays(state, floats);
    state.active += 1;
    const next = activeHand(state);
    if (next.cards.length === 1) dealSplitCard(state, state.active, floats);
    else next.status = 'playing';
  }
  return state;
}

function dealerPlays(state: BlackjackState, floats: Floats): BlackjackState {
  const live = state.hands.some((hand) => hand.status === 'stood');
  // The dealer draws only when a hand is left to beat; stands on every 17, soft ones too.
  if (live) while (handValue(state.dealer).total < 17) state.dealer.push(draw(state, floats));
  const dealerTotal = handValue(state.dealer).total;
  state.steps.push({ kind: 'dealer', cards: state.dealer.slice(), total: dealerTotal });
  state.hands.forEach((hand, index) => {
    if (hand.status === 'surrendered') return;
    if (hand.status === 'bust') return settleHand(state, index, 'lose', 0);
    const total = handValue(hand.cards).total;
    if (dealerTotal > 21 || total > dealerTotal) settleHand(state, index, 'win', hand.bet * 2);
    else if (total === dealerTotal) settleHand(state, index, 'push', hand.bet);
    else settleHand(state, index, 'lose', 0);
  });
  return finish(state);
}

// ---- wire parsing ----

function parseAction(raw: unknown): BlackjackAction {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new IllegalActionError('An action is an object with a type', 'action');
  const { type, take } = raw as { type?: unknown; take?: unknown };
  switch (type) {
    case 'hit':
    case 'stand':
    case 'double':
    case 'split':
    case 'surrender':
      return { type };
    case 'insurance':
      if (typeof take !== 'boolean')
        throw new IllegalActionError('Insurance needs take: true or false', 'action.take');
      return { type, take };
    default:
      throw new IllegalActionError(`Unknown blackjack action ${JSON.stringify(type)}`, 'action.type');
  }
}

function parseOptions(raw: unknown): BlackjackOptions {
  if (raw === undefined || raw === null) return {};
  if (typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0) return {};
  throw new IllegalActionError('Blackjack takes no start options', 'options');
}

// ---- what the player sees ----

export interface BlackjackHandView {
  cards: Card[];
  bet: number;
  total: number;
  soft: boolean;
  doubled: boolean;
  fromSplit: boolean;
  status: HandStatus;
  result: HandResult | null;
  payout: number;
}

export interface BlackjackView {
  phase: BlackjackPhase;
  /** Base bet, minor units. */
  bet: number;
  staked: number;
  won: number;
  /** While open only the up card; the whole hand once finished. */
  dealer: { cards: Card[]; hidden: number; total: number; soft: boolean };
  hands: BlackjackHandView[];
  /** The hand being played, null outside phase 'player'. */
  active: number | null;
  /** null when not offered or not decided yet. */
  insurance: { taken: boolean; stake: number; payout: number } | null;
  /** 'insurance' means the insurance decision is due (take or decline). */
  actions: BlackjackMove[];
}

function view(state: BlackjackState): BlackjackView {
  const open = state.phase !== 'finished';
  const dealerCards = open ? state.dealer.slice(0, 1) : state.dealer.slice();
  const dealerValue = handValue(dealerCards);
  return {
    phase: state.phase,
    bet: state.betMinor,
    staked: staked(state),
    won: won(state),
    dealer: {
      cards: dealerCards,
      hidden: state.dealer.length - dealerCards.length,
      total: dealerValue.total,
      soft: dealerValue.soft,
    },
    hands: state.hands.map((hand) => {
      const value = handValue(hand.cards);
      return {
        cards: hand.cards.slice(),
        bet: hand.bet,
        total: value.total,
        soft: value.soft,
        doubled: hand.doubled,
        fromSplit: hand.fromSplit,
        status: hand.status,
        result: hand.result,
        payout: hand.payout,
      };
    }),
    active: state.phase === 'player' ? state.active : null,
    insurance: state.insurance
      ? { taken: state.insurance.taken, stake: state.insurance.stake, payout: state.insurance.payout }
      : null,
    actions: allowedMoves(state),
  };
}

function staked(state: BlackjackState): number {
  let total = state.insurance?.stake ?? 0;
  for (const hand of state.hands) total += hand.bet;
  return total;
}

function won(state: BlackjackState): number {
  let total = state.insurance?.payout ?? 0;
  for (const hand of state.hands) total += hand.payout;
  return total;
}

/** Left open 24 hours: decline insurance, then stand on every hand still to play. */
function defaultAction(state: BlackjackState): BlackjackAction {
  return state.phase === 'insurance' ? { type: 'insurance', take: false } : { type: 'stand' };
}

export const blackjackEngine: GameEngine<BlackjackState, BlackjackAction, BlackjackOptions> = {
  id: 'blackjack',
  parseOptions,
  parseAction,
  start: (input, floats) => start(input.betMinor, floats),
  act,
  finished: (state) => state.phase === 'finished',
  staked,
  won,
  defaultAction,
  view,
  steps: (state) => state.steps.slice(),
};
