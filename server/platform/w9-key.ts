/**
 * The W-9 encryption key's text form (W9_ENCRYPTION_KEY, or generated into DATA_DIR/secrets.json).
 * Here, beside the configuration that reads it, rather than in the tax feature that uses it, so the
 * configuration depends on no feature (features/tax/ssn-last-four-cipher.ts does the encryption).
 */
import { randomBytes } from 'node:crypto';

export const W9_KEY_BYTES = 32;

/**
 * The 32-byte key from its text form: 64 hex digits, or base64 / base64url of 32 bytes (what
 * `openssl rand -hex 32` or `openssl rand -base64 32` print). Null when the text is neither.
 */
export function parseW9Key(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) {
    const bytes = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return bytes.length === W9_KEY_BYTES ? bytes : null;
  }
  return null;
}

/** A new key in the stored text form (base64url of 32 random bytes). */
export const generateW9Key = (): string => randomBytes(W9_KEY_BYTES).toString('base64url');
