/**
 * Signing keys. JWT and CSRF keys are taken from JWT_SECRET / CSRF_SECRET when set (required when
 * several server instances share one PostgreSQL database); otherwise generated once and stored in
 * DATA_DIR/secrets.json with mode 0600 so sessions survive restarts.
 *
 * The payments key (the sandbox providers' API and webhook keys are derived from it) is always a
 * separate random value in secrets.json: knowing or rotating the CSRF key says nothing about the
 * webhook signatures, and the reverse.
 *
 * The vendor wallet key (the game vendor signs its seamless wallet calls with it) is taken from
 * VENDOR_WALLET_SECRET when set (a real vendor is given that value), else generated and stored
 * the same way; it too is independent of every other key.
 *
 * The W-9 key (AES-256-GCM, the last four SSN digits of W-9 forms at rest) is taken from
 * W9_ENCRYPTION_KEY when set (required with several instances), else generated and stored the
 * same way. Losing it leaves the stored digits unreadable: back secrets.json up with the data.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateW9Key } from './w9-key.ts';

export interface Secrets {
  jwtSecret: string;
  csrfSecret: string;
  /** Root of the payment providers' sandbox keys (API keys, webhook signing secrets). */
  paymentsSecret: string;
  /** Shared with the game vendor: HMAC key of the seamless wallet calls. */
  vendorWalletSecret: string;
  /** AES-256-GCM key of the W-9 last four SSN digits at rest (server/features/tax). */
  w9EncryptionKey: string;
}

const MIN_STORED_LENGTH = 32;
const generate = (): string => randomBytes(48).toString('base64url');

export function loadSecrets(
  dataDir: string,
  fromEnv: {
    jwtSecret: string | null;
    csrfSecret: string | null;
    vendorWalletSecret?: string | null;
    w9EncryptionKey?: string | null;
  },
): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Record<keyof Secrets, unknown>> = {};
  if (existsSync(file)) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<keyof Secrets, unknown>>;
    } catch {
      throw new Error(`${file} is not valid JSON. Fix it or delete it (deleting signs every player out).`);
    }
  }
  const storedValue = (name: keyof Secrets): string | null => {
    const v = stored[name];
    return typeof v === 'string' && v.length >= MIN_STORED_LENGTH ? v : null;
  };
  const toStore: Record<keyof Secrets, string | null> = {
    jwtSecret: storedValue('jwtSecret') ?? (fromEnv.jwtSecret ? null : generate()),
    csrfSecret: storedValue('csrfSecret') ?? (fromEnv.csrfSecret ? null : generate()),
    paymentsSecret: storedValue('paymentsSecret') ?? generate(),
    vendorWalletSecret: storedValue('vendorWalletSecret') ?? (fromEnv.vendorWalletSecret ? null : generate()),
    w9EncryptionKey: storedValue('w9EncryptionKey') ?? (fromEnv.w9EncryptionKey ? null : generateW9Key()),
  };
  const secrets: Secrets = {
    jwtSecret: fromEnv.jwtSecret ?? toStore.jwtSecret!,
    csrfSecret: fromEnv.csrfSecret ?? toStore.csrfSecret!,
    paymentsSecret: toStore.paymentsSecret!,
    vendorWalletSecret: fromEnv.vendorWalletSecret ?? toStore.vendorWalletSecret!,
    w9EncryptionKey: fromEnv.w9EncryptionKey ?? toStore.w9EncryptionKey!,
  };
  const changed = (Object.keys(toStore) as Array<keyof Secrets>).some(
    (name) => toStore[name] !== null && toStore[name] !== stored[name],
  );
  if (changed) {
    // Keys this version does not know stay as they are: a lost W-9 key leaves stored forms unreadable.
    const content = {
      ...stored,
      ...Object.fromEntries(Object.entries(toStore).filter(([, v]) => v !== null)),
    };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(content, null, 2)}\n`, { mode: 0o600 });
  }
  if (existsSync(file)) chmodSync(file, 0o600);
  return secrets;
}
