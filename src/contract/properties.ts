/**
 * Named properties (spec section 7): operator settings stored in the database with defaults,
 * read by the app through the named property fetch call. Values travel as strings; JSON
 * values are JSON-encoded strings.
 */
export const PROPERTY_NAMES = {
  redemptionValues: 'redemption_values',
  errorReportingSampleRates: 'error_reporting_sample_rates',
  minimumClientVersion: 'minimum_client_version',
  prohibitedStates: 'prohibited_states',
  coinStoreEnabled: 'coin_store_enabled',
  dailyBonusEnabled: 'daily_bonus_enabled',
  purchaseLimitsEnabled: 'purchase_limits_enabled',
  mobileVerificationEnabled: 'mobile_verification_enabled',
  compStateAwardGold: 'comp_state_award_gold',
  firstPurchase3dsMinimumAmount: 'first_purchase_3ds_minimum_amount',
  payments3dsEnabled: 'payments_3ds_enabled',
  firstPurchase3dsEnabled: 'first_purchase_3ds_enabled',
  identityProviderEnabled: 'identity_provider_enabled',
  flowEnabled: 'flow_enabled',
  workflowExecutionRetrieval: 'workflow_execution_retrieval',
  monthlyPurchaseThresholdForIdv: 'monthly_purchase_threshold_for_idv',
  /** Not in the spec's list: set from the GOLD_ONLY server config so the app can hide Sweeps. */
  goldOnlyMode: 'gold_only_mode',
  coinStoreUnavailableMessage: 'coin_store_unavailable_message',
  supportUrl: 'support_url',
  /** Not in the spec's list: inactivity sign-out in seconds (15 min; SESSION_INACTIVITY_SECONDS overrides, for tests). */
  inactivityTimeoutSeconds: 'inactivity_timeout_seconds',
  /**
   * Not in the spec's list: the card fee passed through to the player (addCCFeesToPurchase,
   * packageAssociatedCCFeesUSD), percent of what the card is charged, 0 (default) = none, at most 10.
   */
  cardFeePercent: 'card_fee_percent',
} as const;
/** A named property switched on: its value is "true" (any case, surrounding spaces ignored). */
export const isTrue = (v: string | undefined): boolean => (v ?? '').trim().toLowerCase() === 'true';

export type PropertyName = (typeof PROPERTY_NAMES)[keyof typeof PROPERTY_NAMES];

/** The seven properties requested on login and refresh (50 ms debounce). */
export const SESSION_PROPERTY_NAMES: readonly PropertyName[] = [
  PROPERTY_NAMES.firstPurchase3dsMinimumAmount,
  PROPERTY_NAMES.payments3dsEnabled,
  PROPERTY_NAMES.firstPurchase3dsEnabled,
  PROPERTY_NAMES.identityProviderEnabled,
  PROPERTY_NAMES.flowEnabled,
  PROPERTY_NAMES.workflowExecutionRetrieval,
  PROPERTY_NAMES.monthlyPurchaseThresholdForIdv,
];

/** Defaults used when the database holds no value (the server seeds these). */
export const PROPERTY_DEFAULTS: Readonly<Record<PropertyName, string>> = {
  redemption_values: JSON.stringify({
    redeemable_sweeps_coins_per_usd: 1,
    ach_minimum_redemption_usd: 100,
    paper_check_minimum_redemption_usd: 100,
    paypal_minimum_redemption_usd: 50,
    prizeout_minimum_redemption_usd: 25,
    ach_low_minimum_redemption_usd: 50,
    paper_check_low_minimum_redemption_usd: 50,
    paypal_low_minimum_redemption_usd: 25,
    prizeout_low_minimum_redemption_usd: 10,
  }),
  error_reporting_sample_rates: JSON.stringify({ errors: 1, traces: 0.05 }),
  minimum_client_version: '0.0.0',
  prohibited_states: JSON.stringify(['CT', 'ID', 'MI', 'MT', 'NV', 'NJ', 'NY', 'WA']),
  coin_store_enabled: 'true',
  daily_bonus_enabled: 'true',
  purchase_limits_enabled: 'true',
  mobile_verification_enabled: 'false',
  comp_state_award_gold: '5000',
  first_purchase_3ds_minimum_amount: '50',
  payments_3ds_enabled: 'true',
  first_purchase_3ds_enabled: 'true',
  identity_provider_enabled: 'true',
  flow_enabled: 'true',
  workflow_execution_retrieval: 'true',
  monthly_purchase_threshold_for_idv: '2000',
  gold_only_mode: 'false',
  coin_store_unavailable_message:
    'The Coin Store is temporarily unavailable while we make improvements. Please check back soon.',
  support_url: '/corporate',
  inactivity_timeout_seconds: '900',
  card_fee_percent: '0',
};
