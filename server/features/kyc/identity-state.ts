/**
 * The one writer of a player's identity-verification state (users.identity_state), shared by the
 * KYC feature, the purchase threshold, redemptions and the operator console. It keeps
 * users.identity_verified_at in step (purchases read that column): set when the player becomes
 * verified, cleared when they leave verified (an operator revoking a verification).
 *
 * Call inside the caller's transaction; the row lock makes concurrent changes of one player
 * serialize, so `before` is always the state this change replaced.
 */
import type { IdentityState } from '../../../src/contract/player-standing.ts';
import type { Queryable } from '../../db/driver.ts';

export interface IdentityStateChange {
  before: IdentityState;
  after: IdentityState;
}

async function lockIdentityState(tx: Queryable, userId: string): Promise<IdentityState> {
  const rows = await tx.query<{ identity_state: IdentityState }>(
    'SELECT identity_state FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  const row = rows[0];
  if (!row) throw new Error(`identity state: no user ${userId}`);
  return row.identity_state;
}

/**
 * Moves the player to `state` (a no-op when already there) and records the change with its
 * reason in kyc_state_changes. Answers the state before and after.
 */
export async function setIdentityState(
  tx: Queryable,
  userId: string,
  state: IdentityState,
  reason: string | null,
  nowMs: number,
): Promise<IdentityStateChange> {
  const before = await lockIdentityState(tx, userId);
  if (before === state) return { before, after: state };
  const now = new Date(nowMs).toISOString();
  await tx.query(
    `UPDATE users
        SET identity_state = $2,
            identity_verified_at = CASE WHEN $2 = 'verified' THEN COALESCE(identity_verified_at, $3::timestamptz) ELSE NULL END
      WHERE id = $1`,
    [userId, state, now],
  );
  await tx.query(
    `INSERT INTO kyc_state_changes (user_id, from_state, to_state, reason, changed_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [userId, before, state, reason, now],
  );
  return { before, after: state };
}

/**
 * Asks a player who was never asked to verify (none → required). A player already required,
 * pending, rejected or verified keeps their state. Answers the state after.
 */
export async function requireIdentityVerification(
  tx: Queryable,
  userId: string,
  nowMs: number,
): Promise<IdentityState> {
  const current = await lockIdentityState(tx, userId);
  if (current !== 'none') return current;
  const { after } = await setIdentityState(tx, userId, 'required', 'verification required', nowMs);
  return after;
}
