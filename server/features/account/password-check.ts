/**
 * The current password asked by account changes (new password, new email). Throttled like
 * sign-in: every attempt is counted before the hash is checked (per account, and per account and
 * client address), so a stolen session cannot guess the password to take the account over; a
 * right password forgives the account's misses from that address.
 */
import type { Context } from 'hono';
import { ACCOUNT_ERROR_CODES, ACCOUNT_TEXTS } from '../../../src/contract/account.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { clientIp, throttleKeyOf, UNKNOWN_CLIENT } from '../../http/client-ip.ts';
import {
  enforceAttempts,
  refundAttempt,
  resetAttempts,
  type ThrottleCheck,
  type ThrottleRule,
} from '../../core/throttle.ts';
import type { UserRow } from '../../core/users/users-repo.ts';

const FIFTEEN_MINUTES = 15 * 60;
/** Current-password checks per account and client address (the sign-in rule's numbers). */
export const PASSWORD_CHECK_PER_ACCOUNT_AND_CLIENT: ThrottleRule = {
  scope: 'account_password_ip',
  limit: 5,
  windowSeconds: FIFTEEN_MINUTES,
};
/** Current-password checks per account from every address together. */
export const PASSWORD_CHECK_PER_ACCOUNT: ThrottleRule = {
  scope: 'account_password',
  limit: 20,
  windowSeconds: FIFTEEN_MINUTES,
};

function checksOf(userId: string, ip: string): ThrottleCheck[] {
  if (ip === UNKNOWN_CLIENT) return [[PASSWORD_CHECK_PER_ACCOUNT, userId]];
  return [
    [PASSWORD_CHECK_PER_ACCOUNT_AND_CLIENT, `${userId} ${ip}`],
    [PASSWORD_CHECK_PER_ACCOUNT, userId],
  ];
}

/** Throws 429 TOO_MANY_ATTEMPTS past the limit, 400 WRONG_PASSWORD on a wrong password (not 401: the app reads a 401 as a session that ended). */
export async function assertCurrentPassword(
  deps: AppDeps,
  c: Context,
  user: UserRow,
  password: string,
): Promise<void> {
  const checks = checksOf(user.id, throttleKeyOf(clientIp(c, deps.config.trustProxy)));
  await enforceAttempts(deps.db, checks, deps.now());
  const result = await deps.hasher.verify(password, user.password_hash);
  if (!result.ok)
    throw new ApiError(
      400,
      ACCOUNT_ERROR_CODES.WRONG_PASSWORD,
      ACCOUNT_TEXTS.wrongPassword,
      'current_password',
    );
  for (const [rule, subject] of checks) {
    if (rule === PASSWORD_CHECK_PER_ACCOUNT_AND_CLIENT) await resetAttempts(deps.db, rule, subject);
    else await refundAttempt(deps.db, rule, subject);
  }
}
