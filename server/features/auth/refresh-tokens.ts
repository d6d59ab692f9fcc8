/**
 * Refresh tokens: 32 random bytes in the httpOnly `lc_refresh` cookie (SameSite Strict, path
 * /api/v1/auth), stored only as SHA-256 hashes in refresh_tokens. Each refresh rotates the token;
 * the tokens of one sign-in share a family. Presenting a token that was already rotated means it
 * was copied: the whole family is revoked and the player must sign in again. One exception: within
 * REUSE_GRACE_SECONDS of its rotation (two tabs refreshing at once, a retried request) the old
 * token still gets an access token, but no new refresh token, since the browser already holds the
 * successor.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from '../../../src/contract/constants.ts';
import type { Queryable } from '../../db/driver.ts';

export const REFRESH_COOKIE_PATH = `${API_PREFIX}/auth`;
export const REUSE_GRACE_SECONDS = 10;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const iso = (ms: number): string => new Date(ms).toISOString();

export async function createRefreshToken(
  db: Queryable,
  userId: string,
  familyId: string | null,
  nowMs: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    'INSERT INTO refresh_tokens (user_id, family_id, token_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [
      userId,
      familyId ?? randomUUID(),
      hashToken(token),
      iso(nowMs),
      iso(nowMs + REFRESH_TOKEN_TTL_SECONDS * 1000),
    ],
  );
  return token;
}

export type RotateResult =
  | { kind: 'rotated'; userId: string; token: string }
  | { kind: 'grace'; userId: string }
  | { kind: 'reused' }
  | { kind: 'invalid' };

export async function rotateRefreshToken(tx: Queryable, token: string, nowMs: number): Promise<RotateResult> {
  const rows = await tx.query<{
    user_id: string;
    family_id: string;
    rotated_at: Date | null;
    revoked_at: Date | null;
    expires_at: Date;
  }>(
    'SELECT user_id, family_id, rotated_at, revoked_at, expires_at FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE',
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row || row.revoked_at || new Date(row.expires_at).getTime() <= nowMs) return { kind: 'invalid' };
  if (row.rotated_at) {
    if (nowMs - new Date(row.rotated_at).getTime() <= REUSE_GRACE_SECONDS * 1000)
      return { kind: 'grace', userId: row.user_id };
    await revokeFamily(tx, row.family_id, nowMs);
    return { kind: 'reused' };
  }
  await tx.query('UPDATE refresh_tokens SET rotated_at = $1 WHERE token_hash = $2', [
    iso(nowMs),
    hashToken(token),
  ]);
  const next = await createRefreshToken(tx, row.user_id, row.family_id, nowMs);
  return { kind: 'rotated', userId: row.user_id, token: next };
}

export async function revokeFamily(db: Queryable, familyId: string, nowMs: number): Promise<void> {
  await db.query('UPDATE refresh_tokens SET revoked_at = $1 WHERE family_id = $2 AND revoked_at IS NULL', [
    iso(nowMs),
    familyId,
  ]);
}

/** Revokes the family of the given token (logout). Answers whether a token was found. */
export async function revokeByToken(db: Queryable, token: string, nowMs: number): Promise<boolean> {
  const rows = await db.query<{ family_id: string }>(
    'SELECT family_id FROM refresh_tokens WHERE token_hash = $1',
    [hashToken(token)],
  );
  if (!rows[0]) return false;
  await revokeFamily(db, rows[0].family_id, nowMs);
  return true;
}

export const readRefreshCookie = (c: Context): string | undefined => getCookie(c, REFRESH_COOKIE);

export function setRefreshCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearRefreshCookie(c: Context, secure: boolean): void {
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, secure, httpOnly: true, sameSite: 'Strict' });
}
