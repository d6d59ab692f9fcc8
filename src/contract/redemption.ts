/**
 * Redemption contract (spec sections 3, 4, 7, 8, 9): redeemable Sweeps Coins turned into a prize
 * (gift card, PayPal, bank transfer, paper check, prize-out) or cashed out to the e-wallet on file
 * for a fee. Paths are relative to /api/v1. Amounts on the wire: Sweeps and USD numbers with 2
 * decimals. Answers use `type()` so a newer server may add fields; requests use strict `object()`.
 * The rules and their reasons: docs/redemption.md.
 */
import {
  array,
  boolean,
  enums,
  nullable,
  number,
  object,
  optional,
  pattern,
  refine,
  size,
  string,
  type,
  type Infer,
} from 'superstruct';
import { displayToCents } from './money.ts';
import { GIFT_CARD_BRANDS, REDEMPTION_METHODS, type RedemptionMethod } from './withdrawal-data.ts';
import {
  GIFT_CARD_BRAND_LABELS,
  MINIMUM_TIERS,
  REDEMPTION_API_PATHS,
  REDEMPTION_ERROR_CODES,
  REDEMPTION_METHOD_LABELS,
  RedemptionOptionsSchema,
  belowMinimumText,
  type MinimumTier,
  type RedemptionErrorCode,
  type RedemptionOptions,
} from './redemption-pages.ts';

/** The redeem pages' part (paths, labels, error codes, options answer) lives in redemption-pages.ts. */
export {
  GIFT_CARD_BRAND_LABELS,
  MINIMUM_TIERS,
  REDEMPTION_API_PATHS,
  REDEMPTION_ERROR_CODES,
  REDEMPTION_METHOD_LABELS,
  RedemptionOptionsSchema,
  belowMinimumText,
  type MinimumTier,
  type RedemptionErrorCode,
  type RedemptionOptions,
};

export { REDEMPTION_METHODS, type RedemptionMethod } from './withdrawal-data.ts';

export const REDEMPTION_STATUSES = ['pending', 'approved', 'sent', 'paid', 'cancelled', 'rejected'] as const;
export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** Statuses whose coins are still held (they count against the period limit; a request can still change). */
export const OPEN_REDEMPTION_STATUSES: readonly RedemptionStatus[] = ['pending', 'approved', 'sent'];

export const REDEMPTION_STATUS_LABELS: Readonly<Record<RedemptionStatus, string>> = {
  pending: 'Pending',
  approved: 'Approved',
  sent: 'Sent',
  paid: 'Paid',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

/** Steps of the status timeline, in order; a redemption ends at paid, cancelled or rejected. */
export const TIMELINE_STEPS = [
  'requested',
  'identity_checked',
  'approved',
  'sent',
  'paid',
  'cancelled',
  'rejected',
] as const;
export type TimelineStep = (typeof TIMELINE_STEPS)[number];
/** The happy path shown with its expected times. */
export const TIMELINE_PATH: readonly TimelineStep[] = [
  'requested',
  'identity_checked',
  'approved',
  'sent',
  'paid',
];

export const TIMELINE_STEP_LABELS: Readonly<Record<TimelineStep, string>> = {
  requested: 'Requested',
  identity_checked: 'Identity checked',
  approved: 'Approved',
  sent: 'Sent',
  paid: 'Paid',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
};

const HOUR_MS = 3_600_000;
/**
 * Service levels (docs/redemption.md): how long after a step the next one is expected.
 * review = identity checked -> approved; send = approved -> sent; settle = sent -> paid.
 */
export const REDEMPTION_SERVICE_LEVELS_MS: Readonly<
  Record<RedemptionMethod | 'cash_out', { review: number; send: number; settle: number }>
> = {
  gift_card: { review: 24 * HOUR_MS, send: 24 * HOUR_MS, settle: 1 * HOUR_MS },
  prizeout: { review: 24 * HOUR_MS, send: 24 * HOUR_MS, settle: 1 * HOUR_MS },
  paypal: { review: 24 * HOUR_MS, send: 24 * HOUR_MS, settle: 24 * HOUR_MS },
  ach: { review: 24 * HOUR_MS, send: 24 * HOUR_MS, settle: 72 * HOUR_MS },
  paper_check: { review: 24 * HOUR_MS, send: 48 * HOUR_MS, settle: 240 * HOUR_MS },
  cash_out: { review: 4 * HOUR_MS, send: 4 * HOUR_MS, settle: 24 * HOUR_MS },
};

export { GIFT_CARD_BRANDS, type GiftCardBrand } from './withdrawal-data.ts';

/** Spec section 9: a bank rejection of an ACH payout costs the player $15 (in Sweeps at the request's rate). */
export const REJECTED_ACH_FEE_USD_CENTS = 1500;

/** The redemption values named property (JSON), as read by server and app. */
export interface RedemptionValues {
  sweepsPerUsd: number;
  /** USD minimums per method and tier. */
  minimumsUsd: Record<RedemptionMethod, Record<MinimumTier, number>>;
}

const positiveNumber = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null;

/**
 * Parses the redemption values property. Missing or bad fields fall back to the defaults given;
 * gift cards have no field of their own in the spec and use the prize-out minimums unless the
 * property carries gift_card_minimum_redemption_usd / gift_card_low_minimum_redemption_usd.
 */
export function parseRedemptionValues(raw: string | undefined, defaults: string): RedemptionValues {
  const read = (text: string | undefined): Record<string, unknown> => {
    try {
      const v: unknown = text ? JSON.parse(text) : {};
      return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const base = read(defaults);
  const own = read(raw);
  const field = (name: string, fallback: number): number =>
    positiveNumber(own[name]) ?? positiveNumber(base[name]) ?? fallback;
  const pair = (prefix: string, fallback?: { regular: number; low: number }) => {
    const regular = field(`${prefix}_minimum_redemption_usd`, fallback?.regular ?? 1);
    const low = field(`${prefix}_low_minimum_redemption_usd`, fallback?.low ?? regular);
    return { regular, low: Math.min(low, regular) };
  };
  const prizeout = pair('prizeout');
  return {
    sweepsPerUsd: field('redeemable_sweeps_coins_per_usd', 1),
    minimumsUsd: {
      gift_card: pair('gift_card', prizeout),
      paypal: pair('paypal'),
      ach: pair('ach'),
      paper_check: pair('paper_check'),
      prizeout,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Errors (answer body `{ code, message, field, extra }` as everywhere)
// ---------------------------------------------------------------------------------------------

/** Player-facing texts (spec section 8): the catalogue, and the few the redeem pages show themselves. */
export { REDEMPTION_TEXTS } from './redemption-texts.ts';
export { REDEMPTION_PAGE_TEXTS } from './redemption-page-texts.ts';

// ---------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------
export const TimelineEntrySchema = type({
  step: enums(TIMELINE_STEPS),
  /** When the step happened (ISO). */
  at: string(),
  /** When the next step is expected (ISO); null once the redemption has ended. */
  expected_next_at: nullable(string()),
  note: nullable(string()),
});
export type TimelineEntry = Infer<typeof TimelineEntrySchema>;

export const RedemptionSchema = type({
  id: string(),
  method: enums(REDEMPTION_METHODS),
  cash_out: boolean(),
  status: enums(REDEMPTION_STATUSES),
  /** Sweeps Coins taken for the prize (fees not included). */
  amount_ghc: number(),
  usd: number(),
  fee_usd: number(),
  fee_ghc: number(),
  /** Where the prize goes, masked: "p***@example.com", "Bank ••1234", "Check to 1 Main St, Chicago, IL", "Amazon". */
  destination: string(),
  rejection_reason: nullable(string()),
  created_at: string(),
  updated_at: string(),
  timeline: array(TimelineEntrySchema),
});
export type Redemption = Infer<typeof RedemptionSchema>;

export const RedemptionListSchema = type({ redemptions: array(RedemptionSchema) });
export type RedemptionList = Infer<typeof RedemptionListSchema>;

/** Sweeps amount: above 0, at most 2 decimals, at most 10 million. */
const sweepsAmount = refine(number(), 'amount', (v) => {
  if (!Number.isFinite(v) || v <= 0 || v > 10_000_000) return 'Enter an amount above 0 (at most 10,000,000).';
  return displayToCents(v) !== null || 'Amounts have at most 2 decimals.';
});
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,185}\.[^\s@]{2,63}$/;

export const BankAccountSchema = object({
  account_holder: size(string(), 1, 100),
  /** 9-digit ABA routing number (checksum checked by the server). */
  routing_number: pattern(string(), /^\d{9}$/),
  /** 4 to 17 digits; stored encrypted, shown as its last 4. */
  account_number: pattern(string(), /^\d{4,17}$/),
  account_type: enums(['checking', 'savings'] as const),
});
export type BankAccount = Infer<typeof BankAccountSchema>;

export const RedemptionRequestSchema = object({
  method: enums(REDEMPTION_METHODS),
  amount: sweepsAmount,
  /** method paypal. */
  paypal_email: optional(pattern(size(string(), 6, 254), EMAIL)),
  /** method ach. */
  bank: optional(BankAccountSchema),
  /** method gift_card. */
  gift_card_brand: optional(enums(GIFT_CARD_BRANDS)),
  /** method prizeout: the prize-out email dialog's answer {emailConfirmed}. */
  email_confirmed: optional(boolean()),
});
export type RedemptionRequest = Infer<typeof RedemptionRequestSchema>;

export const BalancesAfterSchema = type({
  balance_redeemable_ghc: number(),
  balance_total_ghc: number(),
});

export const RedemptionCreatedSchema = type({
  redemption: RedemptionSchema,
  /** Sweeps Coins that left the redeemable balance (prize plus any fee). */
  amount_ghc: number(),
  balances: BalancesAfterSchema,
});
export type RedemptionCreated = Infer<typeof RedemptionCreatedSchema>;

export const CancelRedemptionRequestSchema = object({
  redemption_id: size(string(), 1, 64),
});
export type CancelRedemptionRequest = Infer<typeof CancelRedemptionRequestSchema>;

export const RedemptionCancelledSchema = type({
  redemption: RedemptionSchema,
  balances: BalancesAfterSchema,
});
export type RedemptionCancelled = Infer<typeof RedemptionCancelledSchema>;

/** The spec's cashOutData: Sweeps Coins to cash out to the e-wallet on file. */
export const CashOutRequestSchema = object({
  amount: sweepsAmount,
});
export type CashOutRequest = Infer<typeof CashOutRequestSchema>;

export const CashOutAnswerSchema = type({
  /** Sweeps Coins taken in total: the amount plus the cash-out fee. */
  amount_ghc: number(),
  fee_ghc: number(),
  redemption: RedemptionSchema,
  balances: BalancesAfterSchema,
});
export type CashOutAnswer = Infer<typeof CashOutAnswerSchema>;

/**
 * temp_withdrawal_data (spec section 3, user): the redeem form the player has started, kept between
 * visits so it opens as it was left. Only what is safe to keep: the method, the amount typed, the
 * PayPal email, the gift card brand, and for a bank transfer the holder's name, the routing number
 * (a public bank identifier) and the account type. Never the account number (refused, 400).
 */
export const TempWithdrawalDataSchema = object({
  method: enums(REDEMPTION_METHODS),
  /** The amount as typed (may be unfinished, e.g. "12."). */
  amount: optional(pattern(string(), /^[0-9.,]{0,16}$/)),
  paypal_email: optional(size(string(), 0, 254)),
  gift_card_brand: optional(enums(GIFT_CARD_BRANDS)),
  bank: optional(
    object({
      account_holder: optional(size(string(), 0, 100)),
      routing_number: optional(pattern(string(), /^\d{0,9}$/)),
      account_type: optional(enums(['checking', 'savings'] as const)),
    }),
  ),
});
export type TempWithdrawalData = Infer<typeof TempWithdrawalDataSchema>;

export {
  TempWithdrawalDataAnswerSchema,
  type TempWithdrawalDataAnswer,
  type KeptWithdrawalData,
} from './withdrawal-data.ts';

/** Analytics event pushed when a redemption is requested. */
export const REDEMPTION_ANALYTICS_EVENT = 'redemption';
