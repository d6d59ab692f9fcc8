/**
 * The part of the redemption contract the redeem pages read (re-exported by redemption.ts): the
 * paths, method and gift card labels, the error codes, the below-minimum text and the options
 * answer, without the redemptions' list, timeline, request and operator schemas, so the redeem
 * pages' first load stays small.
 */
import { enums, literal, nullable, number, string, type, array, type Infer } from 'superstruct';
import { formatSweeps } from './money.ts';
import { GIFT_CARD_BRANDS, type GiftCardBrand, type RedemptionMethod } from './withdrawal-data.ts';
import { REDEMPTION_PAGE_TEXTS } from './redemption-page-texts.ts';

export const REDEMPTION_API_PATHS = {
  /** GET -> RedemptionList (the spec's "Redemption transactions"), newest first. */
  redemptions: '/redemptions',
  /** GET -> RedemptionOptions: minimums of the player's tier, the period limit, the e-wallet on file. */
  options: '/redemptions/options',
  /** POST RedemptionRequest (Idempotency-Key) -> 201 RedemptionCreated. */
  create: '/redemptions',
  /** POST CancelRedemptionRequest (Idempotency-Key) -> 200 RedemptionCancelled ("Cancel pending redemption"). */
  cancel: '/redemptions/cancel',
  /** POST CashOutRequest (Idempotency-Key) -> 201 CashOutAnswer (the spec's "Cash out": amount_ghc). */
  cashOut: '/redemptions/cash-out',
  /**
   * The player's redemption form in progress, kept between visits (the user's temp_withdrawal_data):
   * GET -> TempWithdrawalDataAnswer; PUT TempWithdrawalData -> TempWithdrawalDataAnswer; DELETE -> 204.
   * Cleared by the server when a redemption is requested. Never holds a bank account number.
   */
  withdrawalData: '/redemptions/temp-withdrawal-data',
} as const;

export const REDEMPTION_METHOD_LABELS: Readonly<Record<RedemptionMethod, string>> = {
  gift_card: 'Gift card',
  paypal: 'PayPal',
  ach: 'Bank transfer (ACH)',
  paper_check: 'Paper check',
  prizeout: 'Prize-out',
};

export const GIFT_CARD_BRAND_LABELS: Readonly<Record<GiftCardBrand, string>> = {
  amazon: 'Amazon',
  target: 'Target',
  walmart: 'Walmart',
  visa_prepaid: 'Visa Prepaid',
};

/** Minimum tiers of the redemption values property: 'low' for a first redemption, else 'regular'. */
export const MINIMUM_TIERS = ['regular', 'low'] as const;
export type MinimumTier = (typeof MINIMUM_TIERS)[number];

export const REDEMPTION_ERROR_CODES = {
  /** 403, extra.reason 'redemption': identity verification must be completed first. */
  IDENTITY_VERIFICATION_REQUIRED: 'IDENTITY_VERIFICATION_REQUIRED',
  /** 409: no billing address on file. */
  ADDRESS_REQUIRED: 'ADDRESS_REQUIRED',
  /** 403: the billing address is in a state excluded from Sweeps. */
  REDEMPTION_STATE_EXCLUDED: 'REDEMPTION_STATE_EXCLUDED',
  /** 400 field amount: below the method's minimum; extra { minimum, minimum_usd, method, tier }. */
  REDEMPTION_BELOW_MINIMUM: 'REDEMPTION_BELOW_MINIMUM',
  /** 409: the sweepstakes entry period's limit would be passed; extra { limit_usd, used_usd, period_ends_at }. */
  REDEMPTION_LIMIT_REACHED: 'REDEMPTION_LIMIT_REACHED',
  /** 400 field amount: more than the redeemable (played) Sweeps Coins. */
  INSUFFICIENT_REDEEMABLE: 'INSUFFICIENT_REDEEMABLE',
  /** 409 field paypal_email: this PayPal email is the e-wallet of another account. */
  EWALLET_EMAIL_IN_USE: 'EWALLET_EMAIL_IN_USE',
  /** 409 field paypal_email: differs from the e-wallet email on this account; extra { ewallet_email }. */
  EWALLET_EMAIL_MISMATCH: 'EWALLET_EMAIL_MISMATCH',
  /** 409: cash out needs an e-wallet on file (set by a first PayPal redemption). */
  EWALLET_NOT_SET: 'EWALLET_NOT_SET',
  /** 400 field email_confirmed: a prize-out needs the email confirmed in the prize-out dialog. */
  PRIZEOUT_EMAIL_NOT_CONFIRMED: 'PRIZEOUT_EMAIL_NOT_CONFIRMED',
  /** 404 field redemption_id: no such redemption of this player. */
  REDEMPTION_NOT_FOUND: 'REDEMPTION_NOT_FOUND',
  /** 409: only a pending redemption can be cancelled; extra { status }. */
  REDEMPTION_NOT_CANCELLABLE: 'REDEMPTION_NOT_CANCELLABLE',
  /** 409 (operator): the redemption's status does not allow this step; extra { status, to }. */
  REDEMPTION_ILLEGAL_TRANSITION: 'REDEMPTION_ILLEGAL_TRANSITION',
  /**
   * 503 (operator): the prize-out provider could not be reached or its answer was lost; the
   * redemption stays approved and sending it again is safe (same idempotency key, paid once).
   */
  PRIZEOUT_PROVIDER_UNAVAILABLE: 'PRIZEOUT_PROVIDER_UNAVAILABLE',
  /** 409 (operator): a prize-out is sent and paid by the provider, not marked by hand. */
  PRIZEOUT_SENT_BY_PROVIDER: 'PRIZEOUT_SENT_BY_PROVIDER',
  /** 400 field bank.account_number (or the field named): a redemption draft never keeps an account number. */
  WITHDRAWAL_DATA_SECRET: 'WITHDRAWAL_DATA_SECRET',
  /**
   * 403: the identity verification's KYC_REAUTHENTICATION_REQUIRED (src/contract/kyc-error-codes.ts),
   * as a redemption answers it: the verified player confirms it is them first.
   */
  KYC_REAUTHENTICATION_REQUIRED: 'KYC_REAUTHENTICATION_REQUIRED',
} as const;
export type RedemptionErrorCode = (typeof REDEMPTION_ERROR_CODES)[keyof typeof REDEMPTION_ERROR_CODES];

/** The below-minimum message with the minimum shown with 2 decimals. */
export function belowMinimumText(method: RedemptionMethod, minimumSweeps: number): string {
  return REDEMPTION_PAGE_TEXTS.belowMinimum
    .replace('{method}', REDEMPTION_METHOD_LABELS[method])
    .replace('{minimum}', formatSweeps(minimumSweeps));
}

export const RedemptionOptionsSchema = type({
  sweeps_per_usd: number(),
  tier: enums(MINIMUM_TIERS),
  /** Minimum in Sweeps Coins per method for the player's tier. */
  minimums_ghc: type({
    gift_card: number(),
    paypal: number(),
    ach: number(),
    paper_check: number(),
    prizeout: number(),
  }),
  redeemable_ghc: number(),
  limit: type({
    period: literal('day_et'),
    limit_usd: number(),
    used_usd: number(),
    remaining_usd: number(),
    period_ends_at: string(),
  }),
  /** The account's e-wallet (PayPal) email once one is set, else null. */
  ewallet_email: nullable(string()),
  /** The account email a prize-out is sent to (confirmed in the prize-out dialog). */
  prizeout_email: string(),
  cash_out_fee_usd: number(),
  rejected_ach_fee_usd: number(),
  gift_card_brands: array(enums(GIFT_CARD_BRANDS)),
});
export type RedemptionOptions = Infer<typeof RedemptionOptionsSchema>;
