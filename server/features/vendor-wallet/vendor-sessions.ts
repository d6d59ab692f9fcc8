/**
 * Vendor sessions: opened by the player's launch call, named by a random token that travels in
 * the launch URL and comes back on every wallet call. Only the token's SHA-256 is stored.
 * A session lasts VENDOR_SESSION_TTL_MS: after that no new bet is taken, but the wins and
 * rollbacks of bets already placed still are (the vendor may settle a round late).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Currency } from '../../../src/contract/currency.ts';
import type { Queryable } from '../../db/driver.ts';

export const VENDOR_SESSION_TTL_MS = 4 * 60 * 60 * 1000;

export interface VendorSession {
  id: string;
  userId: string;
  gameId: string;
  currency: Currency;
  expiresAtMs: number;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** 32 random bytes, base64url: 43 characters of [A-Za-z0-9_-]. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

export async function openVendorSession(
  db: Queryable,
  input: { userId: string; gameId: string; currency: Currency; nowMs: number },
): Promise<{ token: string; expiresAt: string }> {
  const token = newSessionToken();
  const expiresAt = new Date(input.nowMs + VENDOR_SESSION_TTL_MS).toISOString();
  await db.query(
    `INSERT INTO vendor_sessions (token_hash, user_id, game_id, currency, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      hashToken(token),
      input.userId,
      input.gameId,
      input.currency,
      new Date(input.nowMs).toISOString(),
      expiresAt,
    ],
  );
  return { token, expiresAt };
}

export async function findVendorSession(db: Queryable, token: string): Promise<VendorSession | null> {
  const rows = await db.query<{
    id: string;
    user_id: string;
    game_id: string;
    currency: Currency;
    expires_at: Date | string;
  }>('SELECT id, user_id, game_id, currency, expires_at FROM vendor_sessions WHERE token_hash = $1', [
    hashToken(token),
  ]);
  const row = rows[0];
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    gameId: row.game_id,
    currency: row.currency,
    expiresAtMs: new Date(row.expires_at).getTime(),
  };
}
