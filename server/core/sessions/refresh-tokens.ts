/**
 * Refresh tokens: 32 random bytes in an httpOnly, SameSite Strict cookie, stored only as SHA-256
 * hashes in refresh_tokens. On http origins (development) the cookie is `lc_refresh` with path
 * /api/v1/auth; on https it is `__Host-lc_refresh` (Secure, Path=/ as the prefix requires, no
 * Domain), which no sibling subdomain can set or overwrite.
 *
 * Each refresh rotates the token; the tokens of one sign-in share a family whose id is the
 * sign-in session's (auth_sessions). A refresh is refused when the session ended (logout, reuse,
 * closed account) or has been idle past SESSION_INACTIVITY_SECONDS; the idle session then ends.
 *
 * A rotation becomes final only when the new token is first used (docs/security.md, "Refresh-token
 * rotation"). Until then the token it was rotated from stays good, bound to the same session, and
 * presenting it again gets another new token: a browser killed before it wrote the newest cookie to
 * disk, a lost answer, two tabs refreshing at once. The first use of one of those new tokens
 * supersedes the token it came from and its other new tokens; presenting a superseded token means
 * it was copied: the session ends and the player must sign in again. Within REUSE_GRACE_SECONDS of
 * the supersession the superseded token still gets an access token, but no new refresh token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import {
  HOST_COOKIE_PREFIX,
  REFRESH_COOKIE,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_HINT_COOKIE,
} from '../../../src/contract/constants.ts';
import type { Queryable } from '../../db/driver.ts';
import { isPastInactivityWindow } from '../../http/auth.ts';
import { endAuthSession } from './auth-sessions.ts';

export const REFRESH_COOKIE_PATH = `${API_PREFIX}/auth`;
export const REUSE_GRACE_SECONDS = 10;

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const iso = (ms: number): string => new Date(ms).toISOString();

export const refreshCookieName = (secure: boolean): string =>
  secure ? `${HOST_COOKIE_PREFIX}${REFRESH_COOKIE}` : REFRESH_COOKIE;
const refreshCookiePath = (secure: boolean): string => (secure ? '/' : REFRESH_COOKIE_PATH);

/** A new refresh token of the session (its family); `parentHash`: the token it was rotated from. */
export async function createRefreshToken(
  db: Queryable,
  userId: string,
  sessionId: string,
  nowMs: number,
  parentHash: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, parent_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      userId,
      sessionId,
      hashToken(token),
      parentHash,
      iso(nowMs),
      iso(nowMs + REFRESH_TOKEN_TTL_SECONDS * 1000),
    ],
  );
  return token;
}

export type RotateResult =
  | { kind: 'rotated'; userId: string; sessionId: string; token: string }
  | { kind: 'grace'; userId: string; sessionId: string }
  | { kind: 'reused' }
  | { kind: 'idle' }
  | { kind: 'foreign_csrf' }
  | { kind: 'invalid' };

export interface RotateOptions {
  nowMs: number;
  inactivitySeconds: number;
  /** The session the request's CSRF token was issued to (undefined: no CSRF check ran). */
  csrfSessionId?: string | undefined;
}

/** The session of a refresh token that can still be used, or null. */
export async function sessionOfRefreshToken(db: Queryable, token: string): Promise<string | null> {
  const rows = await db.query<{ family_id: string }>(
    `SELECT t.family_id FROM refresh_tokens t JOIN auth_sessions s ON s.id = t.family_id
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND s.ended_at IS NULL`,
    [hashToken(token)],
  );
  return rows[0]?.family_id ?? null;
}

export async function rotateRefreshToken(
  tx: Queryable,
  token: string,
  { nowMs, inactivitySeconds, csrfSessionId }: RotateOptions,
): Promise<RotateResult> {
  const hash = hashToken(token);
  // The session row is locked too, so the refreshes of one session run one after the other.
  const rows = await tx.query<{
    user_id: string;
    family_id: string;
    parent_hash: string | null;
    rotated_at: Date | null;
    superseded_at: Date | null;
    revoked_at: Date | null;
    expires_at: Date;
    last_active_at: Date;
    ended_at: Date | null;
  }>(
    `SELECT t.user_id, t.family_id, t.parent_hash, t.rotated_at, t.superseded_at, t.revoked_at, t.expires_at,
            s.last_active_at, s.ended_at
       FROM refresh_tokens t JOIN auth_sessions s ON s.id = t.family_id
      WHERE t.token_hash = $1 FOR UPDATE OF t, s`,
    [hash],
  );
  const row = rows[0];
  if (!row || row.revoked_at || row.ended_at || new Date(row.expires_at).getTime() <= nowMs)
    return { kind: 'invalid' };
  // The cookie authenticates this request, so its CSRF token must have been issued to this session.
  if (csrfSessionId !== undefined && csrfSessionId !== row.family_id) return { kind: 'foreign_csrf' };
  if (isPastInactivityWindow(new Date(row.last_active_at).getTime(), nowMs, inactivitySeconds)) {
    await endAuthSession(tx, row.family_id, 'inactivity', nowMs);
    return { kind: 'idle' };
  }
  if (row.superseded_at) {
    // A newer token of this session has been used: whoever presents this one holds a copy.
    if (nowMs - new Date(row.superseded_at).getTime() <= REUSE_GRACE_SECONDS * 1000)
      return { kind: 'grace', userId: row.user_id, sessionId: row.family_id };
    await endAuthSession(tx, row.family_id, 'reuse', nowMs);
    return { kind: 'reused' };
  }
  if (!row.rotated_at) {
    // The first use of this token: the rotation that issued it is final. The token it came from
    // and the other tokens issued from that one stop here.
    await tx.query('UPDATE refresh_tokens SET rotated_at = $1 WHERE token_hash = $2', [iso(nowMs), hash]);
    if (row.parent_hash) {
      await tx.query(
        `UPDATE refresh_tokens SET superseded_at = $1
          WHERE (token_hash = $2 OR (parent_hash = $2 AND token_hash <> $3)) AND superseded_at IS NULL`,
        [iso(nowMs), row.parent_hash, hash],
      );
    }
  }
  // Otherwise this token was rotated before and none of its new tokens has been used: the browser
  // lost that answer or that cookie. It gets another new token; the earlier ones stay good too
  // (two tabs), until one of them is used.
  // A refresh is activity: the app refreshes only while it is open and its own inactivity watch has not fired.
  await tx.query('UPDATE auth_sessions SET last_active_at = $2 WHERE id = $1', [row.family_id, iso(nowMs)]);
  const next = await createRefreshToken(tx, row.user_id, row.family_id, nowMs, hash);
  return { kind: 'rotated', userId: row.user_id, sessionId: row.family_id, token: next };
}

export const readRefreshCookie = (c: Context, secure: boolean): string | undefined =>
  getCookie(c, refreshCookieName(secure));

/**
 * The session hint: set and cleared with the refresh cookie, but at the site's root and holding
 * no token. Over http the refresh cookie is scoped to the auth path, so a page navigation does not
 * carry it; the hint lets the server answer a signed-in player's landing pages (home, login, the
 * policies) with the plain shell, which the app renders as theirs, instead of the signed-out
 * visitor's prerendered markup that would show for a moment before the app moved on.
 * It grants nothing: only the refresh cookie signs anyone in.
 */
const sessionHintCookieName = (secure: boolean): string =>
  secure ? `${HOST_COOKIE_PREFIX}${SESSION_HINT_COOKIE}` : SESSION_HINT_COOKIE;

export const hasSessionHint = (c: Context, secure: boolean): boolean =>
  getCookie(c, sessionHintCookieName(secure)) === '1';

export function setRefreshCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, refreshCookieName(secure), token, {
    httpOnly: true,
    secure,
    sameSite: 'Strict',
    path: refreshCookiePath(secure),
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  setCookie(c, sessionHintCookieName(secure), '1', {
    httpOnly: true,
    secure,
    sameSite: 'Lax',
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearRefreshCookie(c: Context, secure: boolean): void {
  deleteCookie(c, refreshCookieName(secure), {
    path: refreshCookiePath(secure),
    secure,
    httpOnly: true,
    sameSite: 'Strict',
  });
  deleteCookie(c, sessionHintCookieName(secure), { path: '/', secure, httpOnly: true, sameSite: 'Lax' });
}
