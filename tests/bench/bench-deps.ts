/** The dependencies the benchmarks build the product's app with: test-cost hashing, silent logs, in-memory sandboxes. */
import path from 'node:path';
import { featureHooks } from '../../server/app.ts';
import type { AppDeps } from '../../server/core/deps.ts';
import { createPasswordHasher } from '../../server/core/sessions/password-hash.ts';
import type { Database } from '../../server/db/driver.ts';
import { supportDeskSecret } from '../../server/features/support-desk/support-desk-jwt.ts';
import { loadConfig } from '../../server/platform/config.ts';
import { createLogger } from '../../server/platform/logger.ts';
import type { EmailProvider } from '../../server/providers/email/email-provider.ts';
import { inProcessSandboxes } from '../../server/providers/sandboxes.ts';

const BENCH_SECRETS = {
  jwtSecret: 'bench-jwt-secret-0123456789abcdef0123456789',
  csrfSecret: 'bench-csrf-secret-0123456789abcdef01234567',
  paymentsSecret: 'bench-payments-secret-0123456789abcdef0123',
  vendorWalletSecret: 'bench-vendor-wallet-secret-0123456789abcd',
  w9EncryptionKey: 'benchmark-w9-key-0123456789abcdefghijklmnop',
};

export function benchDeps(db: Database, dataDir: string, email: (db: Database) => EmailProvider): AppDeps {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'dist'),
    PASSWORD_HASH_COST: 'test',
  });
  const secrets = BENCH_SECRETS;
  return {
    config,
    db,
    secrets,
    logger: createLogger('silent'),
    email: email(db),
    hasher: createPasswordHasher('test'),
    hooks: featureHooks,
    now: Date.now,
    providers: inProcessSandboxes({
      config,
      secrets,
      now: Date.now,
      db,
      supportDeskJwtSecret: supportDeskSecret(config.supportDeskJwtSecret, secrets.jwtSecret),
    }).providers,
  };
}
