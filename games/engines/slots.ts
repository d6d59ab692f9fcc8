/**
 * Crown Jewels: a 5-reel, 3-row video slot with 10 fixed paylines, a wild and a free-spins
 * feature (rules: games/crown-jewels/rules.md). One round is one paid spin plus every free spin it
 * triggers: the whole feature plays inside `start`, so the round is finished at once and takes no
 * actions.
 *
 * Randomness: spin k reads floats 5k .. 5k + 4 (one per reel, in reel order); reel i stops at
 * floor(float * strip length) and shows that strip position in the top row and the next two
 * (wrapping round) below it. Free spins continue the same stream.
 *
 * Money: pays are whole multiples of the line bet ("units"); the line bet is the total bet / 10.
 * The round's win is floor(total bet * units / 10), computed once over the whole round, so it is
 * exact for every bet that is a multiple of 10 minor units (all of the game's bet steps are) and
 * rounded down otherwise.
 */
import { IllegalActionError, type Floats, type GameEngine, type RoundStep } from './types.ts';

export const SLOT_SYMBOLS = [
  'crown',
  'chest',
  'diamond',
  'ruby',
  'emerald',
  'sapphire',
  'ace',
  'king',
  'queen',
  'jack',
] as const;
export type SlotSymbol = (typeof SLOT_SYMBOLS)[number];

/** The wild: stands in for every symbol on a line except the scatter, and pays on its own. */
export const WILD: SlotSymbol = 'crown';
/** The scatter: pays anywhere on the screen and triggers the free spins. */
export const SCATTER: SlotSymbol = 'chest';

export const REEL_COUNT = 5;
export const ROW_COUNT = 3;

/**
 * The 10 fixed paylines: for each reel, the row (0 top, 1 middle, 2 bottom) the line crosses.
 */
export const PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];
export const LINE_COUNT = PAYLINES.length;

/**
 * Line pays in line bets for 3, 4 and 5 of a kind from the leftmost reel. The wild's own row
 * pays a line of wilds alone; a line pays only its best reading (the wilds alone, or the wilds
 * standing in for the symbol that follows them).
 */
export const LINE_PAYS: Readonly<Record<Exclude<SlotSymbol, 'chest'>, readonly [number, number, number]>> = {
  crown: [50, 250, 1000],
  diamond: [25, 100, 500],
  ruby: [20, 75, 250],
  emerald: [15, 50, 150],
  sapphire: [10, 40, 100],
  ace: [4, 20, 75],
  king: [4, 15, 50],
  queen: [4, 10, 40],
  jack: [3, 8, 30],
};

/** Scatter pays in multiples of the total bet for 3, 4 and 5 chests anywhere. */
export const SCATTER_PAYS: readonly [number, number, number] = [2, 10, 50];
/** 3 or more chests anywhere award this many free spins (also during free spins: a retrigger). */
export const FREE_SPINS_AWARDED = 8;
/** Every win during free spins (lines and scatter) is multiplied by this. */
export const FREE_SPIN_MULTIPLIER = 2;
/** The free spins one round can award in all; a retrigger past it awards only up to it. */
export const FREE_SPINS_CAP = 96;

/**
 * The reel strips, top to bottom. Each strip has exactly one chest (so a reel shows at most
 * one), and the RTP calculation enumerates every combination of stops.
 */
export const REEL_STRIPS: readonly (readonly SlotSymbol[])[] = [
  // prettier-ignore
  ['jack', 'ace', 'queen', 'emerald', 'king', 'jack', 'crown', 'queen', 'sapphire', 'ace', 'jack', 'ruby', 'king', 'queen', 'chest', 'jack', 'sapphire', 'king', 'diamond', 'queen', 'crown', 'emerald', 'jack', 'king'],
  // prettier-ignore
  ['queen', 'king', 'jack', 'sapphire', 'ace', 'queen', 'crown', 'jack', 'emerald', 'king', 'queen', 'ruby', 'ace', 'jack', 'chest', 'queen', 'sapphire', 'ace', 'diamond', 'jack', 'crown', 'emerald', 'queen', 'ace'],
  // prettier-ignore
  ['king', 'jack', 'ace', 'emerald', 'queen', 'king', 'crown', 'ace', 'sapphire', 'jack', 'king', 'ruby', 'queen', 'ace', 'chest', 'king', 'emerald', 'jack', 'diamond', 'ace', 'crown', 'sapphire', 'king', 'jack'],
  // prettier-ignore
  ['ace', 'queen', 'king', 'sapphire', 'jack', 'ace', 'crown', 'king', 'emerald', 'queen', 'ace', 'ruby', 'jack', 'king', 'chest', 'ace', 'sapphire', 'queen', 'diamond', 'king', 'crown', 'emerald', 'ace', 'queen'],
  // prettier-ignore
  ['jack', 'king', 'queen', 'emerald', 'ace', 'jack', 'crown', 'queen', 'sapphire', 'king', 'jack', 'ruby', 'ace', 'queen', 'chest', 'jack', 'emerald', 'king', 'diamond', 'queen', 'crown', 'sapphire', 'jack', 'king'],
];

/** Declared return to player, percent, for bets that are a multiple of 10 minor units (slots-rtp.ts). */
export const SLOTS_DECLARED_RTP = 95.3;

// ---- numeric core, shared with the exact RTP calculation (slots-rtp.ts) ----

export const WILD_CODE = SLOT_SYMBOLS.indexOf(WILD);
export const SCATTER_CODE = SLOT_SYMBOLS.indexOf(SCATTER);

/** LINE_PAY_TABLE[code * 6 + count]: line bets for `count` of symbol `code` (0 below 3). */
const LINE_PAY_TABLE: Int32Array = (() => {
  const table = new Int32Array(SLOT_SYMBOLS.length * 6);
  SLOT_SYMBOLS.forEach((symbol, code) => {
    if (symbol === SCATTER) return;
    const pays = LINE_PAYS[symbol];
    for (let count = 3; count <= 5; count++) table[code * 6 + count] = pays[count - 3] as number;
  });
  return table;
})();

/** The strips as symbol codes. */
export const STRIP_CODES: readonly Int8Array[] = REEL_STRIPS.map((strip) =>
  Int8Array.from(strip, (symbol) => SLOT_SYMBOLS.indexOf(symbol)),
);

/**
 * Scores one payline from its five symbol codes: 0 when it pays nothing, otherwise
 * units * 256 + count * 16 + symbol code (units in line bets). Reads from the leftmost reel:
 * leading wilds, then the first other symbol and every following copy of it or of the wild.
 */
export function scoreLine(codes: ArrayLike<number>): number {
  let lead = 0;
  while (lead < 5 && codes[lead] === WILD_CODE) lead++;
  const wildUnits = LINE_PAY_TABLE[WILD_CODE * 6 + lead] as number;
  if (lead === 5) return wildUnits * 256 + 5 * 16 + WILD_CODE;
  const symbol = codes[lead] as number;
  if (symbol === SCATTER_CODE) return wildUnits === 0 ? 0 : wildUnits * 256 + lead * 16 + WILD_CODE;
  let count = lead + 1;
  while (count < 5 && (codes[count] === symbol || codes[count] === WILD_CODE)) count++;
  const symbolUnits = LINE_PAY_TABLE[symbol * 6 + count] as number;
  if (wildUnits === 0 && symbolUnits === 0) return 0;
  return wildUnits > symbolUnits
    ? wildUnits * 256 + lead * 16 + WILD_CODE
    : symbolUnits * 256 + count * 16 + symbol;
}

/** Scatter pay in line bets for `count` chests on the screen. */
export const scatterUnits = (count: number): number =>
  count >= 3 ? (SCATTER_PAYS[Math.min(count, 5) - 3] as number) * LINE_COUNT : 0;

// ---- the engine ----

export interface SlotsLineWin {
  /** Payline number, 1 to 10. */
  line: number;
  symbol: SlotSymbol;
  /** How many reels from the left the win covers. */
  count: number;
  /** Pay in line bets, before the free-spin multiplier. */
  lineBets: number;
  /** This line's win in minor units (multiplier included, rounded down). */
  winMinor: number;
}

export interface SlotsSpin {
  /** 'spin' for the paid spin, 'free_spin' for the feature's. */
  kind: 'spin' | 'free_spin';
  /** Stop position of each reel (the strip index shown in the top row). */
  stops: number[];
  /** window[reel][row], row 0 at the top. */
  window: SlotSymbol[][];
  lineWins: SlotsLineWin[];
  scatterCount: number;
  /** The scatter's win in minor units (multiplier included, rounded down). */
  scatterWinMinor: number;
  /** 1 for the paid spin, FREE_SPIN_MULTIPLIER for free spins. */
  multiplier: number;
  /** Free spins this spin awarded (0 when it did not trigger or the cap was reached). */
  freeSpinsAwarded: number;
  /** This spin's win in minor units. */
  winMinor: number;
}

export interface SlotsState {
  betMinor: number;
  lineCount: number;
  /** The paid spin first, then each free spin in order. */
  spins: SlotsSpin[];
  freeSpinsAwarded: number;
  /** Everything the round pays, in line bets (multipliers included). */
  totalLineBets: number;
  winMinor: number;
  /** Floats read (5 a spin). */
  floatsUsed: number;
}

/** A slots round takes no actions. */
export type SlotsAction = never;
export type SlotsOptions = Record<string, never>;

const winFor = (betMinor: number, lineBets: number): number => Math.floor((betMinor * lineBets) / LINE_COUNT);

function spinOnce(
  kind: SlotsSpin['kind'],
  betMinor: number,
  floats: Floats,
  cursor: number,
  freeSpinsLeftUnderCap: number,
): { spin: SlotsSpin; lineBets: number } {
  const multiplier = kind === 'free_spin' ? FREE_SPIN_MULTIPLIER : 1;
  const stops: number[] = [];
  const codes: number[][] = [];
  let scatterCount = 0;
  for (let reel = 0; reel < REEL_COUNT; reel++) {
    const strip = STRIP_CODES[reel] as Int8Array;
    const stop = Math.floor(floats(cursor + reel) * strip.length);
    stops.push(stop);
    const column: number[] = [];
    for (let row = 0; row < ROW_COUNT; row++) {
      const code = strip[(stop + row) % strip.length] as number;
      if (code === SCATTER_CODE) scatterCount++;
      column.push(code);
    }
    codes.push(column);
  }
  const lineWins: SlotsLineWin[] = [];
  let lineBets = 0;
  const onLine = new Int8Array(REEL_COUNT);
  for (let index = 0; index < LINE_COUNT; index++) {
    const rows = PAYLINES[index] as readonly number[];
    for (let reel = 0; reel < REEL_COUNT; reel++)
      onLine[reel] = (codes[reel] as number[])[rows[reel] as number] as number;
    const score = scoreLine(onLine);
    if (score === 0) continue;
    const units = Math.floor(score / 256);
    lineBets += units;
    lineWins.push({
      line: index + 1,
      symbol: SLOT_SYMBOLS[score % 16] as SlotSymbol,
      count: Math.floor(score / 16) % 16,
      lineBets: units,
      winMinor: winFor(betMinor, units * multiplier),
    });
  }
  const scatter = scatterUnits(scatterCount);
  lineBets += scatter;
  const freeSpinsAwarded = scatterCount >= 3 ? Math.min(FREE_SPINS_AWARDED, freeSpinsLeftUnderCap) : 0;
  return {
    spin: {
      kind,
      stops,
      window: codes.map((column) => column.map((code) => SLOT_SYMBOLS[code] as SlotSymbol)),
      lineWins,
      scatterCount,
      scatterWinMinor: winFor(betMinor, scatter * multiplier),
      multiplier,
      freeSpinsAwarded,
      winMinor: winFor(betMinor, lineBets * multiplier),
    },
    lineBets: lineBets * multiplier,
  };
}

/** Plays the paid spin and every free spin it leads to. */
export function playSlotsRound(betMinor: number, floats: Floats): SlotsState {
  const spins: SlotsSpin[] = [];
  let cursor = 0;
  let totalLineBets = 0;
  let awarded = 0;
  let played = 0;
  const first = spinOnce('spin', betMinor, floats, cursor, FREE_SPINS_CAP);
  cursor += REEL_COUNT;
  spins.push(first.spin);
  totalLineBets += first.lineBets;
  awarded += first.spin.freeSpinsAwarded;
  while (played < awarded) {
    const next = spinOnce('free_spin', betMinor, floats, cursor, FREE_SPINS_CAP - awarded);
    cursor += REEL_COUNT;
    played++;
    spins.push(next.spin);
    totalLineBets += next.lineBets;
    awarded += next.spin.freeSpinsAwarded;
  }
  return {
    betMinor,
    lineCount: LINE_COUNT,
    spins,
    freeSpinsAwarded: awarded,
    totalLineBets,
    winMinor: winFor(betMinor, totalLineBets),
    floatsUsed: cursor,
  };
}

const NO_ACTIONS = 'A slots round is decided when it starts and takes no actions';

export const slotsEngine: GameEngine<SlotsState, SlotsAction, SlotsOptions> = {
  id: 'crown-jewels',
  parseOptions(raw) {
    if (raw === undefined || raw === null) return {};
    if (typeof raw === 'object' && !Array.isArray(raw) && Object.keys(raw).length === 0) return {};
    throw new IllegalActionError('Crown Jewels takes no options', 'options');
  },
  parseAction() {
    throw new IllegalActionError(NO_ACTIONS, 'action');
  },
  start({ betMinor }, floats) {
    if (!Number.isSafeInteger(betMinor) || betMinor <= 0)
      throw new IllegalActionError('The bet must be a positive whole number of minor units', 'betValue');
    return playSlotsRound(betMinor, floats);
  },
  act() {
    throw new IllegalActionError(NO_ACTIONS, 'action');
  },
  finished: () => true,
  staked: (state) => state.betMinor,
  won: (state) => state.winMinor,
  defaultAction() {
    throw new IllegalActionError(NO_ACTIONS, 'action');
  },
  view: (state) => state,
  steps: (state): RoundStep[] => state.spins.map((spin) => ({ ...spin })),
};
