/**
 * The part of the payments contract (./payments.ts, which re-exports all of it) that the store
 * pages read at first render: the API paths and error codes, the coin store's packages, the
 * provider configuration and its card frames' messages, the purchase quote, saved cards and setup
 * intents, and the few texts the pages show themselves. Its own module so the coin store, pay-now
 * and the card pages do not carry the purchase dialogs' texts and the requests' schemas, which
 * load with the purchase. Conventions (wire names, amounts): ./payments.ts.
 */
import { array, boolean, enums, integer, nullable, number, string, type, type Infer } from 'superstruct';

/** The payments texts the store pages show themselves (PAYMENT_TEXTS includes them). */
export const PAYMENT_PAGE_TEXTS = {
  coinStoreUnavailableTitle: 'Coin Store Unavailable',
  phoneRequired: 'Please enter a phone number',
  phoneInvalid: 'Please enter a 10-digit phone number as (xxx) xxx-xxxx',
} as const;

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

export const SetupIntentResponseSchema = type({
  setup_intent_id: string(),
  /** Give to the hosted fields frame (confirm_setup message). Single use, expires. */
  client_secret: string(),
});
export type SetupIntentResponse = Infer<typeof SetupIntentResponseSchema>;

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
