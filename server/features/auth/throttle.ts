/**
 * Attempt throttling kept in the database (table throttle_events), so any number of stateless
 * server instances share the counts. A rule allows `limit` events per subject in a sliding
 * window; beyond it the caller answers 429 with Retry-After. Counting and recording are two
 * statements, so a burst of parallel requests can overshoot by the number in flight; that is
 * accepted (the next request is refused).
 */
import type { Queryable } from '../../db/driver.ts';

export interface ThrottleRule {
  scope: string;
  limit: number;
  windowSeconds: number;
}

/** Failed sign-ins per email address (known or not, so answers reveal nothing). */
export const LOGIN_FAILURES_PER_EMAIL: ThrottleRule = {
  scope: 'login_email',
  limit: 5,
  windowSeconds: 15 * 60,
};
/** Failed sign-ins per client address. */
export const LOGIN_FAILURES_PER_IP: ThrottleRule = { scope: 'login_ip', limit: 20, windowSeconds: 15 * 60 };
/** Sign-in link requests per email address and per client address. */
export const RECOVERY_PER_EMAIL: ThrottleRule = { scope: 'recovery_email', limit: 3, windowSeconds: 60 * 60 };
export const RECOVERY_PER_IP: ThrottleRule = { scope: 'recovery_ip', limit: 10, windowSeconds: 60 * 60 };

const iso = (ms: number): string => new Date(ms).toISOString();

/** Seconds until the subject may try again, or null when it is under the limit. */
export async function retryAfterSeconds(
  db: Queryable,
  rule: ThrottleRule,
  subject: string,
  nowMs: number,
): Promise<number | null> {
  const windowStart = nowMs - rule.windowSeconds * 1000;
  // The limit-th most recent event: once it leaves the window, the count drops below the limit.
  const rows = await db.query<{ created_at: Date | string }>(
    `SELECT created_at FROM throttle_events
      WHERE scope = $1 AND subject = $2 AND created_at > $3
      ORDER BY created_at DESC OFFSET $4 LIMIT 1`,
    [rule.scope, subject, iso(windowStart), rule.limit - 1],
  );
  const row = rows[0];
  if (!row) return null;
  const leavesWindowAt = new Date(row.created_at).getTime() + rule.windowSeconds * 1000;
  return Math.max(1, Math.ceil((leavesWindowAt - nowMs) / 1000));
}

export async function recordEvent(
  db: Queryable,
  rule: ThrottleRule,
  subject: string,
  nowMs: number,
): Promise<void> {
  await db.query('INSERT INTO throttle_events (scope, subject, created_at) VALUES ($1, $2, $3)', [
    rule.scope,
    subject,
    iso(nowMs),
  ]);
  // Keep the table small: this subject's events older than the window no longer count.
  await db.query('DELETE FROM throttle_events WHERE scope = $1 AND subject = $2 AND created_at <= $3', [
    rule.scope,
    subject,
    iso(nowMs - rule.windowSeconds * 1000),
  ]);
}

export async function clearEvents(db: Queryable, rule: ThrottleRule, subject: string): Promise<void> {
  await db.query('DELETE FROM throttle_events WHERE scope = $1 AND subject = $2', [rule.scope, subject]);
}
