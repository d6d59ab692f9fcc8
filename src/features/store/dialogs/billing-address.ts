import type { User } from '../../../contract/schemas.ts';

/** A billing address on file: line 1, city, state and ZIP (line 2 is optional). Pay-now, redeem and AMOE need one. */
export function hasBillingAddress(
  user: Pick<User, 'address_line_1' | 'city' | 'state_or_province' | 'postal_code'> | null,
): boolean {
  return Boolean(
    user?.address_line_1?.trim() &&
    user.city?.trim() &&
    user.state_or_province?.trim() &&
    user.postal_code?.trim(),
  );
}
