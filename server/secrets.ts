/**
 * Signing keys. Taken from JWT_SECRET / CSRF_SECRET when set (required when several server
 * instances share one PostgreSQL database); otherwise generated once and stored in
 * DATA_DIR/secrets.json with mode 0600 so sessions survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  jwtSecret: string;
  csrfSecret: string;
}

const generate = (): string => randomBytes(48).toString('base64url');

export function loadSecrets(
  dataDir: string,
  fromEnv: { jwtSecret: string | null; csrfSecret: string | null },
): Secrets {
  if (fromEnv.jwtSecret && fromEnv.csrfSecret)
    return { jwtSecret: fromEnv.jwtSecret, csrfSecret: fromEnv.csrfSecret };
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
    } catch {
      throw new Error(`${file} is not valid JSON. Fix it or delete it (deleting signs every player out).`);
    }
  }
  const secrets: Secrets = {
    jwtSecret:
      fromEnv.jwtSecret ??
      (typeof stored.jwtSecret === 'string' && stored.jwtSecret.length >= 32 ? stored.jwtSecret : generate()),
    csrfSecret:
      fromEnv.csrfSecret ??
      (typeof stored.csrfSecret === 'string' && stored.csrfSecret.length >= 32
        ? stored.csrfSecret
        : generate()),
  };
  const toStore = {
    jwtSecret: stored.jwtSecret ?? secrets.jwtSecret,
    csrfSecret: stored.csrfSecret ?? secrets.csrfSecret,
  };
  if (toStore.jwtSecret !== stored.jwtSecret || toStore.csrfSecret !== stored.csrfSecret) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(toStore, null, 2)}\n`, { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return secrets;
}
