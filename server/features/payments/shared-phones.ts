/**
 * Pay-by-bank phone numbers found on more than one account. Phones are not verified: the first
 * player to type a number would otherwise decide who may use it, and the real owner would be
 * locked out of their own purchases. So a shared number locks nobody; each pair (player, other
 * account, number) is kept in payment_phone_reviews for an operator to review
 * (docs/operations.md, "Shared pay-by-bank phones"), and a warning is logged.
 */
import type { Queryable } from '../../db/driver.ts';
import type { AppDeps } from '../../core/deps.ts';

/** Records every other account already holding `phone`; answers how many there are. */
export async function recordSharedPhone(
  tx: Queryable,
  deps: AppDeps,
  userId: string,
  phone: string,
): Promise<number> {
  const others = await tx.query<{ id: string }>('SELECT id FROM users WHERE phone = $1 AND id <> $2', [
    phone,
    userId,
  ]);
  if (others.length === 0) return 0;
  const now = new Date(deps.now()).toISOString();
  for (const other of others) {
    await tx.query(
      `INSERT INTO payment_phone_reviews (user_id, other_user_id, phone, first_seen_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $4)
       ON CONFLICT (user_id, other_user_id, phone)
       DO UPDATE SET attempts = payment_phone_reviews.attempts + 1, last_seen_at = $4`,
      [userId, other.id, phone, now],
    );
  }
  deps.logger.warn('pay-by-bank phone also on another account: recorded for review', {
    user_id: userId,
    other_user_ids: others.map((o) => o.id),
    phone_last4: phone.slice(-4),
  });
  return others.length;
}
