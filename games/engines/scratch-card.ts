/**
 * Lucky Scratch: an instant-win ticket of 9 spots, "match three symbols to win that prize"
 * (rules: games/lucky-scratch/rules.md). The ticket is decided when it is bought:
 *
 * - float 0 picks the prize tier: floor(float * 1,000,000) is looked up in the cumulative weights
 *   of PRIZE_TIERS (weights out of 1,000,000; the rest loses);
 * - a winning ticket puts the tier's symbol on 3 spots (a front Fisher-Yates of the 9 spot
 *   indexes over floats 1..3, the first 3 get it) and fills the other 6 spots, in spot order, with
 *   the first 6 of a front shuffle (floats 4..9) of the other 7 symbols twice each;
 * - a losing ticket fills the 9 spots with the first 9 of a front shuffle (floats 1..9) of all 8
 *   symbols twice each.
 * A symbol other than the prize appears at most twice, so a ticket never shows a second match and a
 * losing ticket never shows three alike.
 *
 * The round stays open until `redeem` (the player has scratched the spots, or pressed "Reveal
 * all"), which pays the prize: the prize never depends on how many spots were scratched. Since
 * the ticket is decided and paid for, the view shows the spots' symbols before redeeming: the
 * game page reveals them one at a time as the player scratches.
 */
import { shuffleFront } from './fair-random.ts';
import { IllegalActionError, type Floats, type GameEngine, type RoundStep } from './types.ts';

export const SCRATCH_SYMBOLS = [
  'pot',
  'diamond',
  'seven',
  'star',
  'horseshoe',
  'bell',
  'cherry',
  'clover',
] as const;
export type ScratchSymbol = (typeof SCRATCH_SYMBOLS)[number];

export const SPOT_COUNT = 9;
export const MATCH_COUNT = 3;
/** Tier weights are out of this many. */
export const TIER_WEIGHT_TOTAL = 1_000_000;

export interface PrizeTier {
  symbol: ScratchSymbol;
  /** Prize in multiples of the ticket price. */
  multiplier: number;
  /** Chance out of TIER_WEIGHT_TOTAL. */
  weight: number;
}

/** Prize tiers, biggest first: three of `symbol` pays `multiplier` times the ticket price. */
export const PRIZE_TIERS: readonly PrizeTier[] = [
  { symbol: 'pot', multiplier: 1000, weight: 10 },
  { symbol: 'diamond', multiplier: 200, weight: 50 },
  { symbol: 'seven', multiplier: 50, weight: 400 },
  { symbol: 'star', multiplier: 20, weight: 2_000 },
  { symbol: 'horseshoe', multiplier: 10, weight: 10_000 },
  { symbol: 'bell', multiplier: 5, weight: 25_000 },
  { symbol: 'cherry', multiplier: 2, weight: 100_000 },
  { symbol: 'clover', multiplier: 1, weight: 445_000 },
];

/** Declared return to player, percent: sum of multiplier x weight / 1,000,000 (scratch-card.test.ts). */
export const SCRATCH_CARD_DECLARED_RTP = 95;

export interface ScratchTicket {
  /** The symbol on each of the 9 spots, in spot order (left to right, top to bottom). */
  spots: ScratchSymbol[];
  /** The symbol shown three times, or null on a losing ticket. */
  winningSymbol: ScratchSymbol | null;
  /** The spots holding the winning symbol, ascending ([] on a losing ticket). */
  winningSpots: number[];
  /** Prize in multiples of the ticket price (0 on a losing ticket). */
  multiplier: number;
}

export interface ScratchCardState {
  betMinor: number;
  ticket: ScratchTicket;
  redeemed: boolean;
  /** The redeem's report: spots scratched and in what order (kept for recall's replay). */
  numScratched: number | null;
  scratchOrder: number[] | null;
  /** The prize, paid when redeemed (0 before). */
  winMinor: number;
}

export interface RedeemAction {
  type: 'redeem';
  numScratched: number;
  numSpots: number;
  /** The order the spots were scratched in (spot indexes, each once). */
  replayData: number[];
}
export type ScratchCardAction = RedeemAction;
export type ScratchCardOptions = Record<string, never>;

/** The tier a tier float picks, or null for a losing ticket. */
export function tierFor(float: number): PrizeTier | null {
  const draw = Math.floor(float * TIER_WEIGHT_TOTAL);
  let cumulative = 0;
  for (const tier of PRIZE_TIERS) {
    cumulative += tier.weight;
    if (draw < cumulative) return tier;
  }
  return null;
}

const SPOT_INDEXES = Array.from({ length: SPOT_COUNT }, (_, i) => i);
const twiceEach = (symbols: readonly ScratchSymbol[]): ScratchSymbol[] => symbols.flatMap((s) => [s, s]);
/** Every symbol twice, in table order: what a losing ticket draws from. */
const LOSING_POOL = twiceEach(SCRATCH_SYMBOLS);
/** Per winning symbol, every other symbol twice, in table order: a winning ticket's fillers. */
const FILLER_POOLS = new Map(
  SCRATCH_SYMBOLS.map((winner) => [winner, twiceEach(SCRATCH_SYMBOLS.filter((s) => s !== winner))]),
);

/** Lays out the ticket from the round's floats (see the file comment for which float does what). */
export function drawTicket(floats: Floats): ScratchTicket {
  const tier = tierFor(floats(0));
  if (!tier) {
    const spots = shuffleFront(LOSING_POOL, floats, 1, SPOT_COUNT).slice(0, SPOT_COUNT);
    return { spots, winningSymbol: null, winningSpots: [], multiplier: 0 };
  }
  const winningSpots = shuffleFront(SPOT_INDEXES, floats, 1, MATCH_COUNT)
    .slice(0, MATCH_COUNT)
    .sort((a, b) => a - b);
  const fillers = shuffleFront(
    FILLER_POOLS.get(tier.symbol) ?? [],
    floats,
    1 + MATCH_COUNT,
    SPOT_COUNT - MATCH_COUNT,
  );
  let next = 0;
  const spots = SPOT_INDEXES.map((spot) =>
    winningSpots.includes(spot) ? tier.symbol : (fillers[next++] as ScratchSymbol),
  );
  return { spots, winningSymbol: tier.symbol, winningSpots, multiplier: tier.multiplier };
}

const isSpotIndex = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0 && (value as number) < SPOT_COUNT;

export const scratchCardEngine: GameEngine<ScratchCardState, ScratchCardAction, ScratchCardOptions> = {
  id: 'lucky-scratch',
  parseOptions(raw) {
    if (raw === undefined || raw === null) return {};
    if (typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0) return {};
    throw new IllegalActionError('Lucky Scratch takes no options', 'options');
  },
  parseAction(raw) {
    if (typeof raw !== 'object' || raw === null || (raw as { type?: unknown }).type !== 'redeem')
      throw new IllegalActionError('The only action is redeem', 'type');
    const { numScratched, numSpots, replayData } = raw as Record<string, unknown>;
    if (numSpots !== SPOT_COUNT) throw new IllegalActionError(`A ticket has ${SPOT_COUNT} spots`, 'numSpots');
    if (
      !Number.isInteger(numScratched) ||
      (numScratched as number) < 0 ||
      (numScratched as number) > SPOT_COUNT
    )
      throw new IllegalActionError(`numScratched is a whole number from 0 to ${SPOT_COUNT}`, 'numScratched');
    const order = replayData ?? [];
    if (
      !Array.isArray(order) ||
      order.length > (numScratched as number) ||
      !order.every(isSpotIndex) ||
      new Set(order).size !== order.length
    )
      throw new IllegalActionError(
        'replayData lists distinct spot indexes, no more than were scratched',
        'replayData',
      );
    return {
      type: 'redeem',
      numScratched: numScratched as number,
      numSpots: SPOT_COUNT,
      replayData: order as number[],
    };
  },
  start({ betMinor }, floats) {
    if (!Number.isSafeInteger(betMinor) || betMinor <= 0)
      throw new IllegalActionError(
        'The ticket price must be a positive whole number of minor units',
        'betValue',
      );
    return {
      betMinor,
      ticket: drawTicket(floats),
      redeemed: false,
      numScratched: null,
      scratchOrder: null,
      winMinor: 0,
    };
  },
  act(state, action) {
    if (state.redeemed) throw new IllegalActionError('The ticket is already redeemed', 'ticketId');
    return {
      ...state,
      redeemed: true,
      numScratched: action.numScratched,
      scratchOrder: action.replayData.slice(),
      winMinor: state.betMinor * state.ticket.multiplier,
    };
  },
  finished: (state) => state.redeemed,
  staked: (state) => state.betMinor,
  won: (state) => state.winMinor,
  defaultAction: () => ({
    type: 'redeem',
    numScratched: SPOT_COUNT,
    numSpots: SPOT_COUNT,
    replayData: SPOT_INDEXES.slice(),
  }),
  view: (state) => state,
  steps(state): RoundStep[] {
    const steps: RoundStep[] = [
      { kind: 'purchase', spots: state.ticket.spots.slice(), winningSymbol: state.ticket.winningSymbol },
    ];
    if (state.redeemed)
      steps.push({
        kind: 'redeem',
        numScratched: state.numScratched,
        scratchOrder: state.scratchOrder,
        winMinor: state.winMinor,
      });
    return steps;
  },
};
