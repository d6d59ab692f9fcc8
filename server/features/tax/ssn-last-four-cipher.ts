/**
 * Encryption at rest of the last four SSN digits of a W-9 (the only part of the taxpayer number
 * the product keeps). AES-256-GCM with the server's W-9 key (W9_ENCRYPTION_KEY, else generated
 * in DATA_DIR/secrets.json: server/secrets.ts), a fresh random 96-bit IV for every record, the
 * 128-bit tag stored beside it, and the owner's user id as associated data, so a ciphertext
 * copied onto another player's row fails to decrypt instead of answering someone else's digits.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const W9_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SealedLastFour {
  ciphertext: Buffer;
  iv: Buffer;
  tag: Buffer;
}

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

function keyOf(keyText: string): Buffer {
  const key = parseW9Key(keyText);
  if (!key) throw new Error('The W-9 encryption key is not 32 bytes in hex or base64.');
  return key;
}

export function sealLastFour(keyText: string, userId: string, lastFour: string): SealedLastFour {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(keyText), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(lastFour, 'utf8'), cipher.final()]);
  return { ciphertext, iv, tag: cipher.getAuthTag() };
}

/** The digits back; throws when the key, the owner or any stored byte differs from the sealing. */
export function openLastFour(keyText: string, userId: string, sealed: SealedLastFour): string {
  const decipher = createDecipheriv('aes-256-gcm', keyOf(keyText), sealed.iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
}
