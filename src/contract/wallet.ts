/**
 * Wallet contract: coin histories, yearly summary, purchase limits, promo codes and the
 * idempotency errors of money-changing requests. Paths are relative to /api/v1 (API_PREFIX).
 * Amounts on the wire are display units: Gold whole coins, Sweeps and USD numbers with 2 decimals.
 * Answers use `type()` so a newer server may add fields; requests use strict `object()`.
 */
import {
  boolean,
  enums,
  integer,
  literal,
  min,
  max,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  type,
  type Infer,
} from 'superstruct';

/**
 * The paths and the coin histories' answers (what the history pages read at first render) live in
 * ./wallet-history.ts, a small module so those pages do not carry the purchase limits' and promo
 * codes' schemas and texts; they are part of this contract all the same.
 */
export * from './wallet-history.ts';

// ---------------------------------------------------------------------------------------------
// Error codes of this area (answer body `{ code, message, field, extra }` as everywhere).
// ---------------------------------------------------------------------------------------------
export const WALLET_ERROR_CODES = {
  /** 400: money-changing request without the Idempotency-Key header (or a malformed key). */
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
  /** 409: the key was used before with a different method, path or body. */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** 409: the first request with this key is still running; retry with the same key shortly. extra { retry_after_seconds }. */
  IDEMPOTENCY_IN_PROGRESS: 'IDEMPOTENCY_IN_PROGRESS',
  /**
   * 409: the ledger already holds a different coin movement under this request's key (another
   * amount, player, currency, bucket or kind); nothing was written. extra { differs: string[] }.
   */
  LEDGER_KEY_CONFLICT: 'LEDGER_KEY_CONFLICT',
  /** 400 field promo_code: unknown, expired, used up or not applicable here; extra { reason: PromoCodeProblem }. */
  INVALID_PROMO_CODE: 'INVALID_PROMO_CODE',
  /** 409: a purchase with a promotion too soon after the last one; extra { retry_after_seconds }. */
  PROMO_PURCHASE_TIME_LOCKED: 'PROMO_PURCHASE_TIME_LOCKED',
  /** 409 (from the pay call) / `error_code` of the check answer: the player's own limits. */
  PURCHASE_LIMIT_DAILY: 'PURCHASE_LIMIT_DAILY',
  PURCHASE_LIMIT_WEEKLY: 'PURCHASE_LIMIT_WEEKLY',
  PURCHASE_LIMIT_MONTHLY: 'PURCHASE_LIMIT_MONTHLY',
  /** 400: daily must not exceed weekly, weekly must not exceed monthly; field = the period at fault. */
  PURCHASE_LIMITS_INCONSISTENT: 'PURCHASE_LIMITS_INCONSISTENT',
  /** 404 field package_id: no such coin package. */
  PACKAGE_NOT_FOUND: 'PACKAGE_NOT_FOUND',
  /** 400 field year: not a calendar year with possible activity. */
  INVALID_YEAR: 'INVALID_YEAR',
  /** 400: not enough coins for a spend (games, redemptions). */
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
} as const;
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[keyof typeof WALLET_ERROR_CODES];

export const PROMO_CODE_PROBLEMS = [
  'unknown',
  'not_started',
  'expired',
  'used',
  'used_up',
  'not_applicable',
] as const;
export type PromoCodeProblem = (typeof PROMO_CODE_PROBLEMS)[number];

/** Player-facing texts of the wallet area. */
export const WALLET_TEXTS = {
  purchaseLimitReached: 'You have reached your purchase limit and will not be able to purchase this package',
  manageLimitsButton: 'MANAGE LIMITS',
  okIUnderstandButton: 'OK, I UNDERSTAND',
  providerLimitTitle: 'Purchase Limit Reached',
  providerLimitText:
    'You have reached the purchase limit set for your account. Please contact support if you would like it raised.',
  promoPurchaseTimeLocked: 'Please wait a moment before attempting a purchase with a promotion again.',
  promoProblems: {
    unknown: 'This promo code does not exist. Please check the code and try again.',
    not_started: 'This promo code is not active yet.',
    expired: 'This promo code has expired.',
    used: 'You have already used this promo code.',
    used_up: 'This promo code has reached its maximum number of uses.',
    not_applicable: 'This promo code cannot be used here.',
  } satisfies Record<PromoCodeProblem, string>,
} as const;

/** Provider-side (payment processor) purchase-limit codes of spec section 8: shown as "Purchase Limit Reached". */
export { isProviderPurchaseLimitCode, PROVIDER_PURCHASE_LIMIT_CODES } from './constants.ts';

// ---------------------------------------------------------------------------------------------
// Purchase limits
// ---------------------------------------------------------------------------------------------
export const PURCHASE_LIMIT_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type PurchaseLimitPeriod = (typeof PURCHASE_LIMIT_PERIODS)[number];
/** Rolling windows: the last 24 hours, 7 days, 30 days. */
export const PURCHASE_LIMIT_WINDOW_HOURS: Readonly<Record<PurchaseLimitPeriod, number>> = {
  daily: 24,
  weekly: 7 * 24,
  monthly: 30 * 24,
};
export const PURCHASE_LIMIT_ERROR_BY_PERIOD = {
  daily: WALLET_ERROR_CODES.PURCHASE_LIMIT_DAILY,
  weekly: WALLET_ERROR_CODES.PURCHASE_LIMIT_WEEKLY,
  monthly: WALLET_ERROR_CODES.PURCHASE_LIMIT_MONTHLY,
} as const;
/** Largest limit a player can set, USD. */
export const PURCHASE_LIMIT_MAX_USD = 100_000;

export const PurchaseLimitStateSchema = type({
  /** Limit in force, USD; null = no limit. */
  amount_usd: nullable(number()),
  /** An increase or removal waiting out its cooling-off period. */
  pending: nullable(type({ amount_usd: nullable(number()), effective_at: string() })),
  /** Completed purchases in the rolling window, USD. */
  used_usd: number(),
  /** amount_usd - used_usd (not below 0), or null without a limit. */
  remaining_usd: nullable(number()),
  cooling_off_days: integer(),
  window_hours: integer(),
});
export type PurchaseLimitState = Infer<typeof PurchaseLimitStateSchema>;

export const PurchaseLimitsResponseSchema = type({
  /** purchase_limits_enabled named property: when false the check always passes. */
  enabled: boolean(),
  daily: PurchaseLimitStateSchema,
  weekly: PurchaseLimitStateSchema,
  monthly: PurchaseLimitStateSchema,
});
export type PurchaseLimitsResponse = Infer<typeof PurchaseLimitsResponseSchema>;

const limitAmount = nullable(min(max(number(), PURCHASE_LIMIT_MAX_USD), 1));
/** PATCH body: only the periods to change; null removes that limit (after cooling-off). */
export const PurchaseLimitsPatchSchema = object({
  daily: optional(limitAmount),
  weekly: optional(limitAmount),
  monthly: optional(limitAmount),
});
export type PurchaseLimitsPatch = Infer<typeof PurchaseLimitsPatchSchema>;

export const PurchaseLimitCheckRequestSchema = object({
  package_id: size(string(), 1, 128),
});
export type PurchaseLimitCheckRequest = Infer<typeof PurchaseLimitCheckRequestSchema>;

export const PurchaseLimitCheckResponseSchema = type({
  allowed: boolean(),
  package_id: string(),
  /** null when allowed, else PURCHASE_LIMIT_DAILY | _WEEKLY | _MONTHLY (first period exceeded). */
  error_code: nullable(
    enums([
      WALLET_ERROR_CODES.PURCHASE_LIMIT_DAILY,
      WALLET_ERROR_CODES.PURCHASE_LIMIT_WEEKLY,
      WALLET_ERROR_CODES.PURCHASE_LIMIT_MONTHLY,
    ] as const),
  ),
  message: nullable(string()),
  period: nullable(enums(PURCHASE_LIMIT_PERIODS)),
  limit_usd: nullable(number()),
  used_usd: nullable(number()),
  price_usd: number(),
});
export type PurchaseLimitCheckResponse = Infer<typeof PurchaseLimitCheckResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Promo codes
// ---------------------------------------------------------------------------------------------
export const PROMO_CONTEXTS = ['join', 'purchase'] as const;
export type PromoContext = (typeof PROMO_CONTEXTS)[number];
/** Where a code can be used. */
export const PROMO_APPLIES_AT = ['join', 'purchase', 'both'] as const;
export type PromoAppliesAt = (typeof PROMO_APPLIES_AT)[number];
export const PROMO_CODE_PATTERN = /^[A-Z0-9_-]{2,64}$/;

export const PromoCodeValidateRequestSchema = object({
  code: size(string(), 1, 64),
  context: enums(PROMO_CONTEXTS),
  /** With context 'purchase': the package being bought (optional). */
  package_id: optional(size(string(), 1, 128)),
});
export type PromoCodeValidateRequest = Infer<typeof PromoCodeValidateRequestSchema>;

/** 200 when the code can be used now; otherwise 400 INVALID_PROMO_CODE or 409 PROMO_PURCHASE_TIME_LOCKED. */
export const PromoCodeValidateResponseSchema = type({
  code: string(),
  valid: literal(true),
  applies_at: enums(PROMO_APPLIES_AT),
  /** Coins the code adds (Gold whole, Sweeps 2 decimals). */
  gold_coins: number(),
  sweeps_coins: number(),
  /** Marketing value shown for the code's Sweeps (welcome code: configured value x 2.5); null for others. */
  display_sweeps_value: nullable(number()),
  ends_at: nullable(string()),
  description: string(),
});
export type PromoCodeValidateResponse = Infer<typeof PromoCodeValidateResponseSchema>;

/** Error `extra` shapes, for the UI. */
export const PromoErrorExtraSchema = type({ reason: enums(PROMO_CODE_PROBLEMS) });
export const RetryAfterExtraSchema = type({ retry_after_seconds: integer() });
export const PurchaseLimitErrorExtraSchema = type({
  period: enums(PURCHASE_LIMIT_PERIODS),
  limit_usd: number(),
  used_usd: number(),
  price_usd: number(),
});
