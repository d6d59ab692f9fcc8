/** The vendor sandbox's configuration and the shared wallet key: defaults, refusals, storage. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConfigError } from '../../platform/config.ts';
import { loadConfig } from '../../platform/config.ts';
import { loadSecrets } from '../../platform/secrets.ts';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    return (error as ConfigError).problems;
  }
};

describe('vendor sandbox configuration', () => {
  it('defaults to PORT + 2 on its own localhost origin', () => {
    const config = loadConfig({ PORT: '9000' });
    expect(config.vendorSandboxPort).toBe(9002);
    expect(config.vendorSandboxOrigin).toBe('http://localhost:9002');
    expect(config.vendorWalletSecret).toBeNull();
  });

  it('refuses the public origin, a path, the API or card sandbox port and a short key', () => {
    expect(problemsOf({ PORT: '9000', VENDOR_SANDBOX_ORIGIN: 'http://localhost:9000' }).join()).toContain(
      'VENDOR_SANDBOX_ORIGIN must differ from PUBLIC_ORIGIN',
    );
    expect(problemsOf({ VENDOR_SANDBOX_ORIGIN: 'https://vendor.example/games' }).join()).toContain(
      'VENDOR_SANDBOX_ORIGIN must be an http(s) origin',
    );
    expect(problemsOf({ PORT: '9000', VENDOR_SANDBOX_PORT: '9001' }).join()).toContain(
      'VENDOR_SANDBOX_PORT must differ',
    );
    expect(problemsOf({ VENDOR_WALLET_SECRET: 'short' }).join()).toContain(
      'VENDOR_WALLET_SECRET must be at least',
    );
  });
});

describe('vendor wallet key', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lc-vendor-secrets-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('is generated once and kept, independent of the other keys, or taken from VENDOR_WALLET_SECRET', () => {
    const first = loadSecrets(dir, { jwtSecret: null, csrfSecret: null });
    expect(first.vendorWalletSecret.length).toBeGreaterThanOrEqual(32);
    expect(new Set(Object.values(first)).size).toBe(Object.keys(first).length);
    expect(loadSecrets(dir, { jwtSecret: null, csrfSecret: null }).vendorWalletSecret).toBe(
      first.vendorWalletSecret,
    );
    const fromEnv = 'v'.repeat(40);
    expect(
      loadSecrets(dir, { jwtSecret: null, csrfSecret: null, vendorWalletSecret: fromEnv }).vendorWalletSecret,
    ).toBe(fromEnv);
    const stored = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
    expect(stored.vendorWalletSecret).toBe(first.vendorWalletSecret);
  });
});
