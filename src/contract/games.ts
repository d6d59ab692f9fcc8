/**
 * Games contract: the catalogue, the round calls of the house games (including the spec's
 * instant-win and solitaire calls), provably fair seeds, recall, and the vendor game launch.
 * Paths are relative to /api/v1 (API_PREFIX). Amounts on the wire are display units (Gold whole
 * coins, Sweeps numbers with 2 decimals). Answers use `type()` so a newer server may add fields;
 * requests use strict `object()`.
 */
import {
  array,
  boolean,
  enums,
  integer,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  pattern,
  record,
  size,
  string,
  type,
  unknown,
  type Infer,
} from 'superstruct';
import { BalancesSchema } from './schemas.ts';
import { GAME_ID_PATTERN } from './game-ids.ts';
import { LOBBY_CATEGORIES } from './routes.ts';

/** The house games and the vendor game seeded in the catalogue. */
export const HOUSE_GAME_IDS = {
  scratchCard: 'lucky-scratch',
  slots: 'crown-jewels',
  blackjack: 'blackjack',
  videoPoker: 'jacks-or-better',
  solitaire: 'klondike',
} as const;
export type HouseGameId = (typeof HOUSE_GAME_IDS)[keyof typeof HOUSE_GAME_IDS];
export const VENDOR_GAME_ID = 'fruit-frenzy';

/** A game's categories are the lobby's category pages. */
export const GAME_CATEGORIES = LOBBY_CATEGORIES;
export type GameCategory = (typeof GAME_CATEGORIES)[number];

export { GAME_ID_PATTERN };

export const GAMES_API_PATHS = {
  /** GET -> GamesCatalogue (public: the service worker keeps it for the offline lobby). */
  catalogue: '/games',
  /** GET ?brief=true|false -> InstantWinGamesResponse. */
  instantWinGames: '/games/instant-win',
  /** POST PurchaseInstantWinRequest (Idempotency-Key) -> RoundAnswer: the ticket, decided now. */
  purchaseInstantWin: '/games/instant-win/purchase',
  /** POST RedeemInstantWinRequest (Idempotency-Key) -> RoundAnswer: the ticket credited. */
  redeemInstantWin: '/games/instant-win/redeem',
  /** POST PurchaseSolitaireRequest (Idempotency-Key) -> RoundAnswer. */
  purchaseSolitaire: '/games/solitaire/purchase',
  /** POST StartRoundRequest (Idempotency-Key) -> RoundAnswer. */
  startRound: (gameId: string) => `/games/${gameId}/rounds`,
  startRoundPattern: '/games/:gameId/rounds',
  /** POST RoundActionRequest (Idempotency-Key) -> RoundAnswer. */
  roundAction: (gameId: string, roundId: string) => `/games/${gameId}/rounds/${roundId}/actions`,
  roundActionPattern: '/games/:gameId/rounds/:roundId/actions',
  /** GET -> OpenRoundResponse: the round left open in this game (resume), or null. */
  openRound: (gameId: string) => `/games/${gameId}/rounds/open`,
  openRoundPattern: '/games/:gameId/rounds/open',
  /** GET -> RecallResponse: this game's last 10 rounds, newest first. */
  recentRounds: (gameId: string) => `/games/${gameId}/rounds/recent`,
  recentRoundsPattern: '/games/:gameId/rounds/recent',
  /** GET -> RecallResponse: the last 10 rounds of each game, newest first (My Account). */
  allRecentRounds: '/games/rounds/recent',
  /** GET -> FairnessState. */
  fairness: '/games/fairness',
  /** PUT ClientSeedRequest -> FairnessState. */
  fairnessClientSeed: '/games/fairness/client-seed',
  /** POST (Idempotency-Key) -> RotateSeedResponse: reveals the seed in use, commits a new one. 409 while a round is open. */
  fairnessRotate: '/games/fairness/rotate',
  /** POST VendorLaunchRequest -> VendorLaunchResponse: the vendor's launch URL with a session token. */
  vendorLaunch: (gameId: string) => `/games/${gameId}/launch`,
  vendorLaunchPattern: '/games/:gameId/launch',
} as const;

/** Error codes of the games API (status in brackets). */
export const GAME_ERROR_CODES = {
  /** 404: no such game. */
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  /** 409: the game is under maintenance (extra.maintenance_until). */
  GAME_UNDER_MAINTENANCE: 'GAME_UNDER_MAINTENANCE',
  /** 409: the game does not take this currency (field 'currency'). */
  GAME_CURRENCY_DISABLED: 'GAME_CURRENCY_DISABLED',
  /**
   * 400: bet below the minimum or above the maximum (field 'betValue', extra.min_bet / max_bet), or
   * not one of the game's bet steps (extra.bet_steps as well), or a round's whole stake (bet plus
   * side bets) above the maximum (field: the side bet, extra.stake).
   */
  BET_OUT_OF_RANGE: 'BET_OUT_OF_RANGE',
  /** 402: the bet is more than the balance of that currency. */
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  /** 403: Sweeps play is not open to this player (excluded state, gold-only, verification). */
  SWEEPS_NOT_ELIGIBLE: 'SWEEPS_NOT_ELIGIBLE',
  /** 409: a round of this game is already open (extra.round_id): resume it first. */
  ROUND_ALREADY_OPEN: 'ROUND_ALREADY_OPEN',
  /** 404: no such round for this player. */
  ROUND_NOT_FOUND: 'ROUND_NOT_FOUND',
  /** 409: the round is finished. */
  ROUND_FINISHED: 'ROUND_FINISHED',
  /** 400: the action is not allowed now or is malformed (field names the part). */
  ILLEGAL_ACTION: 'ILLEGAL_ACTION',
  /** 409: seeds cannot be rotated while a round is open. */
  SEED_ROTATION_BLOCKED: 'SEED_ROTATION_BLOCKED',
  /**
   * 409 (field 'client_seed'): the player has no client seed yet. The server never picks one: the
   * app makes one in the browser and sends it (PUT /games/fairness/client-seed) before the first round.
   */
  CLIENT_SEED_REQUIRED: 'CLIENT_SEED_REQUIRED',
  /** 400: a fixed deck (testDeck) was sent; the cards of a round are never chosen by the caller. */
  TEST_DECK_NOT_ALLOWED: 'TEST_DECK_NOT_ALLOWED',
} as const;
export type GameErrorCode = (typeof GAME_ERROR_CODES)[keyof typeof GAME_ERROR_CODES];

/** Longest RTP note (Game.rtp_note) the catalogue carries: it sits under one figure at 360 px. */
export const RTP_NOTE_MAX_LENGTH = 160;

const CurrencySchema = enums(['gold', 'sweeps']);
const BetLimitsSchema = type({ gold: number(), sweeps: number() });

export const GameSchema = type({
  id: string(),
  name: string(),
  kind: enums(['house', 'vendor']),
  categories: array(string()),
  /** Same-origin URL of the card art. */
  art_url: string(),
  /** Short description shown on the card and the game page. */
  description: string(),
  maintenance: boolean(),
  /** ISO time the maintenance ends, when known. */
  maintenance_until: nullable(string()),
  /** Bumped when the game changes; a change during play shows the "game updated" dialog. */
  version: string(),
  /** Parsed metadata (for instant-win games the database may hold it as a JSON string). */
  metadata: type({ disabledCurrencies: array(CurrencySchema) }),
  min_bet: BetLimitsSchema,
  max_bet: BetLimitsSchema,
  /** Declared return to player, percent (e.g. 96.12). */
  rtp: number(),
  /**
   * A short note shown under the declared RTP, or null: the conditions the figure holds under
   * ("At the maximum bet (five coins) …") or the range players get ("Between 88.00 % (a casual
   * player) and 97.50 % (an expert)."). Plain text, one or two sentences, at most
   * RTP_NOTE_MAX_LENGTH characters. Optional on the wire so a catalogue kept by an older app still reads.
   */
  rtp_note: optional(nullable(string())),
  /**
   * For a game whose return depends on the player's skill (Klondike), the return of the strongest
   * player we built: the game's RTP is shown as the range `rtp` (a casual player) to `rtp_max`.
   * Null for every other game. Optional on the wire so a catalogue kept by an older app still reads.
   */
  rtp_max: optional(nullable(number())),
  /**
   * The largest total a round pays, as a multiple of its bet (the pay table's top prize), when the
   * catalogue publishes one: the vendor game's wins above it are refused (docs/vendor-wallet.md).
   * Null when none is published. Optional on the wire so a catalogue kept by an older app still reads.
   */
  max_win_multiple: optional(nullable(number())),
  /** Bet steps offered by the game UI, per currency, display units. */
  bet_steps: type({ gold: array(number()), sweeps: array(number()) }),
  created_at: string(),
});
export type Game = Infer<typeof GameSchema>;

export const GamesCatalogueSchema = type({ results: array(GameSchema) });
export type GamesCatalogue = Infer<typeof GamesCatalogueSchema>;

export const InstantWinGamesResponseSchema = type({
  results: array(type({ id: string(), name: string(), metadata: unknown() })),
});

/** The bet and currency of a round start, display units. */
const BetValue = min(number(), 0);

export const StartRoundRequestSchema = object({
  betValue: BetValue,
  currency: CurrencySchema,
  /** Game-specific start options (checked by the game's engine). */
  options: optional(record(string(), unknown())),
});
export type StartRoundRequest = Infer<typeof StartRoundRequestSchema>;

export const RoundActionRequestSchema = object({
  /** Game-specific action, e.g. { type: 'hit' } or { type: 'draw', hold: [true, false, ...] }. */
  action: type({ type: size(string(), 1, 32) }),
});
export type RoundActionRequest = Infer<typeof RoundActionRequestSchema>;

export const PurchaseInstantWinRequestSchema = object({
  gameId: pattern(string(), GAME_ID_PATTERN),
  betValue: BetValue,
  currency: CurrencySchema,
});
export const RedeemInstantWinRequestSchema = object({
  ticketId: size(string(), 1, 64),
  numScratched: max(min(integer(), 0), 64),
  numSpots: max(min(integer(), 1), 64),
  /** The order the spots were scratched in, kept for the replay in recall. */
  replayData: optional(size(array(max(min(integer(), 0), 63)), 0, 64)),
});
export const PurchaseSolitaireRequestSchema = object({
  betValue: BetValue,
  currency: CurrencySchema,
  /**
   * Side bet "No moves", display units: 0 (or absent) for none, else exactly betValue (anything
   * else is 400 VALIDATION_ERROR on this field). The bet and the side bets together stay within
   * the game's max_bet (400 BET_OUT_OF_RANGE, extra.stake) and are debited together.
   */
  noMovesBet: optional(BetValue),
  /** Side bet "Red or black": as noMovesBet. */
  redOrBlackBet: optional(BetValue),
  /** Never accepted: a chosen deck is refused with TEST_DECK_NOT_ALLOWED. */
  testDeck: optional(size(array(string()), 52, 52)),
});

export const ROUND_STATUSES = ['open', 'finished'] as const;

export const RoundViewSchema = type({
  id: string(),
  game_id: string(),
  currency: CurrencySchema,
  /** Everything staked in the round so far (base bet, doubles, splits, insurance, side bets). */
  bet: number(),
  /** Everything paid back so far. */
  win: number(),
  status: enums(ROUND_STATUSES),
  /** The engine's player view: cards face up, reels, spots, what actions are allowed. */
  state: unknown(),
  nonce: integer(),
  server_seed_hash: string(),
  client_seed: string(),
  created_at: string(),
  finished_at: nullable(string()),
  /** True when the server finished the round itself (left open 24 hours). */
  auto_completed: boolean(),
});
export type RoundView = Infer<typeof RoundViewSchema>;

export const RoundAnswerSchema = type({
  round: RoundViewSchema,
  /** Balances now. */
  balances: BalancesSchema,
  /** Balances after this call's stake was taken and before its win was paid (shown at once while the win animates). */
  post_bet_balances: BalancesSchema,
});
export type RoundAnswer = Infer<typeof RoundAnswerSchema>;

export const OpenRoundResponseSchema = type({ round: nullable(RoundViewSchema) });

/** A round as recall shows it: everything needed to replay it once its seed is revealed. */
export const RecalledRoundSchema = type({
  ...RoundViewSchema.schema,
  game_name: string(),
  /** The base bet the round started with, minor units: what a replay starts the engine with. */
  base_bet_minor: optional(integer()),
  balance_before: number(),
  balance_after: nullable(number()),
  options: unknown(),
  actions: array(unknown()),
  steps: array(type({ kind: string() })),
  /** The final engine state's view (the whole round, nothing hidden) once finished. */
  final_state: unknown(),
  /** The server seed, once rotated away from (null while it is still in use). */
  server_seed: nullable(string()),
});
export type RecalledRound = Infer<typeof RecalledRoundSchema>;
export const RecallResponseSchema = type({ results: array(RecalledRoundSchema) });

export const FairnessStateSchema = type({
  server_seed_hash: string(),
  /** The player's own client seed; null until their app has sent one (rounds are refused until then). */
  client_seed: nullable(string()),
  /** The nonce the next round will use. */
  next_nonce: integer(),
  /** True while a round is open (rotation is refused then). */
  round_open: boolean(),
});
export type FairnessState = Infer<typeof FairnessStateSchema>;

export const CLIENT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const ClientSeedRequestSchema = object({ client_seed: pattern(string(), CLIENT_SEED_PATTERN) });

export const RotateSeedResponseSchema = type({
  previous: type({
    server_seed: string(),
    server_seed_hash: string(),
    client_seed: nullable(string()),
    last_nonce: integer(),
  }),
  current: FairnessStateSchema,
});

export const VendorLaunchRequestSchema = object({ currency: CurrencySchema });
export const VendorLaunchResponseSchema = type({
  launch_url: string(),
  /** The vendor's origin, for the frame's sandbox and the message origin check. */
  vendor_origin: string(),
  expires_at: string(),
});

/** Names the round-status type without importing superstruct. */
export type RoundStatus = (typeof ROUND_STATUSES)[number];
