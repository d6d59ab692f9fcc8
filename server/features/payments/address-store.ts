/** The billing address on the player's row (the columns the payments feature writes). */
import type { Queryable } from '../../db/driver.ts';
import type { CheckedAddress } from './address.ts';

export async function saveBillingAddress(
  db: Queryable,
  userId: string,
  a: CheckedAddress,
  nowMs: number,
): Promise<void> {
  await db.query(
    `UPDATE users SET address_line_1 = $2, address_line_2 = $3, city = $4, state_or_province = $5, postal_code = $6, updated_at = $7
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
