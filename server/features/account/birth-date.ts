/**
 * The birth date an account created without one still owes (users.birth_date_needed; the wire
 * User's updatedBirthDate is false until it is given). Spec section 5: day, month and year each
 * required and a real date ('Please enter a valid date of birth.'), and at least 18 or the age of
 * majority of the player's state. A date under that age closes the account for the age
 * requirement (403 ACCOUNT_CLOSED, extra.closed_reason 'age_requirement'). A date on file is not
 * changed by the player (409 BIRTH_DATE_ALREADY_SET): age is what the sweepstakes rules rest on.
 */
import { ACCOUNT_ERROR_CODES, ACCOUNT_TEXTS } from '../../../src/contract/account.ts';
import {
  ageOfMajority,
  ageOn,
  isValidBirthDate,
  usCalendarToday,
} from '../../../src/contract/eligibility.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { accountClosed } from '../../http/auth.ts';
import { duplicateAccount, mapUniqueViolation } from '../../core/users/user-uniqueness.ts';
import { personKey } from '../../core/users/identity-keys.ts';
import type { UserRow } from '../../core/users/users-repo.ts';
import { closeAccount } from './close-account.ts';

const MAX_AGE = 120;

export interface BirthDateInput {
  birth_year?: number | undefined;
  birth_month?: number | undefined;
  birth_day?: number | undefined;
}

const invalidDate = () =>
  new ApiError(400, ERROR_CODES.INVALID_BIRTH_DATE, 'Please enter a valid date of birth.', 'birth_date');

/** True when the patch carries any birth field (then all three are required). */
export const hasBirthDate = (b: BirthDateInput): boolean =>
  b.birth_year !== undefined || b.birth_month !== undefined || b.birth_day !== undefined;

/** Saves the owed birth date, or closes the account when it is under age (then throws 403). */
export async function saveBirthDate(deps: AppDeps, userId: string, input: BirthDateInput): Promise<void> {
  const { birth_year: year, birth_month: month, birth_day: day } = input;
  if (year === undefined || month === undefined || day === undefined) throw invalidDate();
  if (!isValidBirthDate(year, month, day)) throw invalidDate();
  const nowMs = deps.now();
  const age = ageOn({ year, month, day }, usCalendarToday(new Date(nowMs)));
  if (age < 0 || age > MAX_AGE) throw invalidDate();
  let underAge = false;
  try {
    await transaction(deps.db, async (tx) => {
      const rows = await tx.query<UserRow>('SELECT * FROM users WHERE id = $1 FOR UPDATE', [userId]);
      const me = rows[0];
      if (!me) throw new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, 'Please sign in to continue.');
      if (!me.birth_date_needed) {
        throw new ApiError(
          409,
          ACCOUNT_ERROR_CODES.BIRTH_DATE_ALREADY_SET,
          ACCOUNT_TEXTS.birthDateAlreadySet,
          'birth_date',
        );
      }
      if (age < ageOfMajority(me.state_or_province)) {
        underAge = true;
        await closeAccount(tx, userId, 'age_requirement', nowMs);
        return;
      }
      const person = personKey({ ...me, birth_year: year, birth_month: month, birth_day: day });
      const same = await tx.query('SELECT 1 FROM users WHERE person_key = $1 AND id <> $2', [person, userId]);
      if (same.length > 0) throw duplicateAccount();
      await tx.query(
        `UPDATE users SET birth_year = $2, birth_month = $3, birth_day = $4, person_key = $5,
                birth_date_needed = false, updated_at = $6
          WHERE id = $1`,
        [userId, year, month, day, person, new Date(nowMs).toISOString()],
      );
    });
  } catch (error) {
    throw mapUniqueViolation(error);
  }
  if (underAge) throw accountClosed('age_requirement');
}
