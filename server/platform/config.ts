/**
 * Server configuration, read once from the environment and validated at start. Every problem is
 * collected so the operator sees all of them in one message instead of fixing one at a time.
 */
import path from 'node:path';
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
  const get = (name: string): string | undefined => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  };

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return Number(raw);
  };

  const bool = (name: string, fallback: boolean): boolean => {
    const raw = get(name);
    if (raw === undefined) return fallback;
    if (TRUE.includes(raw.toLowerCase())) return true;
    if (FALSE.includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (1/0, yes/no also accepted; got "${raw}").`);
    return fallback;
  };

  const port = int('PORT', 8080, 1, 65535);

  let databaseUrl: string | null = get('DATABASE_URL') ?? null;
  if (databaseUrl !== null) {
    let ok = /^postgres(ql)?:\/\//.test(databaseUrl);
    if (ok) {
      try {
        new URL(databaseUrl);
      } catch {
        ok = false;
      }
    }
    if (!ok) {
      problems.push(
        'DATABASE_URL must be a PostgreSQL URL starting with postgres:// or postgresql:// (leave it unset to use the embedded database).',
      );
      databaseUrl = null;
    }
  }

  let publicOrigin = get('PUBLIC_ORIGIN') ?? `http://localhost:${port}`;
  try {
    const u = new URL(publicOrigin);
    if (
      (u.protocol !== 'http:' && u.protocol !== 'https:') ||
      (u.pathname !== '/' && u.pathname !== '') ||
      u.search ||
      u.hash
    ) {
      throw new Error('not an origin');
    }
    publicOrigin = u.origin;
  } catch {
    problems.push(
      `PUBLIC_ORIGIN must be an http(s) origin without a path, like https://play.example.com (got "${publicOrigin}").`,
    );
  }

  const logLevelRaw = (get('LOG_LEVEL') ?? 'info').toLowerCase();
  let logLevel: LogLevel = 'info';
  if ((LOG_LEVELS as string[]).includes(logLevelRaw)) logLevel = logLevelRaw as LogLevel;
  else problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevelRaw}").`);

  const costRaw = (get('PASSWORD_HASH_COST') ?? 'owasp').toLowerCase();
  let passwordHashCost: PasswordHashCost = 'owasp';
  if (costRaw === 'owasp' || costRaw === 'test') passwordHashCost = costRaw;
  else
    problems.push(
      `PASSWORD_HASH_COST must be "owasp" (production) or "test" (test suites only; got "${costRaw}").`,
    );

  const countryHeader = get('TRUST_COUNTRY_HEADER') ?? null;
  if (countryHeader !== null && !/^[A-Za-z0-9-]+$/.test(countryHeader)) {
    problems.push(`TRUST_COUNTRY_HEADER must be a header name like CF-IPCountry (got "${countryHeader}").`);
  }

  const secret = (name: string): string | null => {
    const v = get(name) ?? null;
    if (v !== null && v.length < MIN_SECRET_LENGTH) {
      problems.push(
        `${name} must be at least ${MIN_SECRET_LENGTH} characters (leave it unset to generate one in DATA_DIR/secrets.json).`,
      );
      return null;
    }
    return v;
  };

  // Welcome promo value in Sweeps: up to 2 decimals, above 0 and at most 1000.
  const welcomeRaw = get('WELCOME_PROMO_SWEEPS') ?? '1';
  let welcomePromoSweepsCents = 100;
  if (/^\d{1,4}(\.\d{1,2})?$/.test(welcomeRaw) && Number(welcomeRaw) > 0 && Number(welcomeRaw) <= 1000) {
    welcomePromoSweepsCents = Math.round(Number(welcomeRaw) * 100);
  } else {
    problems.push(
      `WELCOME_PROMO_SWEEPS must be a Sweeps amount above 0 and at most 1000 with up to 2 decimals (got "${welcomeRaw}").`,
    );
  }

  const w9Key = (): string | null => {
    const v = get('W9_ENCRYPTION_KEY') ?? null;
    if (v !== null && parseW9Key(v) === null) {
      problems.push(
        'W9_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or base64 (openssl rand -hex 32; leave it unset to generate one in DATA_DIR/secrets.json).',
      );
      return null;
    }
    return v;
  };

  /**
   * A sandbox on a listener of its own: its port (PORT + offset unless set, clear of the ports
   * taken before it) and the origin players' browsers reach it at, which must be a bare http(s)
   * origin other than PUBLIC_ORIGIN (each sandbox's pages are a separate site).
   */
  const taken = [port];
  const sandbox = (portName: string, offset: number, originName: string, why: string) => {
    const sandboxPort = int(portName, port + offset <= 65535 ? port + offset : port - offset, 1, 65535);
    if (taken.includes(sandboxPort))
      problems.push(`${portName} must differ from PORT and the other sandbox ports.`);
    taken.push(sandboxPort);
    let origin = get(originName) ?? `http://localhost:${sandboxPort}`;
    try {
      const u = new URL(origin);
      if ((u.protocol !== 'http:' && u.protocol !== 'https:') || (u.pathname !== '/' && u.pathname !== ''))
        throw new Error('x');
      origin = u.origin;
    } catch {
      problems.push(`${originName} must be an http(s) origin without a path (got "${origin}").`);
    }
    if (origin === publicOrigin) problems.push(`${originName} must differ from PUBLIC_ORIGIN: ${why}`);
    return { port: sandboxPort, origin };
  };
  const { port: cardSandboxPort, origin: cardSandboxOrigin } = sandbox(
    'CARD_SANDBOX_PORT',
    1,
    'CARD_SANDBOX_ORIGIN',
    'card fields are served from their own origin.',
  );
  const { port: vendorSandboxPort, origin: vendorSandboxOrigin } = sandbox(
    'VENDOR_SANDBOX_PORT',
    2,
    'VENDOR_SANDBOX_ORIGIN',
    'the vendor game runs on its own origin.',
  );
  const captchaRaw = (get('CAPTCHA_PROVIDER') ?? 'sandbox').toLowerCase();
  if (captchaRaw !== 'sandbox')
    problems.push(`CAPTCHA_PROVIDER must be "sandbox" (the only provider built in; got "${captchaRaw}").`);
  const amoeDailyLimit = int('AMOE_DAILY_LIMIT', 1, 1, 1000);
  const amoeMonthlyLimit = int('AMOE_MONTHLY_LIMIT', 10, 1, 31_000);
  if (amoeDailyLimit > amoeMonthlyLimit)
    problems.push('AMOE_DAILY_LIMIT must not exceed AMOE_MONTHLY_LIMIT.');

  const { port: kycSandboxPort, origin: kycSandboxOrigin } = sandbox(
    'KYC_SANDBOX_PORT',
    3,
    'KYC_SANDBOX_ORIGIN',
    'the verification frame runs on its own origin.',
  );
  const { port: supportSandboxPort, origin: supportSiteOrigin } = sandbox(
    'SUPPORT_SANDBOX_PORT',
    4,
    'SUPPORT_SITE_ORIGIN',
    'the help center is a site of its own.',
  );
  const { port: socialSandboxPort, origin: socialSandboxOrigin } = sandbox(
    'SOCIAL_SANDBOX_PORT',
    5,
    'SOCIAL_SANDBOX_ORIGIN',
    'the sign-in popup runs on its own origin.',
  );
  const socialClientId = get('SOCIAL_CLIENT_ID') ?? 'lucky-crown-web';
  if (!/^[A-Za-z0-9._-]{1,128}$/.test(socialClientId))
    problems.push('SOCIAL_CLIENT_ID must be 1 to 128 letters, digits, dots, hyphens or underscores.');

  const config: Config = {
    port,
    dataDir: path.resolve(cwd, get('DATA_DIR') ?? './data'),
    databaseUrl,
    publicOrigin,
    goldOnly: bool('GOLD_ONLY', false),
    sessionInactivitySeconds: int('SESSION_INACTIVITY_SECONDS', 900, 5, 86_400),
    signUpsPerAddressPerHour: int('SIGN_UPS_PER_ADDRESS_PER_HOUR', 10, 1, 1_000_000),
    mobileCodesPerAccountPerDay: int('MOBILE_CODES_PER_ACCOUNT_PER_DAY', 5, 1, 1000),
    mobileCodesPerPhonePerDay: int('MOBILE_CODES_PER_PHONE_PER_DAY', 5, 1, 1000),
    distDir: path.resolve(cwd, get('DIST_DIR') ?? './dist'),
    logLevel,
    trustCountryHeader: countryHeader,
    trustProxy: bool('TRUST_PROXY', false),
    passwordHashCost,
    seedDemoPlayer: bool('SEED_DEMO_PLAYER', isLocalOrigin(publicOrigin)),
    seedPromotions: bool('SEED_PROMOTIONS', true),
    jwtSecret: secret('JWT_SECRET'),
    csrfSecret: secret('CSRF_SECRET'),
    welcomePromoSweepsCents,
    welcomeOfferAtJoin: bool('WELCOME_OFFER_AT_JOIN', true),
    cardSandboxPort,
    cardSandboxOrigin,
    vendorSandboxPort,
    vendorSandboxOrigin,
    kycSandboxPort,
    kycSandboxOrigin,
    kycSandboxPendingSeconds: int('KYC_SANDBOX_PENDING_SECONDS', 300, 0, 86_400),
    supportSandboxPort,
    supportSiteOrigin,
    supportDeskJwtSecret: secret('SUPPORT_DESK_JWT_SECRET'),
    socialSandboxPort,
    socialSandboxOrigin,
    socialClientId,
    vendorWalletSecret: secret('VENDOR_WALLET_SECRET'),
    paymentsSandboxSettleMs: int('PAYMENTS_SANDBOX_SETTLE_MS', 1500, 0, 600_000),
    reconcileIntervalSeconds: int('RECONCILE_INTERVAL_SECONDS', 60, 1, 3600),
    gamesTestMode: bool('GAMES_TEST_MODE', false),
    legalTestMode: bool('LEGAL_TEST_MODE', false),
    testClock: bool('TEST_CLOCK', false),
    gamesAutoCompleteIntervalSeconds: int('GAMES_AUTO_COMPLETE_INTERVAL_SECONDS', 300, 1, 86_400),
    leaderboardCloseIntervalSeconds: int('LEADERBOARD_CLOSE_INTERVAL_SECONDS', 60, 1, 86_400),
    redemptionLimitPerPeriodUsdCents: int('REDEMPTION_LIMIT_PER_PERIOD_USD', 5000, 1, 1_000_000) * 100,
    cashOutFeeUsdCents: int('CASH_OUT_FEE_USD', 2, 0, 100) * 100,
    w9EncryptionKey: w9Key(),
    amoeSweepsPerEntryCents: int('AMOE_SWEEPS_PER_ENTRY', 500, 1, 100_000),
    loginBonusGoldCoins: int('LOGIN_BONUS_GOLD', LOGIN_BONUS_DEFAULTS.goldCoins, 0, 10_000_000),
    loginBonusSweepsCents: int('LOGIN_BONUS_SWEEPS_CENTS', LOGIN_BONUS_DEFAULTS.sweepsCents, 0, 100_000),
    amoeDailyLimit,
    amoeMonthlyLimit,
    captchaProvider: 'sandbox',
    amoeCaptchaDifficulty: int('AMOE_CAPTCHA_DIFFICULTY', 12, 0, 24),
  };
  // Test switches never reach production: each on is a problem naming the variable.
  if (isProductionEnvironment(publicOrigin, get('NODE_ENV'))) {
    const on: Record<keyof typeof TEST_ONLY_SWITCHES, boolean> = {
      GAMES_TEST_MODE: config.gamesTestMode,
      LEGAL_TEST_MODE: config.legalTestMode,
      TEST_CLOCK: config.testClock,
      // Only when asked for: unset, the demo player is not seeded on a public origin anyway.
      SEED_DEMO_PLAYER: get('SEED_DEMO_PLAYER') !== undefined && config.seedDemoPlayer,
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
