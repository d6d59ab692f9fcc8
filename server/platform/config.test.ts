import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { loadSecrets } from './secrets.ts';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env, '/srv/app');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({}, '/srv/app');
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/srv/app/data',
      distDir: '/srv/app/dist',
      databaseUrl: null,
      publicOrigin: 'http://localhost:8080',
      goldOnly: false,
      sessionInactivitySeconds: 900,
      signUpsPerAddressPerHour: 10,
      logLevel: 'info',
      trustCountryHeader: null,
      passwordHashCost: 'owasp',
      seedDemoPlayer: true,
    });
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '8181',
        DATA_DIR: '/tmp/x',
        DATABASE_URL: 'postgresql://u:p@db:5432/lc',
        PUBLIC_ORIGIN: 'https://play.luckycrown.example/',
        GOLD_ONLY: 'yes',
        SESSION_INACTIVITY_SECONDS: '20',
        SIGN_UPS_PER_ADDRESS_PER_HOUR: '500',
        DIST_DIR: 'build',
        LOG_LEVEL: 'WARN',
        TRUST_COUNTRY_HEADER: 'CF-IPCountry',
      },
      '/srv/app',
    );
    expect(c).toMatchObject({
      port: 8181,
      dataDir: '/tmp/x',
      databaseUrl: 'postgresql://u:p@db:5432/lc',
      publicOrigin: 'https://play.luckycrown.example',
      goldOnly: true,
      sessionInactivitySeconds: 20,
      signUpsPerAddressPerHour: 500,
      distDir: '/srv/app/build',
      logLevel: 'warn',
      trustCountryHeader: 'CF-IPCountry',
    });
  });

  it('lists every bad value with a clear message', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      PUBLIC_ORIGIN: 'localhost:8080/app',
      GOLD_ONLY: 'maybe',
      SESSION_INACTIVITY_SECONDS: '-5',
      LOG_LEVEL: 'loud',
      PASSWORD_HASH_COST: 'cheap',
      JWT_SECRET: 'short',
    });
    expect(problems).toHaveLength(8);
    expect(problems.join('\n')).toMatch(/PORT must be a whole number from 1 to 65535 \(got "eighty"\)/);
    expect(problems.join('\n')).toMatch(
      /DATABASE_URL must be a PostgreSQL URL starting with postgres:\/\/ or postgresql:\/\//,
    );
    expect(problems.join('\n')).toMatch(/PUBLIC_ORIGIN must be an http\(s\) origin/);
    expect(problems.join('\n')).toMatch(/GOLD_ONLY must be true or false/);
    expect(problems.join('\n')).toMatch(/SESSION_INACTIVITY_SECONDS/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL must be one of/);
    expect(problems.join('\n')).toMatch(/PASSWORD_HASH_COST/);
    expect(problems.join('\n')).toMatch(/JWT_SECRET must be at least 32 characters/);
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/PORT/);
    expect(problemsOf({ PUBLIC_ORIGIN: 'ftp://x.example' })[0]).toMatch(/PUBLIC_ORIGIN/);
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      'a whole number out of range',
      { SESSION_INACTIVITY_SECONDS: '4' },
      /^SESSION_INACTIVITY_SECONDS must be a whole number from 5 to 86400 \(got "4"\)/,
    ],
    [
      'a whole number with a fraction',
      { RECONCILE_INTERVAL_SECONDS: '1.5' },
      /^RECONCILE_INTERVAL_SECONDS must be a whole number from 1 to 3600 \(got "1.5"\)/,
    ],
    [
      'a switch',
      { TRUST_PROXY: 'perhaps' },
      /^TRUST_PROXY must be true or false \(1\/0, yes\/no also accepted; got "perhaps"\)/,
    ],
    [
      'a choice',
      { CAPTCHA_PROVIDER: 'Other' },
      /^CAPTCHA_PROVIDER must be "sandbox" \(the only provider built in; got "other"\)/,
    ],
    [
      'a short secret',
      { VENDOR_WALLET_SECRET: 'x'.repeat(31) },
      /^VENDOR_WALLET_SECRET must be at least 32 characters/,
    ],
    [
      'a W-9 key',
      { W9_ENCRYPTION_KEY: 'abc' },
      /^W9_ENCRYPTION_KEY must be 32 bytes written as 64 hex digits or base64/,
    ],
    [
      'a header name',
      { TRUST_COUNTRY_HEADER: 'CF IPCountry' },
      /^TRUST_COUNTRY_HEADER must be a header name like CF-IPCountry \(got "CF IPCountry"\)/,
    ],
    [
      'a Sweeps amount',
      { WELCOME_PROMO_SWEEPS: '1.234' },
      /^WELCOME_PROMO_SWEEPS must be a Sweeps amount above 0 and at most 1000 with up to 2 decimals \(got "1.234"\)/,
    ],
    [
      'a Sweeps amount of 0',
      { WELCOME_PROMO_SWEEPS: '0' },
      /^WELCOME_PROMO_SWEEPS must be a Sweeps amount above 0/,
    ],
    [
      'a client id',
      { SOCIAL_CLIENT_ID: 'not ok' },
      /^SOCIAL_CLIENT_ID must be 1 to 128 letters, digits, dots, hyphens or underscores/,
    ],
    [
      'a sandbox origin with a path',
      { KYC_SANDBOX_ORIGIN: 'http://kyc.example/frame' },
      /^KYC_SANDBOX_ORIGIN must be an http\(s\) origin without a path \(got "http:\/\/kyc.example\/frame"\)/,
    ],
    [
      'a sandbox origin equal to PUBLIC_ORIGIN',
      { SOCIAL_SANDBOX_ORIGIN: 'http://localhost:8080/' },
      /^SOCIAL_SANDBOX_ORIGIN must differ from PUBLIC_ORIGIN: the sign-in popup runs on its own origin\./,
    ],
    [
      'a sandbox port taken',
      { VENDOR_SANDBOX_PORT: '8081' },
      /^VENDOR_SANDBOX_PORT must differ from PORT and the other sandbox ports\./,
    ],
    [
      'a daily limit above the monthly one',
      { AMOE_DAILY_LIMIT: '20', AMOE_MONTHLY_LIMIT: '10' },
      /^AMOE_DAILY_LIMIT must not exceed AMOE_MONTHLY_LIMIT\./,
    ],
  ])('names the variable of a bad value: %s', (_kind, env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('never repeats a secret in its message, and reads blank values as unset', () => {
    const secret = 'short-but-secret';
    const problems = problemsOf({
      JWT_SECRET: secret,
      SUPPORT_DESK_JWT_SECRET: secret,
      W9_ENCRYPTION_KEY: secret,
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).not.toContain(secret);
    expect(loadConfig({ PORT: '  ', JWT_SECRET: '', LOG_LEVEL: ' debug ' }, '/srv/app')).toMatchObject({
      port: 8080,
      jwtSecret: null,
      logLevel: 'debug',
    });
  });

  it('reads SMTP_URL (smtp or smtps with a host), never repeating a refused one (it may hold a password)', () => {
    expect(loadConfig({}, '/srv/app').smtpUrl).toBeNull();
    const url = 'smtps://mailer:pa55word@mail.example.com:465';
    expect(loadConfig({ SMTP_URL: url }, '/srv/app').smtpUrl).toBe(url);
    for (const bad of ['http://u:pa55word@mail.example.com', 'smtp://u:pa55word@', 'pa55word@mail:587']) {
      const problems = problemsOf({ SMTP_URL: bad });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect(problems[0]).not.toContain('pa55word');
    }
  });

  it('derives the sandboxes from PORT and converts amounts to cents', () => {
    const c = loadConfig(
      {
        PORT: '9000',
        SUPPORT_SITE_ORIGIN: 'https://help.example.com/',
        REDEMPTION_LIMIT_PER_PERIOD_USD: '250',
        CASH_OUT_FEE_USD: '0',
        WELCOME_PROMO_SWEEPS: '2.5',
        AMOE_DAILY_LIMIT: '2',
      },
      '/srv/app',
    );
    expect(c).toMatchObject({
      cardSandboxPort: 9001,
      cardSandboxOrigin: 'http://localhost:9001',
      vendorSandboxPort: 9002,
      kycSandboxPort: 9003,
      supportSandboxPort: 9004,
      supportSiteOrigin: 'https://help.example.com',
      socialSandboxPort: 9005,
      socialSandboxOrigin: 'http://localhost:9005',
      prizeoutSandboxPort: 9006,
      prizeoutSandboxOrigin: 'http://localhost:9006',
      socialClientId: 'lucky-crown-web',
      redemptionLimitPerPeriodUsdCents: 25_000,
      cashOutFeeUsdCents: 0,
      welcomePromoSweepsCents: 250,
      amoeDailyLimit: 2,
      amoeMonthlyLimit: 10,
      captchaProvider: 'sandbox',
    });
    // Near the top of the port range the sandboxes count down instead.
    expect(loadConfig({ PORT: '65535' }, '/srv/app')).toMatchObject({
      cardSandboxPort: 65534,
      socialSandboxPort: 65530,
      prizeoutSandboxPort: 65529,
    });
  });

  it('seeds the demo player by default only for a local PUBLIC_ORIGIN; SEED_DEMO_PLAYER decides when set', () => {
    const seeds = (env: Record<string, string>) => loadConfig(env, '/srv/app').seedDemoPlayer;
    expect(seeds({})).toBe(true);
    expect(seeds({ PUBLIC_ORIGIN: 'http://127.0.0.1:8080' })).toBe(true);
    expect(seeds({ PUBLIC_ORIGIN: 'http://[::1]:8080' })).toBe(true);
    expect(seeds({ PUBLIC_ORIGIN: 'https://localhost' })).toBe(true);
    expect(seeds({ PUBLIC_ORIGIN: 'https://play.luckycrown.example' })).toBe(false);
    expect(seeds({ PUBLIC_ORIGIN: 'http://192.168.1.20:8080' })).toBe(false);
    expect(seeds({ PUBLIC_ORIGIN: 'https://localhost.luckycrown.example' })).toBe(false);
    // Forced on a public http origin (a LAN demo); on an https origin it is refused (next test).
    expect(seeds({ PUBLIC_ORIGIN: 'http://play.luckycrown.example', SEED_DEMO_PLAYER: 'true' })).toBe(true);
    expect(seeds({ SEED_DEMO_PLAYER: 'false' })).toBe(false);
    expect(problemsOf({ SEED_DEMO_PLAYER: 'sometimes' })[0]).toMatch(
      /SEED_DEMO_PLAYER must be true or false/,
    );
  });

  it('refuses every test switch in production (https PUBLIC_ORIGIN or NODE_ENV=production), naming it', () => {
    const on = {
      GAMES_TEST_MODE: 'true',
      LEGAL_TEST_MODE: '1',
      TEST_CLOCK: 'yes',
      SEED_DEMO_PLAYER: 'true',
    };
    const https = problemsOf({ ...on, PUBLIC_ORIGIN: 'https://play.luckycrown.example' });
    expect(https).toHaveLength(4);
    for (const [i, name] of Object.keys(on).entries())
      expect(https[i]).toMatch(
        new RegExp(
          `^${name} must be off in production \\(PUBLIC_ORIGIN is https://play\\.luckycrown\\.example\\)`,
        ),
      );
    expect(https[0]).toMatch(/choose the cards/);
    expect(https[2]).toMatch(/move the server clock/);
    // NODE_ENV=production is production whatever the origin, a local one included.
    const nodeEnv = problemsOf({ ...on, NODE_ENV: 'production', PUBLIC_ORIGIN: 'http://localhost:8080' });
    expect(nodeEnv).toHaveLength(4);
    expect(nodeEnv.every((p) => p.includes('(NODE_ENV is production)'))).toBe(true);
    // One switch alone is enough to refuse the start, and the message names only that one.
    expect(problemsOf({ TEST_CLOCK: 'true', PUBLIC_ORIGIN: 'https://localhost:8443' })).toEqual([
      expect.stringMatching(/^TEST_CLOCK must be off in production/),
    ]);
    expect(() => loadConfig({ GAMES_TEST_MODE: '1', PUBLIC_ORIGIN: 'https://x.example' })).toThrow(
      /Invalid server configuration:\n {2}- GAMES_TEST_MODE must be off in production/,
    );
    // Off, or on an http origin (the browser tests' servers, npm start): accepted.
    expect(
      problemsOf({ GAMES_TEST_MODE: 'false', TEST_CLOCK: '0', PUBLIC_ORIGIN: 'https://x.example' }),
    ).toEqual([]);
    expect(problemsOf({ SEED_DEMO_PLAYER: 'false', PUBLIC_ORIGIN: 'https://x.example' })).toEqual([]);
    const local = loadConfig({ ...on, PUBLIC_ORIGIN: 'http://localhost:8499', NODE_ENV: 'test' }, '/srv/app');
    expect(local).toMatchObject({
      gamesTestMode: true,
      legalTestMode: true,
      testClock: true,
      seedDemoPlayer: true,
    });
  });

  it('generates secrets once into DATA_DIR/secrets.json with mode 0600', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-secrets-'));
    try {
      const first = loadSecrets(dir, { jwtSecret: null, csrfSecret: null });
      expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
      expect(first.csrfSecret).not.toBe(first.jwtSecret);
      const file = path.join(dir, 'secrets.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(loadSecrets(dir, { jwtSecret: null, csrfSecret: null })).toEqual(first);
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
      const fromEnv = loadSecrets(dir, { jwtSecret: 'j'.repeat(40), csrfSecret: null });
      expect(fromEnv).toEqual({ ...first, jwtSecret: 'j'.repeat(40) });
      // The payments key is its own random value, not derived from the CSRF key.
      expect(first.paymentsSecret.length).toBeGreaterThanOrEqual(32);
      expect(first.paymentsSecret).not.toBe(first.csrfSecret);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
