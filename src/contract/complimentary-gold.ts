/**
 * Complimentary Gold Coins contract (spec sections 3, 4 and 7; docs/complimentary-gold.md):
 * paths, the award rule, wire shapes, error codes and the player-facing texts. Paths are relative
 * to /api/v1.
 *
 * The rule: with Gold active, a player whose Gold is below the game's minimum Gold bet may accept
 * free Gold that tops the balance up to the named property comp_state_award_gold (a number of
 * Gold Coins; 0 switches the offer off), or to the game's minimum bet when that is higher; at most
 * COMPLIMENTARY_GOLD_AWARDS_PER_DAY awards per Eastern Time day (12:00am-11:59pm ET). The server
 * reads the minimum bet from its own game catalogue, never from the request.
 * Answers use `type()` so a newer server may add fields; requests use strict `object()`.
 */
import {
  boolean,
  enums,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  pattern,
  string,
  type,
  type Infer,
} from 'superstruct';
import { GAME_ID_PATTERN } from './game-ids.ts';
import { BalancesSchema } from './schemas.ts';

export const COMPLIMENTARY_GOLD_API_PATHS = {
  /** GET ?gameId=<id> -> ComplimentaryGoldOffer: whether an award is open to the player now, and its size. */
  offer: '/complimentary-gold/offer',
  /** POST AcceptComplimentaryGoldRequest (Idempotency-Key header) -> AcceptComplimentaryGoldResponse. */
  accept: '/complimentary-gold/accept',
} as const;

export {
  COMPLIMENTARY_GOLD_AWARDS_PER_DAY,
  complimentaryGoldAward,
  complimentaryGoldTarget,
} from './complimentary-gold-rule.ts';
import { COMPLIMENTARY_GOLD_AWARDS_PER_DAY } from './complimentary-gold-rule.ts';
import { formatGold } from './money.ts';

const GameId = pattern(string(), GAME_ID_PATTERN);

export const AcceptComplimentaryGoldRequestSchema = object({
  gameId: GameId,
  /**
   * The game's minimum Gold bet as the page saw it (spec: the accept call's payload). Kept for the
   * record only: the server decides from its own catalogue.
   */
  goldCoinsBetValue: optional(max(min(number(), 0), 1_000_000_000)),
});
export type AcceptComplimentaryGoldRequest = Infer<typeof AcceptComplimentaryGoldRequestSchema>;

/** Why no award is open now (null when one is). */
export const COMPLIMENTARY_GOLD_REFUSALS = ['off', 'not_needed', 'daily_limit'] as const;
export type ComplimentaryGoldRefusal = (typeof COMPLIMENTARY_GOLD_REFUSALS)[number];

export const ComplimentaryGoldOfferSchema = type({
  /** An award is open to the player now. */
  available: boolean(),
  /** Why not, when no award is open. */
  reason: nullable(enums(COMPLIMENTARY_GOLD_REFUSALS)),
  /** Gold Coins an accept would credit now (0 when none is open). */
  award_gld: number(),
  /** The game's minimum Gold bet, from the server's catalogue. */
  min_bet_gld: number(),
  awards_left_today: number(),
  /** ISO time the next Eastern Time day starts (when the daily count starts again). */
  next_day_at: string(),
});
export type ComplimentaryGoldOffer = Infer<typeof ComplimentaryGoldOfferSchema>;

/** Spec: the accept call answers balances; the award's own figures ride along. */
export const AcceptComplimentaryGoldResponseSchema = type({
  balances: BalancesSchema,
  awarded_gld: number(),
  awards_left_today: number(),
});
export type AcceptComplimentaryGoldResponse = Infer<typeof AcceptComplimentaryGoldResponseSchema>;

/** Error codes of this area (answer body `{ code, message, field, extra }` as everywhere). */
export const COMPLIMENTARY_GOLD_ERROR_CODES = {
  /** 409: the named property comp_state_award_gold is 0 (the offer is off). */
  COMPLIMENTARY_GOLD_OFF: 'COMPLIMENTARY_GOLD_OFF',
  /** 409: the player's Gold covers the game's minimum bet; extra { min_bet_gld }. */
  COMPLIMENTARY_GOLD_NOT_NEEDED: 'COMPLIMENTARY_GOLD_NOT_NEEDED',
  /** 409: today's awards are used up; extra { retry_after_seconds, next_day_at }, Retry-After header. */
  COMPLIMENTARY_GOLD_DAILY_LIMIT: 'COMPLIMENTARY_GOLD_DAILY_LIMIT',
  /** 404 field gameId: no such game, or one that takes no Gold. */
  COMPLIMENTARY_GOLD_GAME_NOT_FOUND: 'COMPLIMENTARY_GOLD_GAME_NOT_FOUND',
} as const;
export type ComplimentaryGoldErrorCode =
  (typeof COMPLIMENTARY_GOLD_ERROR_CODES)[keyof typeof COMPLIMENTARY_GOLD_ERROR_CODES];

const gold = (n: number): string => `${formatGold(n)} Gold Coins`;

/** Player-facing texts. */
export const COMPLIMENTARY_GOLD_TEXTS = {
  title: 'Complimentary Gold Coins',
  offer: (award: number) =>
    `You are low on Gold Coins for this game. Accept ${gold(award)} on us to keep playing. Gold Coins are for fun and have no cash value.`,
  accept: 'Accept',
  decline: 'No thanks',
  accepted: (award: number) => `${gold(award)} added to your balance.`,
  off: 'Complimentary Gold Coins are not available right now.',
  notNeeded: 'You already have enough Gold Coins to play this game.',
  dailyLimit: `You have had today's complimentary Gold Coins (${COMPLIMENTARY_GOLD_AWARDS_PER_DAY} a day). More are available after midnight Eastern Time.`,
  gameNotFound: 'This game is not available.',
  failed: 'The Gold Coins could not be added. Please try again.',
  /** The rule in a sentence, for the player-facing rules (docs/complimentary-gold.md). */
  rules: (target: number) =>
    `When Gold Coins are in play and your Gold Coins cannot cover a game's minimum bet, you may accept free Gold Coins that bring your balance up to ${gold(target)} (or the game's minimum bet, if higher), up to ${COMPLIMENTARY_GOLD_AWARDS_PER_DAY} times per day; the day runs from 12:00am to 11:59pm Eastern Time.`,
} as const;
