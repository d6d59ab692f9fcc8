/**
 * Server configuration, read once from the environment and validated at start against one table
 * of variables (VARIABLES: each one's name, type, default and limits, checked with superstruct).
 * Every problem is collected so the operator sees all of them in one message instead of fixing
 * one at a time.
 */
import path from 'node:path';
import {
  boolean,
  coerce,
  enums,
  integer,
  pattern,
  refine,
  size,
  string,
  validate,
  type Struct,
} from 'superstruct';
import { parseW9Key } from './w9-key.ts';
import { LOGIN_BONUS_DEFAULTS } from '../../src/contract/login-bonus.ts';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type PasswordHashCost = 'owasp' | 'test';

export interface Config {
  port: number;
  dataDir: string;
  /** postgres:// URL; null means the embedded PGlite database in DATA_DIR/pglite. */
  databaseUrl: string | null;
  /** Origin the players use (links in mails, Secure cookies when https). */
  publicOrigin: string;
  goldOnly: boolean;
  sessionInactivitySeconds: number;
  /** SIGN_UPS_PER_ADDRESS_PER_HOUR (default 10): accounts one client address may create per hour. */
  signUpsPerAddressPerHour: number;
  /** MOBILE_CODES_PER_ACCOUNT_PER_DAY (default 5): mobile verification codes one account may ask for in 24 hours. */
  mobileCodesPerAccountPerDay: number;
  /** MOBILE_CODES_PER_PHONE_PER_DAY (default 5): codes sent to one number in 24 hours, whichever accounts ask. */
  mobileCodesPerPhonePerDay: number;
  distDir: string;
  logLevel: LogLevel;
  /**
   * SMTP_URL: the mail relay (smtp://user:password@host:587 or smtps://...:465); null keeps mail
   * in the outbox only (docs/operations.md "Outgoing mail").
   */
  smtpUrl: string | null;
  /** Header carrying the visitor's country (set by the CDN/proxy), e.g. CF-IPCountry; null = country block off. */
  trustCountryHeader: string | null;
  /** Trust the last X-Forwarded-For hop as the client address (one reverse proxy in front). */
  trustProxy: boolean;
  /** 'owasp' in production. 'test' lowers scrypt cost for the test suite only. */
  passwordHashCost: PasswordHashCost;
  /**
   * Seed the demo player (published password). SEED_DEMO_PLAYER=true / false decides; unset, it is
   * seeded only when PUBLIC_ORIGIN is a local origin (isLocalOrigin), never on a public site.
   * Set to true in production, the start is refused (TEST_ONLY_SWITCHES).
   */
  seedDemoPlayer: boolean;
  /** SEED_PROMOTIONS (default true): write the starter promo pop-ups and carousel slides once (docs/promotions.md). */
  seedPromotions: boolean;
  /** From JWT_SECRET / CSRF_SECRET; null means generated and kept in DATA_DIR/secrets.json. */
  jwtSecret: string | null;
  csrfSecret: string | null;
  /** WELCOME_PROMO_SWEEPS (default 1): Sweeps of the welcome code FREECOINS, in cents; Gold = Sweeps x 250,000 (docs/ledger.md). */
  welcomePromoSweepsCents: number;
  /**
   * WELCOME_OFFER_AT_JOIN (default true): a player who joins without typing a promo code gets the
   * welcome code FREECOINS (docs/welcome-offer.md). Off: only typed codes apply.
   */
  welcomeOfferAtJoin: boolean;
  /** CARD_SANDBOX_PORT (default PORT + 1): second listener serving the card / pay-by-bank sandbox pages and API. */
  cardSandboxPort: number;
  /** CARD_SANDBOX_ORIGIN (default http://localhost:<CARD_SANDBOX_PORT>): the sandbox origin browsers load frames from. */
  cardSandboxOrigin: string;
  /** VENDOR_SANDBOX_PORT (default PORT + 2): third listener serving the game vendor sandbox (its slot page and backend). */
  vendorSandboxPort: number;
  /** VENDOR_SANDBOX_ORIGIN (default http://localhost:<VENDOR_SANDBOX_PORT>): the origin the vendor game's frame loads from. */
  vendorSandboxOrigin: string;
  /** KYC_SANDBOX_PORT (default PORT + 3): fourth listener serving the identity verification sandbox (its frame and API). */
  kycSandboxPort: number;
  /** KYC_SANDBOX_ORIGIN (default http://localhost:<KYC_SANDBOX_PORT>): the origin the verification frame loads from. */
  kycSandboxOrigin: string;
  /** KYC_SANDBOX_PENDING_SECONDS (default 300): how long the sandbox keeps a "Pending" verification pending before approving it. */
  kycSandboxPendingSeconds: number;
  /** SUPPORT_SANDBOX_PORT (default PORT + 4): fifth listener serving the support site sandbox (help center with JWT sign-in). */
  supportSandboxPort: number;
  /** SUPPORT_SITE_ORIGIN (default http://localhost:<SUPPORT_SANDBOX_PORT>): the help center players are sent to. */
  supportSiteOrigin: string;
  /** SUPPORT_DESK_JWT_SECRET: the secret shared with the support site for its JWT sign-in; null derives one from the JWT secret. */
  supportDeskJwtSecret: string | null;
  /** SOCIAL_SANDBOX_PORT (default PORT + 5): sixth listener serving the Google / Facebook identity provider sandbox. */
  socialSandboxPort: number;
  /** SOCIAL_SANDBOX_ORIGIN (default http://localhost:<SOCIAL_SANDBOX_PORT>): the sign-in popup's origin and the issuers' base. */
  socialSandboxOrigin: string;
  /** REVIEWS_SANDBOX_PORT (default PORT + 7): the reviews provider sandbox (its API and public review page). */
  reviewsSandboxPort: number;
  /** REVIEWS_SANDBOX_ORIGIN (default http://localhost:<REVIEWS_SANDBOX_PORT>): the reviews provider's origin (the page the widget links to). */
  reviewsSandboxOrigin: string;
  /** PRIZEOUT_SANDBOX_PORT (default PORT + 6): seventh listener serving the prize-out provider sandbox (its payout API and dashboard). */
  prizeoutSandboxPort: number;
  /** PRIZEOUT_SANDBOX_ORIGIN (default http://localhost:<PRIZEOUT_SANDBOX_PORT>): the prize-out provider's origin (its dashboard). */
  prizeoutSandboxOrigin: string;
  /** SOCIAL_CLIENT_ID (default lucky-crown-web): our client id at the providers, the aud of their ID tokens. */
  socialClientId: string;
  /** VENDOR_WALLET_SECRET: key the vendor signs seamless wallet calls with; null means generated in DATA_DIR/secrets.json. */
  vendorWalletSecret: string | null;
  /** PAYMENTS_SANDBOX_SETTLE_MS (default 1500): sandbox time from "processing" to "succeeded". */
  paymentsSandboxSettleMs: number;
  /** RECONCILE_INTERVAL_SECONDS (default 60): how often the payment reconciliation job runs (also once at start). */
  reconcileIntervalSeconds: number;
  /** GAMES_TEST_MODE (default off): accepts a fixed deck (solitaire testDeck) for browser tests; refused in production (TEST_ONLY_SWITCHES). */
  gamesTestMode: boolean;
  /** LEGAL_TEST_MODE (default off): opens POST /test/legal-documents/publish (a new document version) for browser tests; refused in production (TEST_ONLY_SWITCHES). */
  legalTestMode: boolean;
  /** TEST_CLOCK (default off): opens GET/POST /test/clock, which moves the server's clock forward, for browser tests; refused in production (TEST_ONLY_SWITCHES). */
  testClock: boolean;
  /** GAMES_AUTO_COMPLETE_INTERVAL_SECONDS (default 300): how often open rounds idle for 24 hours are completed. */
  gamesAutoCompleteIntervalSeconds: number;
  /** LEADERBOARD_CLOSE_INTERVAL_SECONDS (default 60): how often ended challenge weeks are closed and paid. */
  leaderboardCloseIntervalSeconds: number;
  /** REDEMPTION_LIMIT_PER_PERIOD_USD (default 5000): USD a player may redeem per sweepstakes entry period (the Eastern Time day), in cents. */
  redemptionLimitPerPeriodUsdCents: number;
  /** CASH_OUT_FEE_USD (default 2): fee of a cash out to the e-wallet on file, in USD cents. */
  cashOutFeeUsdCents: number;
  /** W9_ENCRYPTION_KEY: 32-byte key (hex or base64) of the W-9 last four SSN digits; null means generated in DATA_DIR/secrets.json. */
  w9EncryptionKey: string | null;
  /** AMOE_SWEEPS_PER_ENTRY (default 500 = 5.00 Sweeps Coins, as the Official Sweepstakes Rules state): free Sweeps per mail-in entry, in cents. */
  amoeSweepsPerEntryCents: number;
  /** LOGIN_BONUS_GOLD (default 5000): Gold Coins of the day's first sign-in (docs/login-bonus.md); 0 gives none. */
  loginBonusGoldCoins: number;
  /** LOGIN_BONUS_SWEEPS_CENTS (default 20, i.e. 0.20 Sweeps Coins): free Sweeps of the day's first sign-in; 0 gives none. */
  loginBonusSweepsCents: number;
  /** AMOE_DAILY_LIMIT (default 1): AMOE codes one player may redeem per Eastern Time day. */
  amoeDailyLimit: number;
  /** AMOE_MONTHLY_LIMIT (default 10): AMOE codes one player may redeem per Eastern Time calendar month. */
  amoeMonthlyLimit: number;
  /** CAPTCHA_PROVIDER (default sandbox): the robot check before a postal request code (docs/amoe.md). */
  captchaProvider: 'sandbox';
  /** AMOE_CAPTCHA_DIFFICULTY (default 12): leading zero bits of the sandbox check's proof of work. */
  amoeCaptchaDifficulty: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid server configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const TRUE = ['1', 'true', 'yes', 'on'];
const FALSE = ['0', 'false', 'no', 'off'];
const LOG_LEVELS: LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];
const MIN_SECRET_LENGTH = 32;

/**
 * One environment variable: how its text is read and checked (a superstruct struct that coerces
 * the trimmed text), the value when it is unset, and what is wrong when the check fails (the
 * message follows the variable's name; a secret's never repeats the value).
 */
interface Variable<T> {
  fallback: T;
  /** The value of the trimmed text, or `invalid` when it fails the variable's struct. */
  read: (raw: string) => unknown;
  problem: (raw: string) => string;
}
const invalid = Symbol('invalid');
const variable = <T, S, Schema>(
  struct: Struct<S, Schema>,
  fallback: T,
  problem: (raw: string) => string,
): Variable<T | S> => ({
  fallback,
  read: (raw) => {
    const [error, value] = validate(raw, struct, { coerce: true });
    return error ? invalid : value;
  },
  problem,
});

const wholeNumber = <F extends number | undefined>(min: number, max: number, fallback: F) =>
  variable(
    refine(coerce(integer(), pattern(string(), /^\d+$/), Number), 'range', (n) => n >= min && n <= max),
    fallback,
    (raw) => `must be a whole number from ${min} to ${max} (got "${raw}").`,
  );

const flag = <F extends boolean | undefined>(fallback: F) =>
  variable(
    coerce(boolean(), string(), (raw) => {
      const v = raw.toLowerCase();
      return TRUE.includes(v) ? true : FALSE.includes(v) ? false : raw;
    }),
    fallback,
    (raw) => `must be true or false (1/0, yes/no also accepted; got "${raw}").`,
  );

/** One of a few words, in any case; the message shows the value lowercased. */
const choice = <T extends string>(values: readonly T[], fallback: T, problem: (raw: string) => string) =>
  variable(
    coerce(enums(values), string(), (raw) => raw.toLowerCase()),
    fallback,
    (raw) => problem(raw.toLowerCase()),
  );

const secret = () =>
  variable(
    size(string(), MIN_SECRET_LENGTH, Infinity),
    null,
    () =>
      `must be at least ${MIN_SECRET_LENGTH} characters (leave it unset to generate one in DATA_DIR/secrets.json).`,
  );

const text = <F extends string | null | undefined>(fallback: F) =>
  variable(string(), fallback, () => 'must be text.');

const matching = <F extends string | null>(re: RegExp, fallback: F, problem: (raw: string) => string) =>
  variable(pattern(string(), re), fallback, problem);

/** An http(s) origin, written back as the bare origin; `strict` also refuses a query or fragment. */
const origin = (strict: boolean, problem: (raw: string) => string) => {
  const bare = (raw: string): string | null => {
    try {
      const u = new URL(raw);
      const ok =
        (u.protocol === 'http:' || u.protocol === 'https:') &&
        (u.pathname === '/' || u.pathname === '') &&
        (!strict || (!u.search && !u.hash));
      return ok ? u.origin : null;
    } catch {
      return null;
    }
  };
  return variable(
    coerce(
      refine(string(), 'origin', (v) => bare(v) === v),
      string(),
      (raw) => bare(raw) ?? raw,
    ),
    undefined,
    problem,
  );
};

const sandboxOrigin = () =>
  origin(false, (raw) => `must be an http(s) origin without a path (got "${raw}").`);

/**
 * The configuration's variables: name, type, default and limits. Defaults that depend on other
 * variables (PUBLIC_ORIGIN and the sandboxes from PORT, SEED_DEMO_PLAYER from PUBLIC_ORIGIN) are
 * undefined here and filled in by loadConfig, as are the checks across variables.
 */
const VARIABLES = {
  PORT: wholeNumber(1, 65535, 8080),
  DATA_DIR: text('./data'),
  DATABASE_URL: variable(
    refine(string(), 'postgres url', (v) => {
      if (!/^postgres(ql)?:\/\//.test(v)) return false;
      try {
        new URL(v);
        return true;
      } catch {
        return false;
      }
    }),
    null,
    () =>
      'must be a PostgreSQL URL starting with postgres:// or postgresql:// (leave it unset to use the embedded database).',
  ),
  SMTP_URL: variable(
    refine(string(), 'smtp url', (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'smtp:' || u.protocol === 'smtps:') && u.hostname !== '';
      } catch {
        return false;
      }
    }),
    null,
    // The URL may hold the relay's password: the message never repeats it.
    () =>
      'must be an smtp:// or smtps:// URL with a host, like smtp://user:password@mail.example.com:587 (leave it unset to keep mail in the outbox only).',
  ),
  PUBLIC_ORIGIN: origin(
    true,
    (raw) => `must be an http(s) origin without a path, like https://play.example.com (got "${raw}").`,
  ),
  GOLD_ONLY: flag(false),
  SESSION_INACTIVITY_SECONDS: wholeNumber(5, 86_400, 900),
  SIGN_UPS_PER_ADDRESS_PER_HOUR: wholeNumber(1, 1_000_000, 10),
  MOBILE_CODES_PER_ACCOUNT_PER_DAY: wholeNumber(1, 1000, 5),
  MOBILE_CODES_PER_PHONE_PER_DAY: wholeNumber(1, 1000, 5),
  DIST_DIR: text('./dist'),
  LOG_LEVEL: choice(LOG_LEVELS, 'info', (raw) => `must be one of ${LOG_LEVELS.join(', ')} (got "${raw}").`),
  TRUST_COUNTRY_HEADER: matching(
    /^[A-Za-z0-9-]+$/,
    null,
    (raw) => `must be a header name like CF-IPCountry (got "${raw}").`,
  ),
  TRUST_PROXY: flag(false),
  PASSWORD_HASH_COST: choice<PasswordHashCost>(
    ['owasp', 'test'],
    'owasp',
    (raw) => `must be "owasp" (production) or "test" (test suites only; got "${raw}").`,
  ),
  SEED_DEMO_PLAYER: flag(undefined),
  SEED_PROMOTIONS: flag(true),
  JWT_SECRET: secret(),
  CSRF_SECRET: secret(),
  // A Sweeps amount with up to 2 decimals, above 0 and at most 1000, kept in cents.
  WELCOME_PROMO_SWEEPS: variable(
    coerce(
      refine(integer(), 'range', (cents) => cents > 0 && cents <= 100_000),
      pattern(string(), /^\d{1,4}(\.\d{1,2})?$/),
      (raw) => Math.round(Number(raw) * 100),
    ),
    100,
    (raw) => `must be a Sweeps amount above 0 and at most 1000 with up to 2 decimals (got "${raw}").`,
  ),
  WELCOME_OFFER_AT_JOIN: flag(true),
  CARD_SANDBOX_PORT: wholeNumber(1, 65535, undefined),
  CARD_SANDBOX_ORIGIN: sandboxOrigin(),
  VENDOR_SANDBOX_PORT: wholeNumber(1, 65535, undefined),
  VENDOR_SANDBOX_ORIGIN: sandboxOrigin(),
  KYC_SANDBOX_PORT: wholeNumber(1, 65535, undefined),
  KYC_SANDBOX_ORIGIN: sandboxOrigin(),
  KYC_SANDBOX_PENDING_SECONDS: wholeNumber(0, 86_400, 300),
  SUPPORT_SANDBOX_PORT: wholeNumber(1, 65535, undefined),
  SUPPORT_SITE_ORIGIN: sandboxOrigin(),
  SUPPORT_DESK_JWT_SECRET: secret(),
  SOCIAL_SANDBOX_PORT: wholeNumber(1, 65535, undefined),
  SOCIAL_SANDBOX_ORIGIN: sandboxOrigin(),
  REVIEWS_SANDBOX_PORT: wholeNumber(1, 65535, undefined),
  REVIEWS_SANDBOX_ORIGIN: sandboxOrigin(),
  PRIZEOUT_SANDBOX_PORT: wholeNumber(1, 65535, undefined),
  PRIZEOUT_SANDBOX_ORIGIN: sandboxOrigin(),
  SOCIAL_CLIENT_ID: matching(
    /^[A-Za-z0-9._-]{1,128}$/,
    'lucky-crown-web',
    () => 'must be 1 to 128 letters, digits, dots, hyphens or underscores.',
  ),
  VENDOR_WALLET_SECRET: secret(),
  PAYMENTS_SANDBOX_SETTLE_MS: wholeNumber(0, 600_000, 1500),
  RECONCILE_INTERVAL_SECONDS: wholeNumber(1, 3600, 60),
  GAMES_TEST_MODE: flag(false),
  LEGAL_TEST_MODE: flag(false),
  TEST_CLOCK: flag(false),
  GAMES_AUTO_COMPLETE_INTERVAL_SECONDS: wholeNumber(1, 86_400, 300),
  LEADERBOARD_CLOSE_INTERVAL_SECONDS: wholeNumber(1, 86_400, 60),
  REDEMPTION_LIMIT_PER_PERIOD_USD: wholeNumber(1, 1_000_000, 5000),
  CASH_OUT_FEE_USD: wholeNumber(0, 100, 2),
  W9_ENCRYPTION_KEY: variable(
    refine(string(), 'w9 key', (v) => parseW9Key(v) !== null),
    null,
    () =>
      'must be 32 bytes written as 64 hex digits or base64 (openssl rand -hex 32; leave it unset to generate one in DATA_DIR/secrets.json).',
  ),
  AMOE_SWEEPS_PER_ENTRY: wholeNumber(1, 100_000, 500),
  LOGIN_BONUS_GOLD: wholeNumber(0, 10_000_000, LOGIN_BONUS_DEFAULTS.goldCoins),
  LOGIN_BONUS_SWEEPS_CENTS: wholeNumber(0, 100_000, LOGIN_BONUS_DEFAULTS.sweepsCents),
  AMOE_DAILY_LIMIT: wholeNumber(1, 1000, 1),
  AMOE_MONTHLY_LIMIT: wholeNumber(1, 31_000, 10),
  CAPTCHA_PROVIDER: choice(
    ['sandbox'] as const,
    'sandbox',
    (raw) => `must be "sandbox" (the only provider built in; got "${raw}").`,
  ),
  AMOE_CAPTCHA_DIFFICULTY: wholeNumber(0, 24, 12),
  NODE_ENV: text(undefined),
};

type Values = { [Name in keyof typeof VARIABLES]: (typeof VARIABLES)[Name]['fallback'] };

/**
 * Every variable of the table read from `env` (trimmed; blank counts as unset). A bad value is a
 * problem naming the variable, and counts as unset for the checks across variables that follow.
 */
function readVariables(env: Env, problems: string[]): Values {
  const values: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(VARIABLES) as [string, Variable<unknown>][]) {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') {
      values[name] = v.fallback;
      continue;
    }
    const value = v.read(raw);
    if (value === invalid) problems.push(`${name} ${v.problem(raw)}`);
    values[name] = value === invalid ? v.fallback : value;
  }
  return values as Values;
}

/** Host names that only reach the machine itself: a demo account there is no risk to players. */
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** True for http(s)://localhost, 127.0.0.1 or [::1] on any port. */
export function isLocalOrigin(origin: string): boolean {
  try {
    return LOCAL_HOSTS.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/**
 * Switches for tests only, each of which lets a caller change what players get. The server refuses
 * to start with any of them on in production (`isProductionEnvironment`), naming the variable.
 */
export const TEST_ONLY_SWITCHES = {
  GAMES_TEST_MODE: 'it lets a caller choose the cards of a game round (solitaire testDeck)',
  LEGAL_TEST_MODE:
    'it lets a caller publish a new legal document version (POST /api/v1/test/legal-documents/publish)',
  TEST_CLOCK: 'it lets a caller move the server clock forward (POST /api/v1/test/clock)',
  SEED_DEMO_PLAYER:
    'it seeds the demo player, an account with coins whose password is published, so anyone could sign in and play',
} as const;

/**
 * Production: PUBLIC_ORIGIN is https (players reach the site through TLS; every local and test
 * server runs on http), or NODE_ENV is production. Test switches are refused there.
 */
export function isProductionEnvironment(publicOrigin: string, nodeEnv: string | undefined): boolean {
  return publicOrigin.startsWith('https:') || nodeEnv?.trim().toLowerCase() === 'production';
}

/** Builds the configuration from an environment; throws ConfigError listing every bad value. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  const v = readVariables(env, problems);
  const port = v.PORT;
  const publicOrigin = v.PUBLIC_ORIGIN ?? `http://localhost:${port}`;

  /**
   * A sandbox on a listener of its own: its port (PORT + offset unless set, clear of the ports
   * taken before it) and the origin players' browsers reach it at, which must be an origin other
   * than PUBLIC_ORIGIN (each sandbox's pages are a separate site).
   */
  const taken = [port];
  const sandbox = (
    portName: keyof typeof VARIABLES,
    sandboxPort: number | undefined,
    offset: number,
    originName: keyof typeof VARIABLES,
    configured: string | undefined,
    why: string,
  ) => {
    const chosen = sandboxPort ?? (port + offset <= 65535 ? port + offset : port - offset);
    if (taken.includes(chosen))
      problems.push(`${portName} must differ from PORT and the other sandbox ports.`);
    taken.push(chosen);
    const origin = configured ?? `http://localhost:${chosen}`;
    if (origin === publicOrigin) problems.push(`${originName} must differ from PUBLIC_ORIGIN: ${why}`);
    return { port: chosen, origin };
  };
  const card = sandbox(
    'CARD_SANDBOX_PORT',
    v.CARD_SANDBOX_PORT,
    1,
    'CARD_SANDBOX_ORIGIN',
    v.CARD_SANDBOX_ORIGIN,
    'card fields are served from their own origin.',
  );
  const vendor = sandbox(
    'VENDOR_SANDBOX_PORT',
    v.VENDOR_SANDBOX_PORT,
    2,
    'VENDOR_SANDBOX_ORIGIN',
    v.VENDOR_SANDBOX_ORIGIN,
    'the vendor game runs on its own origin.',
  );
  if (v.AMOE_DAILY_LIMIT > v.AMOE_MONTHLY_LIMIT)
    problems.push('AMOE_DAILY_LIMIT must not exceed AMOE_MONTHLY_LIMIT.');
  const kyc = sandbox(
    'KYC_SANDBOX_PORT',
    v.KYC_SANDBOX_PORT,
    3,
    'KYC_SANDBOX_ORIGIN',
    v.KYC_SANDBOX_ORIGIN,
    'the verification frame runs on its own origin.',
  );
  const support = sandbox(
    'SUPPORT_SANDBOX_PORT',
    v.SUPPORT_SANDBOX_PORT,
    4,
    'SUPPORT_SITE_ORIGIN',
    v.SUPPORT_SITE_ORIGIN,
    'the help center is a site of its own.',
  );
  const social = sandbox(
    'SOCIAL_SANDBOX_PORT',
    v.SOCIAL_SANDBOX_PORT,
    5,
    'SOCIAL_SANDBOX_ORIGIN',
    v.SOCIAL_SANDBOX_ORIGIN,
    'the sign-in popup runs on its own origin.',
  );
  const reviews = sandbox(
    'REVIEWS_SANDBOX_PORT',
    v.REVIEWS_SANDBOX_PORT,
    7,
    'REVIEWS_SANDBOX_ORIGIN',
    v.REVIEWS_SANDBOX_ORIGIN,
    'the review platform is a site of its own.',
  );
  const prizeout = sandbox(
    'PRIZEOUT_SANDBOX_PORT',
    v.PRIZEOUT_SANDBOX_PORT,
    6,
    'PRIZEOUT_SANDBOX_ORIGIN',
    v.PRIZEOUT_SANDBOX_ORIGIN,
    'the prize-out provider is a site of its own.',
  );

  const config: Config = {
    port,
    dataDir: path.resolve(cwd, v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    publicOrigin,
    goldOnly: v.GOLD_ONLY,
    sessionInactivitySeconds: v.SESSION_INACTIVITY_SECONDS,
    signUpsPerAddressPerHour: v.SIGN_UPS_PER_ADDRESS_PER_HOUR,
    mobileCodesPerAccountPerDay: v.MOBILE_CODES_PER_ACCOUNT_PER_DAY,
    mobileCodesPerPhonePerDay: v.MOBILE_CODES_PER_PHONE_PER_DAY,
    distDir: path.resolve(cwd, v.DIST_DIR),
    logLevel: v.LOG_LEVEL,
    smtpUrl: v.SMTP_URL,
    trustCountryHeader: v.TRUST_COUNTRY_HEADER,
    trustProxy: v.TRUST_PROXY,
    passwordHashCost: v.PASSWORD_HASH_COST,
    seedDemoPlayer: v.SEED_DEMO_PLAYER ?? isLocalOrigin(publicOrigin),
    seedPromotions: v.SEED_PROMOTIONS,
    jwtSecret: v.JWT_SECRET,
    csrfSecret: v.CSRF_SECRET,
    welcomePromoSweepsCents: v.WELCOME_PROMO_SWEEPS,
    welcomeOfferAtJoin: v.WELCOME_OFFER_AT_JOIN,
    cardSandboxPort: card.port,
    cardSandboxOrigin: card.origin,
    vendorSandboxPort: vendor.port,
    vendorSandboxOrigin: vendor.origin,
    kycSandboxPort: kyc.port,
    kycSandboxOrigin: kyc.origin,
    kycSandboxPendingSeconds: v.KYC_SANDBOX_PENDING_SECONDS,
    supportSandboxPort: support.port,
    supportSiteOrigin: support.origin,
    supportDeskJwtSecret: v.SUPPORT_DESK_JWT_SECRET,
    socialSandboxPort: social.port,
    socialSandboxOrigin: social.origin,
    reviewsSandboxPort: reviews.port,
    reviewsSandboxOrigin: reviews.origin,
    prizeoutSandboxPort: prizeout.port,
    prizeoutSandboxOrigin: prizeout.origin,
    socialClientId: v.SOCIAL_CLIENT_ID,
    vendorWalletSecret: v.VENDOR_WALLET_SECRET,
    paymentsSandboxSettleMs: v.PAYMENTS_SANDBOX_SETTLE_MS,
    reconcileIntervalSeconds: v.RECONCILE_INTERVAL_SECONDS,
    gamesTestMode: v.GAMES_TEST_MODE,
    legalTestMode: v.LEGAL_TEST_MODE,
    testClock: v.TEST_CLOCK,
    gamesAutoCompleteIntervalSeconds: v.GAMES_AUTO_COMPLETE_INTERVAL_SECONDS,
    leaderboardCloseIntervalSeconds: v.LEADERBOARD_CLOSE_INTERVAL_SECONDS,
    redemptionLimitPerPeriodUsdCents: v.REDEMPTION_LIMIT_PER_PERIOD_USD * 100,
    cashOutFeeUsdCents: v.CASH_OUT_FEE_USD * 100,
    w9EncryptionKey: v.W9_ENCRYPTION_KEY,
    amoeSweepsPerEntryCents: v.AMOE_SWEEPS_PER_ENTRY,
    loginBonusGoldCoins: v.LOGIN_BONUS_GOLD,
    loginBonusSweepsCents: v.LOGIN_BONUS_SWEEPS_CENTS,
    amoeDailyLimit: v.AMOE_DAILY_LIMIT,
    amoeMonthlyLimit: v.AMOE_MONTHLY_LIMIT,
    captchaProvider: v.CAPTCHA_PROVIDER,
    amoeCaptchaDifficulty: v.AMOE_CAPTCHA_DIFFICULTY,
  };
  // Test switches never reach production: each on is a problem naming the variable.
  if (isProductionEnvironment(publicOrigin, v.NODE_ENV)) {
    const on: Record<keyof typeof TEST_ONLY_SWITCHES, boolean> = {
      GAMES_TEST_MODE: config.gamesTestMode,
      LEGAL_TEST_MODE: config.legalTestMode,
      TEST_CLOCK: config.testClock,
      // Only when asked for: unset, the demo player is not seeded on a public origin anyway.
      SEED_DEMO_PLAYER: v.SEED_DEMO_PLAYER === true,
    };
    const where = publicOrigin.startsWith('https:')
      ? `PUBLIC_ORIGIN is ${publicOrigin}`
      : 'NODE_ENV is production';
    for (const [name, why] of Object.entries(TEST_ONLY_SWITCHES))
      if (on[name as keyof typeof TEST_ONLY_SWITCHES])
        problems.push(
          `${name} must be off in production (${where}): ${why}. It is for tests on an http origin only; unset it.`,
        );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
