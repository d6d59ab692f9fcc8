/**
 * The billing address on the player's row (the columns the payments feature writes), with the
 * household it puts the player in: an address is a household, which holds at most two accounts
 * (spec section 1; docs/account.md "One account per person, two per household"). The key is the
 * database's household_key_of (migration 0033), so what is stored and what is compared agree.
 */
import type { Queryable } from '../../db/driver.ts';
import { HOUSEHOLD_ACCOUNT_LIMIT } from '../../core/users/identity-keys.ts';
import { householdLimit } from '../../core/users/user-uniqueness.ts';
import type { CheckedAddress } from './address.ts';

/**
 * Throws 409 HOUSEHOLD_LIMIT when the address already houses HOUSEHOLD_ACCOUNT_LIMIT other
 * accounts (closed ones do not count). Run it in the SERIALIZABLE transaction that saves the
 * address, so two players saving one address at once cannot both take the last place.
 */
export async function checkHousehold(db: Queryable, userId: string, a: CheckedAddress): Promise<void> {
  const rows = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM users
      WHERE household_key = household_key_of($2, $3, $4) AND id <> $1 AND account_state <> 'closed'`,
    [userId, a.address_line_1, a.address_line_2, a.postal_code],
  );
  if (Number(rows[0]?.n ?? 0) >= HOUSEHOLD_ACCOUNT_LIMIT) throw householdLimit();
}

export async function saveBillingAddress(
  db: Queryable,
  userId: string,
  a: CheckedAddress,
  nowMs: number,
): Promise<void> {
  await checkHousehold(db, userId, a);
  await db.query(
    `UPDATE users SET address_line_1 = $2, address_line_2 = $3, city = $4, state_or_province = $5, postal_code = $6,
            household_key = household_key_of($2, $3, $6), updated_at = $7
      WHERE id = $1`,
    [
      userId,
      a.address_line_1,
      a.address_line_2,
      a.city,
      a.state_or_province,
      a.postal_code,
      new Date(nowMs).toISOString(),
    ],
  );
}
