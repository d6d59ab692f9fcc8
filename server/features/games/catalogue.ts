/**
 * The games catalogue: the seeded games, reading rows and shaping them for the wire. Bet limits
 * and steps are stored in minor units (Gold whole coins, Sweeps cents) and answered in display
 * units. The metadata column is JSON text; for instant-win games it may hold a JSON string whose
 * content is the JSON object (spec: "the metadata may be a JSON string that is parsed"), so it is
 * parsed once more when the first parse gives a string.
 */
import { isCurrency, type Currency } from '../../../src/contract/currency.ts';
import { HOUSE_GAME_IDS, VENDOR_GAME_ID, type Game } from '../../../src/contract/games.ts';
import { DECLARED_RTP } from '../../../games/engines/registry.ts';
import { SOLITAIRE_DECLARED_RTP, SOLITAIRE_EXPERT_RTP } from '../../../games/engines/solitaire.ts';
import { VIDEO_POKER_BELOW_MAX_RTP } from '../../../games/engines/video-poker.ts';
import type { Queryable } from '../../db/driver.ts';
import { minorToDisplay } from '../../core/ledger/money.ts';

export interface GameMetadata {
  disabledCurrencies: Currency[];
  /** Instant-win games (bought as a ticket decided at purchase, then redeemed). */
  instantWin?: boolean;
  [key: string]: unknown;
}

export interface GameRow {
  [key: string]: unknown;
  id: string;
  name: string;
  kind: 'house' | 'vendor';
  categories: string[];
  art_url: string;
  description: string;
  maintenance: boolean;
  maintenance_until: Date | string | null;
  version: string;
  metadata: string;
  min_bet_gold: number | string;
  max_bet_gold: number | string;
  min_bet_sweeps: number | string;
  max_bet_sweeps: number | string;
  rtp: number | string;
  bet_steps_gold: Array<number | string>;
  bet_steps_sweeps: Array<number | string>;
  sort_order: number;
  created_at: Date | string;
}

const GAME_COLUMNS = `id, name, kind, categories, art_url, description, maintenance, maintenance_until, version,
  metadata, min_bet_gold, max_bet_gold, min_bet_sweeps, max_bet_sweeps, rtp, bet_steps_gold, bet_steps_sweeps,
  sort_order, created_at`;

/** The metadata text as an object; anything unreadable counts as "nothing disabled". */
export function parseGameMetadata(text: string | null): GameMetadata {
  let value: unknown;
  try {
    value = JSON.parse(text ?? '{}') as unknown;
    if (typeof value === 'string') value = JSON.parse(value) as unknown;
  } catch {
    value = {};
  }
  const object =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const disabled = Array.isArray(object.disabledCurrencies)
    ? object.disabledCurrencies.filter(isCurrency)
    : [];
  return { ...object, disabledCurrencies: [...new Set(disabled)] };
}

const iso = (v: Date | string): string => new Date(v).toISOString();

/** Under maintenance now: the flag is set and its end time (when given) is still ahead. */
export function isUnderMaintenance(
  row: Pick<GameRow, 'maintenance' | 'maintenance_until'>,
  nowMs: number,
): boolean {
  if (!row.maintenance) return false;
  return row.maintenance_until === null || new Date(row.maintenance_until).getTime() > nowMs;
}

export interface BetLimits {
  minMinor: number;
  maxMinor: number;
}

/** The bets the game offers in a currency, minor units, smallest first. */
export const betStepsOf = (row: GameRow, currency: Currency): number[] =>
  (currency === 'gold' ? row.bet_steps_gold : row.bet_steps_sweeps).map(Number);

export const betLimitsOf = (row: GameRow, currency: Currency): BetLimits =>
  currency === 'gold'
    ? { minMinor: Number(row.min_bet_gold), maxMinor: Number(row.max_bet_gold) }
    : { minMinor: Number(row.min_bet_sweeps), maxMinor: Number(row.max_bet_sweeps) };

export function toWireGame(row: GameRow, nowMs: number): Game {
  const maintenance = isUnderMaintenance(row, nowMs);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    categories: row.categories,
    art_url: row.art_url,
    description: row.description,
    maintenance,
    maintenance_until: maintenance && row.maintenance_until !== null ? iso(row.maintenance_until) : null,
    version: row.version,
    metadata: parseGameMetadata(row.metadata),
    min_bet: {
      gold: minorToDisplay('gold', Number(row.min_bet_gold)),
      sweeps: minorToDisplay('sweeps', Number(row.min_bet_sweeps)),
    },
    max_bet: {
      gold: minorToDisplay('gold', Number(row.max_bet_gold)),
      sweeps: minorToDisplay('sweeps', Number(row.max_bet_sweeps)),
    },
    rtp: Number(row.rtp),
    rtp_note: rtpNoteOf(row.id),
    rtp_max: rtpMaxOf(row.id),
    max_win_multiple: maxWinMultipleOf(row.id),
    bet_steps: {
      gold: row.bet_steps_gold.map((v) => minorToDisplay('gold', Number(v))),
      sweeps: row.bet_steps_sweeps.map((v) => minorToDisplay('sweeps', Number(v))),
    },
    created_at: iso(row.created_at),
  };
}

export async function listGameRows(db: Queryable): Promise<GameRow[]> {
  return db.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM games ORDER BY sort_order, id`);
}

export async function findGameRow(db: Queryable, id: string): Promise<GameRow | null> {
  const rows = await db.query<GameRow>(`SELECT ${GAME_COLUMNS} FROM games WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

interface SeedGame {
  id: string;
  name: string;
  kind: 'house' | 'vendor';
  categories: string[];
  description: string;
  /** Stored as given (the scratch card keeps its metadata as a JSON string of JSON). */
  metadata: string;
  rtp: number;
  /**
   * Shown under the RTP in the game's info (Game.rtp_note; RTP_NOTE_MAX_LENGTH at most): when the
   * figure holds, or the range players get, e.g. "Between 88.00 % (a casual player) and 97.50 %
   * (an expert)." Null when the figure needs no note.
   */
  rtpNote: string | null;
  /**
   * For a game whose return depends on skill, the return of the strongest player we built (the
   * top of the range; `rtp` is the casual player's), Game.rtp_max. Null for every other game.
   */
  rtpMax: number | null;
  /**
   * The largest total a round pays, times its bet (the pay table's top prize), published in the
   * catalogue (Game.max_win_multiple). The vendor wallet refuses a win above it for the vendor's
   * game (docs/vendor-wallet.md). Null: none published (the house games' engines pay by their own
   * tables, decided on our server).
   */
  maxWinMultiple: number | null;
}

/** "98.37 %": a return as the notes write it (two decimals, as the declared RTP is shown). */
const percent = (rtp: number): string => `${rtp.toFixed(2)} %`;

const PLAIN_METADATA = JSON.stringify({ disabledCurrencies: [] });

export const SEED_GAMES: readonly SeedGame[] = [
  {
    id: HOUSE_GAME_IDS.scratchCard,
    name: 'Lucky Scratch',
    kind: 'house',
    categories: ['scratchcards', 'hot', 'new'],
    description: 'Scratch the spots, or reveal them all at once: every ticket is decided when you buy it.',
    metadata: JSON.stringify(JSON.stringify({ disabledCurrencies: [], instantWin: true })),
    rtp: DECLARED_RTP[HOUSE_GAME_IDS.scratchCard] ?? 95,
    rtpNote: null,
    rtpMax: null,
    maxWinMultiple: null,
  },
  {
    id: HOUSE_GAME_IDS.slots,
    name: 'Crown Jewels',
    kind: 'house',
    categories: ['slots', 'hot', 'exclusive'],
    description: 'Five reels, wild crowns and free spins.',
    metadata: PLAIN_METADATA,
    rtp: DECLARED_RTP[HOUSE_GAME_IDS.slots] ?? 96,
    rtpNote: null,
    rtpMax: null,
    maxWinMultiple: null,
  },
  {
    id: HOUSE_GAME_IDS.blackjack,
    name: 'Blackjack',
    kind: 'house',
    categories: ['table-games', 'exclusive'],
    description: 'Beat the dealer to 21. Blackjack pays 3 to 2, dealer stands on soft 17.',
    metadata: PLAIN_METADATA,
    rtp: DECLARED_RTP[HOUSE_GAME_IDS.blackjack] ?? 99.5,
    rtpNote: null,
    rtpMax: null,
    maxWinMultiple: null,
  },
  {
    id: HOUSE_GAME_IDS.videoPoker,
    name: 'Jacks or Better',
    kind: 'house',
    categories: ['table-games', 'new'],
    description: 'Classic 9/6 video poker: hold, draw and make a pair of jacks or better.',
    metadata: PLAIN_METADATA,
    rtp: DECLARED_RTP[HOUSE_GAME_IDS.videoPoker] ?? 99.54,
    // The royal flush pays 800 per coin only at five coins (docs/games.md, the game's rules).
    rtpNote: `At the maximum bet (five coins) with the best hold on every deal; ${percent(VIDEO_POKER_BELOW_MAX_RTP)} at smaller bets.`,
    rtpMax: null,
    maxWinMultiple: null,
  },
  {
    id: HOUSE_GAME_IDS.solitaire,
    name: 'Klondike Solitaire',
    kind: 'house',
    categories: ['exclusive', 'halloween'],
    description:
      'One pass through the stock; the first twelve cards you build on the foundations pay, and so does a cleared table.',
    metadata: PLAIN_METADATA,
    // The casual player's return (the house strategy); the expert's is the top of the range.
    rtp: SOLITAIRE_DECLARED_RTP,
    rtpNote: `Depends on how you play: ${percent(SOLITAIRE_DECLARED_RTP)} for a casual player, up to ${percent(SOLITAIRE_EXPERT_RTP)} for an expert.`,
    rtpMax: SOLITAIRE_EXPERT_RTP,
    maxWinMultiple: null,
  },
  {
    id: VENDOR_GAME_ID,
    name: 'Fruit Frenzy',
    kind: 'vendor',
    categories: ['slots', 'new', 'halloween'],
    description: 'A fruity three-reel slot from our game partner.',
    metadata: PLAIN_METADATA,
    // The sandbox vendor's slot: 216 equally likely reel outcomes, whole-number pays (95.83 %).
    rtp: 95.83,
    rtpNote: null,
    rtpMax: null,
    // Its pay table's top prize: three sevens pay 100 times the bet, and a spin pays once
    // (server/providers/vendor-games/sandbox/slot-math.ts; a test keeps the two equal).
    maxWinMultiple: 100,
  },
];

const RTP_NOTES = new Map(SEED_GAMES.map((g) => [g.id, g.rtpNote]));

/**
 * The note under a game's RTP. It follows the code, like the declared RTP (it describes the
 * engine's math), so it is not stored: a game added by an operator has none.
 */
export const rtpNoteOf = (gameId: string): string | null => RTP_NOTES.get(gameId) ?? null;

const RTP_MAXIMA = new Map(SEED_GAMES.map((g) => [g.id, g.rtpMax]));

/** The top of a skill game's RTP range (the expert's return), null for other games; follows the code. */
export const rtpMaxOf = (gameId: string): number | null => RTP_MAXIMA.get(gameId) ?? null;

const MAX_WIN_MULTIPLES = new Map(SEED_GAMES.map((g) => [g.id, g.maxWinMultiple]));

/**
 * The published maximum win of a game, times its bet, or null. It follows the code, like the RTP
 * note (it is the pay table's), so it is not stored: a game added by an operator has none.
 */
export const maxWinMultipleOf = (gameId: string): number | null => MAX_WIN_MULTIPLES.get(gameId) ?? null;

/** Gold 100..2,500 coins, Sweeps 0.20..5.00 (cents below). */
const LIMITS = { minGold: 100, maxGold: 2_500, minSweeps: 20, maxSweeps: 500 };

/**
 * The bet steps of every seeded game, minor units (Sweeps in cents), smallest first: the one place
 * they are written. They reach the games table at every start (`seedGames`), the wire catalogue
 * (`Game.bet_steps`, display units), the game pages (the host's `init` carries the game's catalogue
 * steps) and `checkBet`, which reads the game's row. Each is a multiple of 10 minor units, so the
 * slot's line bet is whole, and there are five, the video poker coins (catalogue.test.ts).
 */
export const SEED_BET_STEPS: Readonly<Record<Currency, readonly number[]>> = {
  gold: [100, 200, 500, 1_000, 2_500],
  sweeps: [20, 50, 100, 200, 500],
};

/**
 * Adds the seeded games that are missing. Operators own the rows once they exist (maintenance,
 * limits, categories); the declared RTP and the bet steps follow the code, since the engine's
 * return and its pay rules (line bets, video poker coins) are written for them.
 */
export async function seedGames(db: Queryable): Promise<void> {
  for (const [index, g] of SEED_GAMES.entries()) {
    await db.query(
      `INSERT INTO games (id, name, kind, categories, art_url, description, metadata, min_bet_gold, max_bet_gold,
         min_bet_sweeps, max_bet_sweeps, rtp, bet_steps_gold, bet_steps_sweeps, sort_order)
       VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8, $9, $10, $11, $12, $13::bigint[], $14::bigint[], $15)
       ON CONFLICT (id) DO UPDATE SET rtp = EXCLUDED.rtp, bet_steps_gold = EXCLUDED.bet_steps_gold,
         bet_steps_sweeps = EXCLUDED.bet_steps_sweeps
       WHERE (games.rtp, games.bet_steps_gold, games.bet_steps_sweeps)
         IS DISTINCT FROM (EXCLUDED.rtp, EXCLUDED.bet_steps_gold, EXCLUDED.bet_steps_sweeps)`,
      [
        g.id,
        g.name,
        g.kind,
        g.categories,
        `/games/art/${g.id}.svg`,
        g.description,
        g.metadata,
        LIMITS.minGold,
        LIMITS.maxGold,
        LIMITS.minSweeps,
        LIMITS.maxSweeps,
        g.rtp,
        SEED_BET_STEPS.gold,
        SEED_BET_STEPS.sweeps,
        (index + 1) * 10,
      ],
    );
  }
}
