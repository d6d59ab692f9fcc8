/**
 * Closing an account: the player's own choice, or the age requirement (a birth date given later
 * that is under the age of majority). The row stays (the ledger, tax and redemption records need
 * it); every session ends at once and sign-in answers 403 ACCOUNT_CLOSED naming the reason.
 */
import type { ClosedReason } from '../../../src/contract/account.ts';
import type { Queryable } from '../../db/driver.ts';
import { endUserSessions } from '../../core/sessions/auth-sessions.ts';

/** Closes the account (idempotent: the first reason stays) and ends all its sessions. */
export async function closeAccount(
  db: Queryable,
  userId: string,
  reason: ClosedReason,
  nowMs: number,
): Promise<void> {
  const at = new Date(nowMs).toISOString();
  await db.query(
    `UPDATE users SET account_state = 'closed', closed_at = $2, closed_reason = $3, updated_at = $2
      WHERE id = $1 AND account_state <> 'closed'`,
    [userId, at, reason],
  );
  await endUserSessions(db, userId, 'closed', nowMs);
  // Pending email changes die with the account.
  await db.query('UPDATE email_change_requests SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
    userId,
    at,
  ]);
}
