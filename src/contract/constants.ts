/**
 * Business constants of the product (spec section 9). Framework-free: imported by the app,
 * the service worker, the games and the server, so a rule is written once.
 */

/** States whose residents are excluded from promotions and participation. */
export const EXCLUDED_STATES = ['CT', 'ID', 'MI', 'MT', 'NV', 'NJ', 'NY', 'WA'] as const;

/** Default minimum age; some states set a higher age of majority. */
export const MINIMUM_AGE = 18;
export const AGE_OF_MAJORITY_BY_STATE: Readonly<Record<string, number>> = { AL: 19, NE: 19, MS: 21 };

export const STATE_CODE_LENGTH = 2;
export const POSTAL_CODE_MAX_LENGTH = 5;
export const PHONE_FORMATTED_LENGTH = 14;
export const PHONE_DIGITS = 10;

/** Display decimals: Gold Coins are whole, Sweeps Coins and USD have cents. */
export const GOLD_DECIMALS = 0;
export const SWEEPS_DECIMALS = 2;
export const USD_DECIMALS = 2;
export const DEFAULT_REDEEMABLE_SWEEPS_PER_USD = 1;

/** Timings in milliseconds. */
export const TIMINGS = {
  inactivitySignOutMs: 15 * 60_000,
  clientVersionPollMs: 60_000,
  currencySwitchOverlayMs: 1_500,
  winAnimationMs: 1_200,
  loadingOverlayDebounceMs: 50,
  namedPropertiesDebounceMs: 50,
  loginBonusClaimedDelayMs: 2_000,
  videoPokerDrawDelayMs: 3_000,
  kycAutoCloseMs: 2_000,
  identityPendingWaitMs: 15 * 60_000,
  phoneFormatDebounceMs: 300,
  stateUpperCaseDelayMs: 500,
  leaderboardDelayMs: 250,
  featuredPackageTickMs: 1_000,
  tokenRefreshBeforeExpiryMs: 120_000,
  repeatPurchaseWindowMs: 5 * 60_000,
} as const;

/** Access tokens live this long; the client refreshes 120 s before expiry. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/** Refresh tokens (httpOnly cookie) live this long. */
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

/** Purchase-limit cooling-off periods in days. */
export const PURCHASE_LIMIT_COOLING_OFF_DAYS = { daily: 3, weekly: 7, monthly: 30 } as const;

export const WELCOME_PROMO_CODE = 'FREECOINS';
export const AMOE_CODE_LENGTH = 12;
export const AMOE_CODE_EXPIRY_DAYS = 180;

/** Cookie and header names of the session. */
export const REFRESH_COOKIE = 'lc_refresh';
/**
 * Set and cleared with the refresh cookie, at the site's root and without the token: tells the
 * server's page answers that this browser holds a session (see server/core/sessions/refresh-tokens.ts).
 */
export const SESSION_HINT_COOKIE = 'lc_signed_in';
export const CSRF_COOKIE = 'lc_csrf';
/** On an https origin the session's cookies carry this prefix (Secure, Path=/, no Domain: no subdomain can set them). */
export const HOST_COOKIE_PREFIX = '__Host-';
export const CSRF_HEADER = 'X-CSRF-Token';
export const AUTH_SCHEME = 'JWT';
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Browser-storage keys (localStorage / sessionStorage), written once here so logout can clear them. */
export const STORAGE_KEYS = {
  returnTo: 'lc.returnTo',
  lastCurrency: 'lc.lastCurrency',
  previousEmail: 'lc.previousEmail',
  promoCode: 'lc.promoCode',
  utm: 'lc.utm',
  gclid: 'lc.gclid',
  loginDialog: 'lc.loginDialog',
  /** A sign-out the server has not heard of yet (no answer): sent again at the next start. */
  pendingLogout: 'lc.pendingLogout',
} as const;

export const PRODUCT_NAME = 'Lucky Crown';
export const COMPANY_NAME = 'Lucky Crown Interactive, LLC';
export const SUPPORT_EMAIL = 'support@luckycrown.example';

/**
 * Provider-side purchase limits (spec section 8: internal codes 71 daily, 82 weekly, 93 monthly),
 * here so the wallet and payments contracts share them without importing each other.
 */
export const PROVIDER_PURCHASE_LIMIT_CODES = { daily: 71, weekly: 82, monthly: 93 } as const;
export const isProviderPurchaseLimitCode = (code: unknown): boolean =>
  Object.values(PROVIDER_PURCHASE_LIMIT_CODES).some((c) => String(c) === String(code));

/** Password policy lengths (the rules themselves: passwordProblem in eligibility.ts). */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
/** Length from which a passphrase needs no mix of character classes. */
export const PASSPHRASE_LENGTH = 16;
