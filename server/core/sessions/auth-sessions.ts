/**
 * Sign-in sessions (table auth_sessions): one per sign-in, shared by the refresh-token family
 * (its id is the family id) and named in every access token (claim sid). Ending a session stops
 * its access tokens at their next request and its refresh tokens at once.
 */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/driver.ts';

export type SessionEndReason = 'logout' | 'inactivity' | 'reuse' | 'closed' | 'revoked';

const iso = (ms: number): string => new Date(ms).toISOString();

export async function createAuthSession(db: Queryable, userId: string, nowMs: number): Promise<string> {
  const id = randomUUID();
  await db.query(
    'INSERT INTO auth_sessions (id, user_id, created_at, last_active_at) VALUES ($1, $2, $3, $3)',
    [id, userId, iso(nowMs)],
  );
  return id;
}

/** Ends the session and revokes its refresh tokens; an ended session stays ended with its first reason. */
export async function endAuthSession(
  db: Queryable,
  sessionId: string,
  reason: SessionEndReason,
  nowMs: number,
): Promise<void> {
  await db.query(
    'UPDATE auth_sessions SET ended_at = $2, end_reason = $3 WHERE id = $1 AND ended_at IS NULL',
    [sessionId, iso(nowMs), reason],
  );
  await db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE family_id = $1 AND revoked_at IS NULL', [
    sessionId,
    iso(nowMs),
  ]);
}

/** Ends every session of a player (account closed, password taken away). */
export async function endUserSessions(
  db: Queryable,
  userId: string,
  reason: SessionEndReason,
  nowMs: number,
): Promise<void> {
  await db.query(
    'UPDATE auth_sessions SET ended_at = $2, end_reason = $3 WHERE user_id = $1 AND ended_at IS NULL',
    [userId, iso(nowMs), reason],
  );
  await db.query('UPDATE refresh_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
    iso(nowMs),
  ]);
}
