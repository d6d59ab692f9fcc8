/**
 * The player's own edits to their row through patch me: a new name (which recomputes the person
 * key, so it must not make the account a second account of someone else; the household is the
 * address and does not change with a name) and the app's key-value data, capped in size by the UPDATE itself.
 */
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import type { Database, Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import { personKey } from '../../core/users/identity-keys.ts';
import { duplicateAccount } from '../../core/users/user-uniqueness.ts';
import type { UserRow } from '../../core/users/users-repo.ts';

/** Renames the player (undefined keeps a name); a unique-key race is the caller's to map. */
export async function changeName(
  db: Database,
  id: string,
  name: { first: string | undefined; last: string | undefined },
  nowMs: number,
): Promise<void> {
  const { first, last } = name;
  await transaction(db, async (tx) => {
    const rows = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [id]);
    const me = rows[0];
    if (!me) throw new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, 'Please sign in to continue.');
    const next = { ...me, first_name: first ?? me.first_name, last_name: last ?? me.last_name };
    const person = personKey({
      ...next,
      birth_year: Number(me.birth_year),
      birth_month: Number(me.birth_month),
      birth_day: Number(me.birth_day),
    });
    // A new name must not turn this account into a second account of someone else.
    const same = await tx.query('SELECT 1 FROM users WHERE person_key = $1 AND id <> $2', [person, id]);
    if (same.length > 0) throw duplicateAccount();
    await tx.query(
      // A verified player who changes name re-authenticates before the next redemption (docs/kyc.md).
      `UPDATE users SET first_name = $2, last_name = $3, person_key = $4, updated_at = $5,
              reauthentication_due_at = CASE
                WHEN identity_state = 'verified' AND (first_name <> $2 OR last_name <> $3) THEN $5::timestamptz
                ELSE reauthentication_due_at END
        WHERE id = $1`,
      [id, next.first_name, next.last_name, person, new Date(nowMs).toISOString()],
    );
  });
}

/**
 * Sets `key` of the player's data to `value` unless the data would then exceed `maxBytes`;
 * answers whether it was set.
 */
export async function setUserData(
  db: Queryable,
  id: string,
  entry: { key: string; value: unknown },
  nowMs: number,
  maxBytes: number,
): Promise<boolean> {
  const rows = await db.query<{ size: number | string }>(
    `UPDATE users SET user_data = user_data || jsonb_build_object($2::text, $3::text::jsonb), updated_at = $4
      WHERE id = $1 AND octet_length((user_data || jsonb_build_object($2::text, $3::text::jsonb))::text) <= $5
      RETURNING 1 AS size`,
    [id, entry.key, JSON.stringify(entry.value), new Date(nowMs).toISOString(), maxBytes],
  );
  return rows.length > 0;
}
