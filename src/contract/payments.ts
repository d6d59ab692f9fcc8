/**
 * Payments contract: coin store (banking packages), card purchases through the card processor
 * (hosted card fields on the processor's own origin, 3-D Secure challenge, saved cards via setup
 * intents), pay-by-bank, purchase status checks and the billing address.
 *
 * Wire names: `_gld` is Gold, `_ghc` is Sweeps (the balances convention). The spec's featured
 * package entity says "quantity_ghc (Gold), quantity_gld (Sweeps)", which contradicts the
 * balances naming; we follow the balances convention everywhere: quantity_gld = Gold Coins,
 * quantity_ghc = Sweeps Coins (see docs/payments.md).
 *
 * Amounts on the wire are display units: Gold whole coins, Sweeps and USD numbers with 2 decimals.
 * Money-changing requests (purchases) carry the Idempotency-Key header (IDEMPOTENCY_HEADER).
 */
import {
  boolean,
  enums,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  pattern,
  size,
  string,
  type,
  union,
  type Infer,
} from 'superstruct';
import { BalancesSchema } from './schemas.ts';
import { PAYMENT_PAGE_TEXTS, PAYMENTS_API_PATHS } from './payment-pages.ts';

/**
 * The paths, error codes, page texts and answers the store pages read at first render live in
 * ./payment-pages.ts (a small module, so those pages do not carry the purchase dialogs' texts and
 * the requests' schemas); they are part of this contract all the same.
 */
export * from './payment-pages.ts';

/** Paths of the webhooks, exempt from CSRF (they are signature-verified instead). */
export const PAYMENTS_WEBHOOK_PATHS: readonly string[] = [
  PAYMENTS_API_PATHS.cardProcessorWebhook,
  PAYMENTS_API_PATHS.payByBankWebhook,
];

/** Header carrying the webhook signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Sandbox-Signature';
/** Signatures older than this are refused (replay window). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * Provider-side purchase limits (spec section 8): internal codes 71 daily, 82 weekly, 93 monthly
 * of the "Purchase Limit Reached" dialog. The constant lives in constants.ts (PROVIDER_PURCHASE_LIMIT_CODES);
 * a purchase refused by the provider's limit fails with error code PROVIDER_LIMIT_* and sub_code '71'/'82'/'93'.
 * The player's own limits answer 409 PURCHASE_LIMIT_DAILY/WEEKLY/MONTHLY (wallet.ts) from the purchase call.
 */
export { PROVIDER_PURCHASE_LIMIT_CODES } from './constants.ts';

/**
 * Sub-codes of CANT_COMPLETE_PURCHASE (spec section 8). The first three open the closed-account
 * flow; account_locked and excluded_state go to the user-error flow; anything else is generic.
 */
export const CANT_COMPLETE_PURCHASE_SUB_CODES = {
  accountClosed: 'account_closed',
  accountClosedAgeRequirement: 'account_closed_age_requirement',
  achAccountInUse: 'ach_account_in_use',
  accountLocked: 'account_locked',
  excludedState: 'excluded_state',
} as const;
export const CLOSED_ACCOUNT_SUB_CODES: readonly string[] = [
  CANT_COMPLETE_PURCHASE_SUB_CODES.accountClosed,
  CANT_COMPLETE_PURCHASE_SUB_CODES.accountClosedAgeRequirement,
  CANT_COMPLETE_PURCHASE_SUB_CODES.achAccountInUse,
];

/** Fixed texts of the payments error catalogue (spec sections 5 and 8). */
export const PAYMENT_TEXTS = {
  ...PAYMENT_PAGE_TEXTS,
  promoPurchaseTimeLocked: 'Please wait a moment before attempting a purchase with a promotion again.',
  providerLimitTitle: 'Purchase Limit Reached',
  providerLimit:
    'You have reached the purchase limit set by our payment provider. Please contact support if you would like it raised.',
  userLimit: 'You have reached your purchase limit and will not be able to purchase this package',
  repeatPurchase: 'You bought this package less than 5 minutes ago. Do you want to buy it again?',
  addressRequired: 'Please add your billing address before you buy coins.',
  payByBankErrorTitle: 'PAY BY BANK PAYMENT ERROR',
  payByBankPhoneInUse:
    'This phone number is already used by another account. For your security your account has been locked. Please contact support.',
  accountLocked: 'Your account is locked. Please contact support.',
  accountClosed:
    'This account is closed, so it cannot buy coins. If you think this is a mistake, please contact support.',
  accountClosedAgeRequirement:
    'This account is closed because the date of birth given is under the minimum age to play, so it cannot buy coins. If you think this is a mistake, please contact support.',
  achAccountInUse:
    'This bank account already pays for another Lucky Crown account, and one bank account can fund only one player. Your payment is being returned to it. Please pay with a bank account or card of your own, or contact support.',
  paymentFraudTitle: 'Account Issue',
  paymentFraud: 'There is an issue with your account. Please contact support.',
  identityVerificationPurchase:
    'You have reached the monthly purchase amount that requires identity verification. Please verify your identity in My Account to keep buying coins.',
  invalidAddress: 'We could not verify this address. Please check it and try again.',
  prohibitedState: 'At the current time we do not allow participation from the state of {state}',
  streetRequired: 'Please enter a street address',
  specialCharacters: 'Special characters are not allowed. Please use only alphanumeric characters.',
  cityRequired: 'Please enter a city',
  stateRequired: 'Please enter a state',
  stateInvalid: 'Please select a valid state',
  postalCodeRequired: 'Please enter a ZIP code',
  postalCodeInvalid: 'Please enter a valid 5-digit ZIP code',
  postalCodeStateMismatch: 'This ZIP code is not in the state you selected',
  cashBalanceInvalid: 'Please enter an amount in dollars and cents, no more than the package price.',
  cashBalanceInsufficient: 'Your cash balance is lower than the amount you chose to apply.',
  cashBalanceRestTooSmall:
    'The rest to pay must be at least ${minimum}. Please apply less of your cash balance, or all of the price.',
  cashBalanceNotCovering:
    'Your cash balance does not cover the whole price. Please choose a card for the rest.',
  zeroSweepsPackage:
    'Residents of {state} can buy and play with Gold Coins, but this package will not include Sweeps Coins. Purchases are not refundable.',
} as const;

/** Conventional sandbox test cards (docs/payments.md). Any future expiry, any 3-digit CVC, any ZIP. */
export const SANDBOX_TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000002760003184',
  fraudulent: '4100000000000019',
} as const;

// ---------------------------------------------------------------------------------------------
// Coin store

// ---------------------------------------------------------------------------------------------
// Provider configuration

// ---------------------------------------------------------------------------------------------
// Purchases

const PACKAGE_ID = size(string(), 1, 64);
const PROMO_CODE = optional(nullable(size(string(), 1, 64)));

export const CardPaymentMethodSchema = union([
  /** A saved card of this player. */
  object({ type: literal('saved_card'), card_id: size(string(), 1, 64) }),
  /** A single-use token from the hosted fields; save_card keeps the card for next time. */
  object({ type: literal('card_token'), token: size(string(), 1, 128), save_card: optional(boolean()) }),
  /** Nothing to charge: the cash balance applied (apply_balance_usd) pays the whole price. */
  object({ type: literal('cash_balance') }),
]);

/**
 * cashBalanceToApplyUSD (spec section 3): USD of the player's cash balance (redeemable Sweeps at
 * the redemption rate) to pay part or all of the price with; absent or 0 = none. 2 decimals.
 */
const APPLY_BALANCE_USD = optional(number());

export const CardPurchaseRequestSchema = object({
  package_id: PACKAGE_ID,
  payment_method: CardPaymentMethodSchema,
  promo_code: PROMO_CODE,
  apply_balance_usd: APPLY_BALANCE_USD,
  /** Set after the player confirmed the repeat-purchase dialog. */
  confirm_repeat: optional(boolean()),
});
export type CardPurchaseRequest = Infer<typeof CardPurchaseRequestSchema>;

export const PayByBankPurchaseRequestSchema = object({
  package_id: PACKAGE_ID,
  /** (xxx) xxx-xxxx or 10 digits. Must equal the account's phone when it has one. */
  phone: size(string(), 1, 32),
  promo_code: PROMO_CODE,
  apply_balance_usd: APPLY_BALANCE_USD,
  confirm_repeat: optional(boolean()),
});
export type PayByBankPurchaseRequest = Infer<typeof PayByBankPurchaseRequestSchema>;

export const PURCHASE_STATUSES = ['succeeded', 'requires_action', 'processing', 'failed'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const PurchaseErrorSchema = type({
  /** PAYMENT_DECLINED, PAYMENT_FRAUD, PAY_BY_BANK_ERROR, PROVIDER_LIMIT_*, ... */
  code: string(),
  /** Provider code/decline code (card: decline_code; bank: error code; provider limit: '71'/'82'/'93'). */
  sub_code: nullable(string()),
  message: string(),
  /** The provider's own error code (card_declined, expired_card, payment_intent_authentication_failure, user_declined ...). */
  provider_code: optional(nullable(string())),
});
export type PurchaseError = Infer<typeof PurchaseErrorSchema>;

/** Answer of a purchase and of both status checks. */
export const PurchaseResultSchema = type({
  purchase_id: string(),
  method: enums(['card', 'pay_by_bank']),
  status: enums(PURCHASE_STATUSES),
  package_id: string(),
  amount_usd: number(),
  /** Coins this purchase credits (Sweeps 0 when withheld). */
  quantity_gld: integer(),
  quantity_ghc: number(),
  /** Promo coins added by the promo code, when one applied. */
  promo_code: nullable(string()),
  /** Card purchases needing 3-D Secure: the challenge page to show in a frame. */
  three_d_secure_url: nullable(string()),
  /** Pay-by-bank: the bank authorization page to show in a frame. */
  authorization_url: nullable(string()),
  /** Wait this long before the next status check (while processing / requires_action). */
  check_after_ms: integer(),
  /** Present when failed. */
  error: nullable(PurchaseErrorSchema),
  /** Balances after crediting, present once succeeded. */
  balances: nullable(BalancesSchema),
  /** Analytics: the player's first successful purchase (pushes the first-purchase event). */
  is_first_purchase: boolean(),
  card: nullable(type({ brand: string(), last4: string() })),
  created_at: string(),
  /** Part of amount_usd paid from the cash balance (0 when none). */
  balance_applied_usd: optional(number()),
  /** Card fee passed through (packageAssociatedCCFeesUSD; 0 for pay-by-bank and full cover). */
  card_fee_usd: optional(number()),
  /** What the card or bank was asked for: amount_usd - balance_applied_usd + card_fee_usd. */
  charged_usd: optional(number()),
});
export type PurchaseResult = Infer<typeof PurchaseResultSchema>;

/** Query of GET purchaseQuote (strings, as in a URL). */
export const PurchaseQuoteQuerySchema = object({
  package_id: PACKAGE_ID,
  method: optional(enums(['card', 'pay_by_bank'])),
  /** USD with up to 2 decimals; absent = 0. */
  apply_balance_usd: optional(pattern(string(), /^\d{1,7}(\.\d{1,2})?$/)),
});

// ---------------------------------------------------------------------------------------------
// Saved cards

export const AddCardRequestSchema = object({
  setup_intent_id: size(string(), 1, 128),
  make_default: optional(boolean()),
});
export type AddCardRequest = Infer<typeof AddCardRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Billing address (spec sections 3 and 5)

export const AddressUpdateRequestSchema = object({
  address_line_1: size(string(), 0, 100),
  address_line_2: optional(nullable(size(string(), 0, 100))),
  city: size(string(), 0, 60),
  state_or_province: size(string(), 0, 10),
  postal_code: size(string(), 0, 10),
});
export type AddressUpdateRequest = Infer<typeof AddressUpdateRequestSchema>;

/** Letters, digits, periods and spaces (spec: street and line 2 allow only letters, digits and periods). */
export const ADDRESS_LINE_PATTERN = /^[A-Za-z0-9. ]+$/;

/** Digits of a phone entry; null unless exactly 10 digits. Accepts (xxx) xxx-xxxx or 10 bare digits. */
export function phoneDigits(input: string): string | null {
  const trimmed = input.trim();
  if (!/^(\(\d{3}\) \d{3}-\d{4}|\d{10})$/.test(trimmed)) return null;
  return trimmed.replace(/\D/g, '');
}

/** (xxx) xxx-xxxx from up to 10 digits (partial input formats partially). */
export function formatPhone(input: string): string {
  const d = input.replace(/\D/g, '').slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
