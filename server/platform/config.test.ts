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
