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
import { CurrencySchema } from './games-catalogue.ts';
import { GAME_ID_PATTERN } from './game-ids.ts';

/**
 * The game ids, the API paths and the catalogue's answers (what the lobby and the game page read
 * at first render) live in ./games-catalogue.ts, a small module so those pages do not carry the
 * rounds', recall's and fairness' schemas; they are part of this contract all the same.
 */
export * from './games-catalogue.ts';

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

/** Names the round-status type without importing superstruct. */
export type RoundStatus = (typeof ROUND_STATUSES)[number];
