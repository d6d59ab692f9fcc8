/**
 * Re-authentication the server asks for (docs/kyc.md "Re-authentication"): a verified player
 * proves again, through the provider's `reauthentication` flow, that they are the person verified
 * before a redemption when
 *   - they changed their name since (users.reauthentication_due_at, set by the name change), or
 *   - the redemption is LARGE_REDEMPTION_REAUTH_USD or more and no re-authentication was verified
 *     in the last REAUTHENTICATION_FRESH_HOURS.
 * A verified re-authentication clears the due mark (kyc-service.ts applyDecision).
 */
import {
  LARGE_REDEMPTION_REAUTH_USD,
  REAUTHENTICATION_FRESH_HOURS,
  type ReauthenticationReason,
} from '../../../src/contract/kyc.ts';
import type { Queryable } from '../../db/driver.ts';

const HOUR_MS = 3_600_000;

/** Why this redemption must wait for a re-authentication, or null when it need not. */
export async function reauthenticationDemand(
  db: Queryable,
  userId: string,
  redemptionUsdCents: number,
  nowMs: number,
): Promise<ReauthenticationReason | null> {
  const rows = await db.query<{ due: boolean; fresh: boolean }>(
    `SELECT reauthentication_due_at IS NOT NULL AS due,
            EXISTS (SELECT 1 FROM kyc_checks k
                     WHERE k.user_id = users.id AND k.flow = 'reauthentication' AND k.outcome = 'verified'
                       AND k.decided_at > $2) AS fresh
       FROM users WHERE id = $1`,
    [userId, new Date(nowMs - REAUTHENTICATION_FRESH_HOURS * HOUR_MS).toISOString()],
  );
  const r = rows[0];
  if (!r) return null;
  if (r.due) return 'name_change';
  if (redemptionUsdCents >= LARGE_REDEMPTION_REAUTH_USD * 100 && !r.fresh) return 'large_redemption';
  return null;
}

/** A verified re-authentication settles what the server asked for. */
export async function clearReauthenticationDue(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET reauthentication_due_at = NULL WHERE id = $1', [userId]);
}
