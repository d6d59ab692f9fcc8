/**
 * The mobile_verification_enabled named property, read where it decides something on the server:
 * account creation (a new account starts pending while it is on). The per-request rule for
 * pending accounts reads it inside the session statement instead (server/http/auth.ts).
 */
import { isTrue, PROPERTY_DEFAULTS, PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import type { Queryable } from '../../db/driver.ts';

export async function isMobileVerificationEnabled(db: Queryable): Promise<boolean> {
  const rows = await db.query<{ value: string }>('SELECT value FROM named_properties WHERE key = $1', [
    PROPERTY_NAMES.mobileVerificationEnabled,
  ]);
  return isTrue(rows[0]?.value ?? PROPERTY_DEFAULTS[PROPERTY_NAMES.mobileVerificationEnabled]);
}

/** account_state of an account created now. */
export async function initialAccountState(db: Queryable): Promise<'active' | 'pending_mobile_verification'> {
  return (await isMobileVerificationEnabled(db)) ? 'pending_mobile_verification' : 'active';
}
