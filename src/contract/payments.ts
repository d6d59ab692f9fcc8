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
  array,
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

/** Paths relative to API_PREFIX (/api/v1). Functions build paths with parameters; `*Pattern` are the server's route patterns. */
export const PAYMENTS_API_PATHS = {
  /** GET (JWT): the coin packages -> BankingPackagesResponse. 403 COIN_STORE_DISABLED when the store is off. */
  bankingPackages: '/banking/packages',
  /** GET (JWT): public configuration of the providers (hosted fields URL, publishable key, origins) -> PaymentsConfig. */
  paymentsConfig: '/payments/config',
  /** POST (JWT, CSRF, Idempotency-Key): buy a package by card -> PurchaseResult. */
  cardPurchases: '/payments/purchases',
  /** GET (JWT): card purchase status check -> PurchaseResult (check again after check_after_ms while not final). */
  cardPurchaseStatus: (purchaseId: string) => `/payments/purchases/${encodeURIComponent(purchaseId)}`,
  cardPurchaseStatusPattern: '/payments/purchases/:purchase_id',
  /** POST (JWT, CSRF, Idempotency-Key): buy a package by pay-by-bank -> PurchaseResult with authorization_url. */
  payByBankPurchases: '/payments/pay-by-bank/purchases',
  /** GET (JWT): pay-by-bank status check (its own, spec section 4) -> PurchaseResult. */
  payByBankPurchaseStatus: (purchaseId: string) =>
    `/payments/pay-by-bank/purchases/${encodeURIComponent(purchaseId)}`,
  payByBankPurchaseStatusPattern: '/payments/pay-by-bank/purchases/:purchase_id',
  /** POST (JWT, CSRF): start adding a card -> SetupIntentResponse (client secret for the hosted fields). */
  setupIntents: '/payments/setup-intents',
  /** GET (JWT): saved cards -> CardsResponse. POST (JWT, CSRF) AddCardRequest: save the card of a succeeded setup intent -> 201 SavedCard. */
  cards: '/payments/cards',
  /** POST (JWT, CSRF): make this card the default -> CardsResponse. */
  cardDefault: (cardId: string) => `/payments/cards/${encodeURIComponent(cardId)}/default`,
  cardDefaultPattern: '/payments/cards/:card_id/default',
  /** DELETE (JWT, CSRF): remove the card -> CardsResponse (the remaining cards). */
  card: (cardId: string) => `/payments/cards/${encodeURIComponent(cardId)}`,
  cardPattern: '/payments/cards/:card_id',
  /** POST (no JWT, no CSRF; HMAC signature header): card processor events. */
  cardProcessorWebhook: '/payments/webhooks/card-processor',
  /** POST (no JWT, no CSRF; HMAC signature header): pay-by-bank events. */
  payByBankWebhook: '/payments/webhooks/pay-by-bank',
  /**
   * GET (JWT) ?package_id=&method=card|pay_by_bank&apply_balance_usd=: what a purchase would cost ->
   * PurchaseQuote (price, the cash balance the player may apply, the card fee, the charge).
   */
  purchaseQuote: '/payments/quote',
  /** PATCH (JWT, CSRF) AddressUpdateRequest: the billing address -> User. */
  address: '/users/me/address',
} as const;

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

/** Error codes of the payments area (body `{ code, message, field, extra }`). */
export const PAYMENT_ERROR_CODES = {
  COIN_STORE_DISABLED: 'COIN_STORE_DISABLED',
  PACKAGE_NOT_FOUND: 'PACKAGE_NOT_FOUND',
  ADDRESS_REQUIRED: 'ADDRESS_REQUIRED',
  REPEAT_PURCHASE_CONFIRMATION_REQUIRED: 'REPEAT_PURCHASE_CONFIRMATION_REQUIRED',
  /** Same value as WALLET_ERROR_CODES.PROMO_PURCHASE_TIME_LOCKED (409, extra { retry_after_seconds }). */
  PROMO_PURCHASE_TIME_LOCKED: 'PROMO_PURCHASE_TIME_LOCKED',
  CANT_COMPLETE_PURCHASE: 'CANT_COMPLETE_PURCHASE',
  PAYMENT_DECLINED: 'PAYMENT_DECLINED',
  PAYMENT_FRAUD: 'PAYMENT_FRAUD',
  PAY_BY_BANK_ERROR: 'PAY_BY_BANK_ERROR',
  PAY_BY_BANK_PHONE_IN_USE: 'PAY_BY_BANK_PHONE_IN_USE',
  IDENTITY_VERIFICATION_REQUIRED: 'IDENTITY_VERIFICATION_REQUIRED',
  PROVIDER_LIMIT_DAILY: 'PROVIDER_LIMIT_DAILY',
  PROVIDER_LIMIT_WEEKLY: 'PROVIDER_LIMIT_WEEKLY',
  PROVIDER_LIMIT_MONTHLY: 'PROVIDER_LIMIT_MONTHLY',
  CARD_NOT_FOUND: 'CARD_NOT_FOUND',
  SETUP_INTENT_NOT_SUCCEEDED: 'SETUP_INTENT_NOT_SUCCEEDED',
  PURCHASE_NOT_FOUND: 'PURCHASE_NOT_FOUND',
  PAYMENT_PROVIDER_UNAVAILABLE: 'PAYMENT_PROVIDER_UNAVAILABLE',
  INVALID_PHONE: 'INVALID_PHONE',
  INVALID_ADDRESS: 'INVALID_ADDRESS',
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
  /**
   * 400, field apply_balance_usd: not a USD amount with 2 decimals, more than the price, or leaving
   * less than the provider's smallest charge (extra { max_apply_usd, minimum_charge_usd }).
   */
  INVALID_CASH_BALANCE_AMOUNT: 'INVALID_CASH_BALANCE_AMOUNT',
  /** 409, field apply_balance_usd, extra { cash_balance_usd }: more than the cash balance holds. */
  CASH_BALANCE_INSUFFICIENT: 'CASH_BALANCE_INSUFFICIENT',
} as const;
export type PaymentErrorCode = (typeof PAYMENT_ERROR_CODES)[keyof typeof PAYMENT_ERROR_CODES];

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
  coinStoreUnavailableTitle: 'Coin Store Unavailable',
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
  phoneRequired: 'Please enter a phone number',
  phoneInvalid: 'Please enter a 10-digit phone number as (xxx) xxx-xxxx',
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

export const CoinPackageSchema = type({
  id: string(),
  name: string(),
  featured: boolean(),
  price_usd: number(),
  /** Crossed-out price when on offer; null otherwise. */
  original_price_usd: nullable(number()),
  /** Gold Coins (whole). */
  quantity_gld: integer(),
  /** Free Sweeps Coins included (2 decimals). 0 for players whose state has no Sweeps (see sweeps_withheld). */
  quantity_ghc: number(),
  /** True when the package normally includes Sweeps but this player gets none (state without Sweeps / gold-only). */
  sweeps_withheld: boolean(),
  show_countdown: boolean(),
  description: string(),
  /** ISO time the offer ends (featured package countdown); null = no end. */
  end_time: nullable(string()),
  cdn_image: nullable(string()),
  cdn_image_width: nullable(integer()),
  cdn_image_height: nullable(integer()),
});
export type CoinPackage = Infer<typeof CoinPackageSchema>;

export const BankingPackagesResponseSchema = type({
  results: array(CoinPackageSchema),
  /** False when this player's packages carry no Sweeps (state without Sweeps or gold-only mode). */
  sweeps_eligible: boolean(),
  /** The player's state when Sweeps are withheld because of it (for the zero-sweeps warning), else null. */
  sweeps_withheld_state: nullable(string()),
});
export type BankingPackagesResponse = Infer<typeof BankingPackagesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Provider configuration

export const PaymentsConfigSchema = type({
  card_processor: type({
    /** 'sandbox' in this build. */
    name: string(),
    publishable_key: string(),
    /** Origin of the hosted fields and 3-D Secure frames; messages from frames are accepted only from it. */
    origin: string(),
    /** Page to load in the card iframe; append `?mode=payment` or `?mode=setup` and `&key=<publishable_key>`. */
    hosted_fields_url: string(),
  }),
  pay_by_bank: type({
    name: string(),
    origin: string(),
  }),
  /** Default wait between status checks (answers carry their own check_after_ms). */
  check_after_ms: integer(),
});
export type PaymentsConfig = Infer<typeof PaymentsConfigSchema>;

/**
 * postMessage protocol between our page and the processor's frames. Every message is an object
 * with `source: CARD_FRAME_SOURCE` and a `type`. Frames send only to our PUBLIC_ORIGIN and accept
 * messages only from it; our page accepts messages only from PaymentsConfig.card_processor.origin.
 */
export const CARD_FRAME_SOURCE = 'lc-card-sandbox';
export const CARD_FRAME_MESSAGES = {
  // frame -> page
  /** The fields are shown; `height` in CSS px. */
  ready: 'ready',
  /** The frame's content height changed: `{ height }` (CSS px). */
  resize: 'resize',
  /** The player pressed Enter in the fields: the page should start its own Pay / Save action. */
  submit: 'submit',
  /** Input changed: `{ complete: boolean, error: { field, message } | null }`. */
  change: 'change',
  /** Payment mode: tokenization done: `{ token, card: { brand, last4, exp_month, exp_year } }`. Single use. */
  token: 'token',
  /** Setup mode: `{ setup_intent_id, status: 'succeeded' }`. */
  setupResult: 'setup_result',
  /** Tokenization/setup failed: `{ error: { code, sub_code, message, field } }`. */
  error: 'error',
  /** 3-D Secure frame: `{ payment_intent_id, outcome: 'completed' | 'failed' }`. */
  challengeComplete: 'challenge_complete',
  /** Pay-by-bank frame: `{ purchase_reference, outcome: 'approved' | 'declined' | 'insufficient_funds' }`. */
  bankAuthorizationComplete: 'bank_authorization_complete',
  // page -> frame
  /** Payment mode: create a single-use token from the entered card. */
  tokenize: 'tokenize',
  /** Setup mode: `{ client_secret }`: save the entered card on the setup intent. */
  confirmSetup: 'confirm_setup',
} as const;

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

/**
 * What a purchase would cost (GET purchaseQuote), computed by the server with the rules the
 * purchase itself applies: the pay-now page shows it before Buy.
 */
export const PurchaseQuoteSchema = type({
  package_id: string(),
  method: enums(['card', 'pay_by_bank']),
  price_usd: number(),
  /** The cash balance the player may apply now (redeemable Sweeps at the redemption rate, USD). */
  cash_balance_usd: number(),
  /** cashBalanceToApplyUSD as accepted (never more than the price or the cash balance). */
  balance_applied_usd: number(),
  /**
   * The most the player may apply: the price when the cash balance covers it, else what leaves
   * the provider's smallest charge to pay (card $0.50, bank $1.00).
   */
  max_apply_usd: number(),
  /** addCCFeesToPurchase: a card fee is added to this charge. */
  add_card_fee: boolean(),
  /** The operator's card fee, percent of what the card is charged (named property card_fee_percent). */
  card_fee_percent: number(),
  /** packageAssociatedCCFeesUSD: the fee on this charge (0 for pay-by-bank and a full cover). */
  card_fee_usd: number(),
  /** price - balance applied + card fee. 0: the balance pays it all, nothing is charged. */
  charge_usd: number(),
});
export type PurchaseQuote = Infer<typeof PurchaseQuoteSchema>;

/** Query of GET purchaseQuote (strings, as in a URL). */
export const PurchaseQuoteQuerySchema = object({
  package_id: PACKAGE_ID,
  method: optional(enums(['card', 'pay_by_bank'])),
  /** USD with up to 2 decimals; absent = 0. */
  apply_balance_usd: optional(pattern(string(), /^\d{1,7}(\.\d{1,2})?$/)),
});

// ---------------------------------------------------------------------------------------------
// Saved cards

export const SetupIntentResponseSchema = type({
  setup_intent_id: string(),
  /** Give to the hosted fields frame (confirm_setup message). Single use, expires. */
  client_secret: string(),
});
export type SetupIntentResponse = Infer<typeof SetupIntentResponseSchema>;

export const AddCardRequestSchema = object({
  setup_intent_id: size(string(), 1, 128),
  make_default: optional(boolean()),
});
export type AddCardRequest = Infer<typeof AddCardRequestSchema>;

export const SavedCardSchema = type({
  card_id: string(),
  brand: string(),
  last4: string(),
  exp_month: integer(),
  exp_year: integer(),
  is_default: boolean(),
  created_at: string(),
});
export type SavedCard = Infer<typeof SavedCardSchema>;

export const CardsResponseSchema = type({ results: array(SavedCardSchema) });
export type CardsResponse = Infer<typeof CardsResponseSchema>;

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
