/**
 * Seamless wallet contract: the calls a game vendor's server makes to our wallet while a player
 * plays the vendor's game (docs/vendor-wallet.md). Paths are relative to /api/v1 (API_PREFIX).
 *
 * Every call is signed: `X-Vendor-Timestamp: <unix seconds>` and
 * `X-Vendor-Signature: <hex HMAC-SHA256(shared secret, "<timestamp>\n<METHOD>\n<path>\n<raw body>")>`
 * (the path from `/api/v1/`, no query string); a timestamp more than VENDOR_CLOCK_WINDOW_SECONDS
 * away from our clock is refused. Amounts are display units
 * of the session's currency: Gold whole coins, Sweeps numbers with up to 2 decimals.
 * Requests use strict `object()`; answers use `type()` so a newer server may add fields.
 */
import { enums, max, min, number, object, optional, pattern, string, type, type Infer } from 'superstruct';

export const VENDOR_WALLET_PATHS = {
  /** POST VendorBalanceRequest -> VendorWalletAnswer (the session's currency). */
  balance: '/vendor-wallet/balance',
  /** POST VendorBetRequest -> VendorWalletAnswer: debits the stake. */
  bet: '/vendor-wallet/bet',
  /** POST VendorWinRequest -> VendorWalletAnswer: credits a win of an accepted bet (amount may be 0). */
  win: '/vendor-wallet/win',
  /** POST VendorRollbackRequest -> VendorWalletAnswer: refunds a bet that is not settled. */
  rollback: '/vendor-wallet/rollback',
} as const;

/** Paths exempt from CSRF: the vendor's server calls them, verified by the signature instead. */
export const VENDOR_WALLET_SIGNED_PATHS: readonly string[] = Object.values(VENDOR_WALLET_PATHS);

export const VENDOR_TIMESTAMP_HEADER = 'X-Vendor-Timestamp';
export const VENDOR_SIGNATURE_HEADER = 'X-Vendor-Signature';
/** A request whose timestamp is further than this from our clock is refused (replay window). */
export const VENDOR_CLOCK_WINDOW_SECONDS = 30;

/** Session tokens handed to the vendor in the launch URL. */
export const VENDOR_SESSION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{10,255}$/;
/** The vendor's transaction and round ids. */
export const VENDOR_TRANSACTION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
/** Largest amount of one call, display units (a sanity bound, far above any game's maximum bet). */
export const VENDOR_MAX_AMOUNT = 1_000_000_000;

const SessionToken = pattern(string(), VENDOR_SESSION_TOKEN_PATTERN);
const TransactionId = pattern(string(), VENDOR_TRANSACTION_ID_PATTERN);
const Amount = max(min(number(), 0), VENDOR_MAX_AMOUNT);

export const VendorBalanceRequestSchema = object({ session_token: SessionToken });
export type VendorBalanceRequest = Infer<typeof VendorBalanceRequestSchema>;

/** Every money call names its session and its own (idempotency) transaction id, in this order. */
const moneyCallFields = { session_token: SessionToken, transaction_id: TransactionId };

export const VendorBetRequestSchema = object({
  ...moneyCallFields,
  round_id: TransactionId,
  /** The stake, above 0. */
  amount: Amount,
});
export type VendorBetRequest = Infer<typeof VendorBetRequestSchema>;

export const VendorWinRequestSchema = object({
  ...moneyCallFields,
  /** The bet this win pays (it must have been accepted and not rolled back). */
  bet_transaction_id: TransactionId,
  round_id: TransactionId,
  /** 0 closes the round without a payment. */
  amount: Amount,
});
export type VendorWinRequest = Infer<typeof VendorWinRequestSchema>;

export const VendorRollbackRequestSchema = object({
  ...moneyCallFields,
  /** The bet to refund (it may be unknown to us: then the bet is refused if it arrives later). */
  bet_transaction_id: TransactionId,
  round_id: optional(TransactionId),
});
export type VendorRollbackRequest = Infer<typeof VendorRollbackRequestSchema>;

export const VENDOR_TRANSACTION_KINDS = ['bet', 'win', 'rollback'] as const;
export type VendorTransactionKind = (typeof VENDOR_TRANSACTION_KINDS)[number];

export const VendorWalletAnswerSchema = type({
  currency: enums(['gold', 'sweeps']),
  /** The session currency's balance after the call (Sweeps: paid + free + redeemable). */
  balance: number(),
  /** Absent on a balance call. */
  transaction_id: optional(string()),
  kind: optional(enums(VENDOR_TRANSACTION_KINDS)),
  /** What moved: the stake, the win, or the refund (0 when a rollback had nothing to refund). */
  amount: optional(number()),
});
export type VendorWalletAnswer = Infer<typeof VendorWalletAnswerSchema>;

/** Error codes of the seamless wallet (status in brackets); body `{ code, message, field, extra }`. */
export const VENDOR_WALLET_ERROR_CODES = {
  /** 401: signature header missing or not matching the method, path, body and time of the call. */
  VENDOR_SIGNATURE_INVALID: 'VENDOR_SIGNATURE_INVALID',
  /** 401: timestamp header missing, malformed or outside the clock window (extra.server_time). */
  VENDOR_TIMESTAMP_INVALID: 'VENDOR_TIMESTAMP_INVALID',
  /** 404: no session with this token. */
  VENDOR_SESSION_NOT_FOUND: 'VENDOR_SESSION_NOT_FOUND',
  /** 403: the session expired: no new bets (wins and rollbacks are still accepted). */
  VENDOR_SESSION_EXPIRED: 'VENDOR_SESSION_EXPIRED',
  /** 409: this transaction id was used with another body. */
  DUPLICATE_TRANSACTION: 'DUPLICATE_TRANSACTION',
  /** 402: the stake is more than the balance of the session's currency; nothing was written. */
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  /** 400: amount not allowed in this currency (Gold whole, Sweeps 2 decimals, a bet above 0). */
  VENDOR_AMOUNT_INVALID: 'VENDOR_AMOUNT_INVALID',
  /** 404: the bet named by bet_transaction_id is not known in this session. */
  VENDOR_BET_NOT_FOUND: 'VENDOR_BET_NOT_FOUND',
  /** 409: the bet was rolled back (a win for it, or the bet arriving after its rollback). */
  VENDOR_BET_ROLLED_BACK: 'VENDOR_BET_ROLLED_BACK',
  /** 409: the bet already has a win: it cannot be rolled back. */
  VENDOR_BET_SETTLED: 'VENDOR_BET_SETTLED',
  /**
   * 400: the wins of the bet would pass the game's published maximum (Game.max_win_multiple times
   * the bet; field amount, extra { max_win_multiple, bet_amount, max_win, already_won }). Nothing
   * is credited, the bet stays open (a corrected win or a rollback may follow) and the refusal is
   * recorded for the operator.
   */
  VENDOR_WIN_ABOVE_MAXIMUM: 'VENDOR_WIN_ABOVE_MAXIMUM',
} as const;
export type VendorWalletErrorCode =
  (typeof VENDOR_WALLET_ERROR_CODES)[keyof typeof VENDOR_WALLET_ERROR_CODES];

/** Message the vendor page may post to its parent (the game page) when a round ends. */
export const VENDOR_ROUND_END_MESSAGE = 'vendor_round_end';
