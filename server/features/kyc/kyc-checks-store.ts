/** SQL of kyc_checks: one row per verification session a player opened (migration 0009). */
import type { KycFlow } from '../../../src/contract/kyc.ts';
import type { IdentityState } from '../../../src/contract/player-standing.ts';
import type { Queryable } from '../../db/driver.ts';

export type CheckOutcome = 'pending' | 'verified' | 'rejected' | 'no_decision_max';

export interface IdentityCheckRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  flow: KycFlow;
  provider_reference: string;
  attempts: number;
  outcome: CheckOutcome | null;
}

/** Locks the player's row (one link or decision of a player at a time) and answers their state. */
export async function lockPlayerIdentity(tx: Queryable, userId: string): Promise<IdentityState | null> {
  const rows = await tx.query<{ identity_state: IdentityState }>(
    'SELECT identity_state FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  return rows[0]?.identity_state ?? null;
}

export async function countChecksSince(tx: Queryable, userId: string, sinceIso: string): Promise<number> {
  const rows = await tx.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM kyc_checks WHERE user_id = $1 AND created_at > $2',
    [userId, sinceIso],
  );
  return Number(rows[0]?.n ?? 0);
}

/** A check whose provider session is still being opened carries this reference until it is. */
export const reservedReference = (checkId: string): string => `reserved:${checkId}`;

export async function insertReservedCheck(
  tx: Queryable,
  checkId: string,
  userId: string,
  flow: KycFlow,
  nowIso: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO kyc_checks (id, user_id, flow, provider_reference, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $5)`,
    [checkId, userId, flow, reservedReference(checkId), nowIso],
  );
}

export async function setProviderReference(db: Queryable, checkId: string, reference: string): Promise<void> {
  await db.query('UPDATE kyc_checks SET provider_reference = $2 WHERE id = $1', [checkId, reference]);
}

/** Drops a reservation whose provider session could not be opened (it does not count toward the daily links). */
export async function deleteReservedCheck(db: Queryable, checkId: string): Promise<void> {
  await db.query('DELETE FROM kyc_checks WHERE id = $1 AND provider_reference = $2', [
    checkId,
    reservedReference(checkId),
  ]);
}

export async function lockPlayerCheck(
  tx: Queryable,
  userId: string,
  flow: KycFlow,
  reference: string,
): Promise<IdentityCheckRow | null> {
  const rows = await tx.query<IdentityCheckRow>(
    `SELECT id, user_id, flow, provider_reference, attempts, outcome FROM kyc_checks
      WHERE provider_reference = $1 AND user_id = $2 AND flow = $3 FOR UPDATE`,
    [reference, userId, flow],
  );
  return rows[0] ?? null;
}

export async function countAttempt(tx: Queryable, checkId: string, nowIso: string): Promise<void> {
  await tx.query('UPDATE kyc_checks SET attempts = attempts + 1, updated_at = $2 WHERE id = $1', [
    checkId,
    nowIso,
  ]);
}

/** Records the provider's decision; decided_at is set for the final ones (verified, rejected). */
export async function recordOutcome(
  tx: Queryable,
  checkId: string,
  outcome: CheckOutcome,
  nowIso: string,
): Promise<void> {
  await tx.query(
    `UPDATE kyc_checks
        SET outcome = $2, updated_at = $3,
            decided_at = CASE WHEN $2 IN ('verified', 'rejected') THEN $3::timestamptz ELSE decided_at END
      WHERE id = $1`,
    [checkId, outcome, nowIso],
  );
}

/** The player's latest verification still waiting for a pending decision. */
export async function latestPendingCheck(db: Queryable, userId: string): Promise<IdentityCheckRow | null> {
  const rows = await db.query<IdentityCheckRow>(
    `SELECT id, user_id, flow, provider_reference, attempts, outcome FROM kyc_checks
      WHERE user_id = $1 AND flow = 'verification' AND outcome = 'pending'
      ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

export async function lockCheckById(tx: Queryable, checkId: string): Promise<IdentityCheckRow | null> {
  const rows = await tx.query<IdentityCheckRow>(
    'SELECT id, user_id, flow, provider_reference, attempts, outcome FROM kyc_checks WHERE id = $1 FOR UPDATE',
    [checkId],
  );
  return rows[0] ?? null;
}

export interface IdentityStatusRow {
  [key: string]: unknown;
  identity_state: IdentityState;
  identity_verified_at: Date | string | null;
  pending_since: Date | string | null;
}

export async function readIdentityStatus(db: Queryable, userId: string): Promise<IdentityStatusRow | null> {
  const rows = await db.query<IdentityStatusRow>(
    `SELECT u.identity_state, u.identity_verified_at,
            (SELECT max(changed_at) FROM kyc_state_changes c
              WHERE c.user_id = u.id AND c.to_state = 'pending') AS pending_since
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  return rows[0] ?? null;
}

/**
 * The decision of the player's newest re-authentication opened after `sinceIso` that the
 * provider decided (verified or rejected), or null while none is. Read by an address change that
 * waits for re-authentication (payments, docs/account.md).
 */
export async function reauthenticationDecisionSince(
  db: Queryable,
  userId: string,
  sinceIso: string,
): Promise<'verified' | 'rejected' | null> {
  const rows = await db.query<{ outcome: 'verified' | 'rejected' }>(
    `SELECT outcome FROM kyc_checks
      WHERE user_id = $1 AND flow = 'reauthentication' AND created_at > $2
        AND outcome IN ('verified', 'rejected')
      ORDER BY decided_at DESC NULLS LAST, created_at DESC LIMIT 1`,
    [userId, sinceIso],
  );
  return rows[0]?.outcome ?? null;
}
