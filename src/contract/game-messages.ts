/**
 * The postMessage protocol between the game page (the app, "host") and a house game running in
 * its iframe under /games/{id}/ on the same origin. Every message is `{ v: 1, type, ... }`;
 * both sides check the sender's origin exactly (the app's own origin) and validate the message
 * with these schemas, dropping anything else.
 *
 * The game never holds the player's credentials: it asks the host to make its API calls
 * (`request` -> `response`), and the host only makes the calls listed in GAME_CALLS. After each
 * outcome the game reports an event (spec section 4, "Game messages"), and the host applies the
 * rule of GAME_EVENT_RULES: whether currency switching is disabled or re-enabled, and whether the
 * balances in the event are shown at once or after the win animation.
 */
import {
  array,
  boolean,
  enums,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  size,
  string,
  type,
  union,
  unknown,
  type Infer,
} from 'superstruct';
import { BalancesSchema } from './schemas.ts';

export const GAME_MESSAGE_VERSION = 1;

/** The API calls a game may ask the host to make (mapped to GAMES_API_PATHS by the host). */
export const GAME_CALLS = [
  'round.start',
  'round.act',
  'round.open',
  'rounds.recent',
  'fairness.get',
  'fairness.client_seed',
  'fairness.rotate',
  'instant_win.purchase',
  'instant_win.redeem',
  'solitaire.purchase',
] as const;
export type GameCall = (typeof GAME_CALLS)[number];

/** Game events of spec section 4. */
export const GAME_EVENTS = [
  'purchase_outcome',
  'redeem_outcome',
  'start_game',
  'end_round',
  'blackjack_initial_bet',
  'blackjack_insurance_outcome',
  'blackjack_split_outcome',
  'blackjack_hit',
  'blackjack_stand',
  'blackjack_double_down',
  'blackjack_game_end',
  'video_poker_deal',
  'video_poker_draw',
  'currency_swap_success',
] as const;
export type GameEvent = (typeof GAME_EVENTS)[number];

export type SwitchingEffect = 'disable' | 'enable' | 'enable_after_draw_delay' | null;
export type BalanceEffect = 'immediate' | 'delayed' | null;

/**
 * What the host does on each event (spec section 4). `postBet`: the event carries the balances
 * after the stake and before the win; they are shown at once and the final balances after the
 * win animation. Purchase outcome shows its (post-purchase) balances at once; a redeem outcome's
 * win is delayed for the animation.
 */
export const GAME_EVENT_RULES: Record<
  GameEvent,
  { switching: SwitchingEffect; balances: BalanceEffect; postBet: boolean }
> = {
  purchase_outcome: { switching: 'disable', balances: 'immediate', postBet: false },
  redeem_outcome: { switching: 'enable', balances: 'delayed', postBet: false },
  start_game: { switching: null, balances: 'delayed', postBet: true },
  end_round: { switching: 'enable', balances: null, postBet: false },
  blackjack_initial_bet: { switching: 'disable', balances: null, postBet: false },
  blackjack_insurance_outcome: { switching: null, balances: 'immediate', postBet: false },
  blackjack_split_outcome: { switching: null, balances: 'immediate', postBet: false },
  blackjack_hit: { switching: null, balances: 'delayed', postBet: false },
  blackjack_stand: { switching: null, balances: 'delayed', postBet: false },
  blackjack_double_down: { switching: null, balances: 'delayed', postBet: true },
  blackjack_game_end: { switching: 'enable', balances: null, postBet: false },
  video_poker_deal: { switching: 'disable', balances: 'immediate', postBet: false },
  video_poker_draw: { switching: 'enable_after_draw_delay', balances: 'delayed', postBet: false },
  currency_swap_success: { switching: 'enable', balances: null, postBet: false },
};

const V = literal(GAME_MESSAGE_VERSION);
const Currency = enums(['gold', 'sweeps']);
const RequestId = size(string(), 1, 64);

// ---- game -> host ----

export const GameLoadedMessage = object({ v: V, type: literal('iframe_loaded') });
export const GameRequestMessage = object({
  v: V,
  type: literal('request'),
  id: RequestId,
  call: enums(GAME_CALLS),
  /** Path parameters and body of the call (round id, bet, action...). */
  body: optional(record(string(), unknown())),
  /** One key per player action; a retry of the same action reuses it (the API replays the answer). */
  idempotency_key: optional(size(string(), 8, 128)),
});
export const GameEventMessage = object({
  v: V,
  type: literal('event'),
  event: enums(GAME_EVENTS),
  balances: optional(BalancesSchema),
  post_bet_balances: optional(BalancesSchema),
  /** The win of the round in the round's currency, display units (drives the win animation). */
  win: optional(number()),
  /** The round's currency. */
  currency: optional(Currency),
});
/** The game asks the host to open a panel outside the frame (recall of this game, the rules). */
export const GameNavigateMessage = object({
  v: V,
  type: literal('navigate'),
  to: enums(['lobby', 'recall', 'rules', 'buy_coins']),
});
export const GameToHostMessageSchema = union([
  GameLoadedMessage,
  GameRequestMessage,
  GameEventMessage,
  GameNavigateMessage,
]);
export type GameToHostMessage = Infer<typeof GameToHostMessageSchema>;

// ---- host -> game ----

export const HostInitMessage = object({
  v: V,
  type: literal('init'),
  game_id: string(),
  currency: Currency,
  balances: BalancesSchema,
  online: boolean(),
  /** The device asks for reduced motion, or the player's game setting does (docs/player-settings.md). */
  reduced_motion: boolean(),
  /** The player's quick spin setting: slots stop their reels sooner. Absent = off. */
  quick_spin: optional(boolean()),
  /** The signed-in player: the scope of the game's pending actions (src/lib/pending-actions.ts). */
  player_id: optional(string()),
  /**
   * The game's bet steps per currency, display units, smallest first: the catalogue's
   * (Game.bet_steps), the same steps the server's checkBet accepts. The game offers only these.
   */
  bet_steps: object({ gold: array(number()), sweeps: array(number()) }),
});
export const HostResponseMessage = object({
  v: V,
  type: literal('response'),
  id: RequestId,
  ok: boolean(),
  /** HTTP status, 0 when the network failed. */
  status: number(),
  /** The API answer (ok) or its error body { code, message, field, extra }. */
  body: unknown(),
});
/** The player switched currency on the page while the game is open: the game swaps too and answers currency_swap_success. */
export const HostCurrencySwapMessage = object({ v: V, type: literal('currency_swap'), currency: Currency });
export const HostConnectivityMessage = object({ v: V, type: literal('connectivity'), online: boolean() });
/** The player changed a game setting while the game is open: the game follows from its next animation. */
export const HostSettingsMessage = object({
  v: V,
  type: literal('settings'),
  reduced_motion: boolean(),
  quick_spin: boolean(),
});
export const HostToGameMessageSchema = union([
  HostInitMessage,
  HostResponseMessage,
  HostCurrencySwapMessage,
  HostConnectivityMessage,
  HostSettingsMessage,
]);
export type HostToGameMessage = Infer<typeof HostToGameMessageSchema>;

/** The wire shape of a response body when the call failed (mirrors ApiErrorBody). */
export const GameCallErrorSchema = type({
  code: string(),
  message: string(),
  field: optional(nullable(string())),
});
