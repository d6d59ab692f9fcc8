/**
 * The part of the games contract (./games.ts, which re-exports all of it) that the lobby and the
 * game page read at first render: the seeded game ids, the categories, the API paths, the
 * catalogue's answer and the vendor game's launch answer. Its own module so those pages do not
 * carry the rounds', recall's and fairness' schemas. Conventions: ./games.ts.
 */
import { array, boolean, enums, nullable, number, optional, string, type, type Infer } from 'superstruct';
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

/** Longest RTP note (Game.rtp_note) the catalogue carries: it sits under one figure at 360 px. */
export const RTP_NOTE_MAX_LENGTH = 160;

/** A game's currencies (the rounds' requests use it too, ./games.ts). */
export const CurrencySchema = enums(['gold', 'sweeps']);
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

export const VendorLaunchResponseSchema = type({
  launch_url: string(),
  /** The vendor's origin, for the frame's sandbox and the message origin check. */
  vendor_origin: string(),
  expires_at: string(),
});
