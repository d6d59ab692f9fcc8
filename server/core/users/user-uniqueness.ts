/**
 * The answers to a second account: an email already taken, a person who already has an account,
 * a household (one address) that already has its two. The first two are checked at sign-up and at
 * every change of email, name or birth date, and the unique indexes (users_email_lower_key,
 * users_person_key) catch the races the checks cannot see; the household is checked when an
 * address is saved (SERIALIZABLE, payments' address store).
 */
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { constraintName, sqlState } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { HOUSEHOLD_ACCOUNT_LIMIT } from './identity-keys.ts';

export const emailTaken = () =>
  new ApiError(
    409,
    ERROR_CODES.EMAIL_TAKEN,
    'An account with this email already exists. Sign in, or use password recovery if you forgot your password.',
    'email',
  );
export const duplicateAccount = () =>
  new ApiError(
    409,
    ERROR_CODES.DUPLICATE_ACCOUNT,
    'You already have an account with us. Only one account per person is allowed; please sign in to your existing account or contact support.',
    null,
  );

export const householdLimit = () =>
  new ApiError(
    409,
    ERROR_CODES.HOUSEHOLD_LIMIT,
    `Only ${HOUSEHOLD_ACCOUNT_LIMIT} accounts are allowed per household (one address), and this address already has ${HOUSEHOLD_ACCOUNT_LIMIT}. Please contact support if you believe this is a mistake.`,
    null,
    { limit: HOUSEHOLD_ACCOUNT_LIMIT },
  );

/** A unique index caught a race the checks could not see. */
export function mapUniqueViolation(error: unknown): unknown {
  if (sqlState(error) !== '23505') return error;
  const name = constraintName(error) ?? String((error as Error).message);
  if (name.includes('users_email_lower_key')) return emailTaken();
  if (name.includes('users_person_key')) return duplicateAccount();
  return error;
}
