/**
 * Encryption at rest of the last four SSN digits of a W-9 (the only part of the taxpayer number
 * the product keeps). AES-256-GCM with the server's W-9 key (W9_ENCRYPTION_KEY, else generated
 * in DATA_DIR/secrets.json: server/platform/secrets.ts), a fresh random 96-bit IV for every record, the
 * 128-bit tag stored beside it, and the owner's user id as associated data, so a ciphertext
 * copied onto another player's row fails to decrypt instead of answering someone else's digits.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { parseW9Key } from '../../platform/w9-key.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface SealedLastFour {
  ciphertext: Buffer;
  iv: Buffer;
  tag: Buffer;
}

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
