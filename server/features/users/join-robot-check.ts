/**
 * The robot check at sign-up (docs/account.md "The robot check at sign-up"): the join payload
 * carries the solved token as `g_token` and the site key that issued it as `g_id`. The checks that
 * need no database run before the sign-up limit and the password hash, so a robot without a
 * solved check costs neither; the token is spent in the transaction that creates the account, so
 * a refused sign-up (a taken email, a field to fix) leaves it usable until it expires.
 */
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { ROBOT_CHECK_TEXTS, type RobotCheckProblem } from '../../../src/contract/robot-check.ts';
import type { CreateUserRequest } from '../../../src/contract/schemas.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { JOIN_SUBJECT, type InspectedToken, type RobotCheck } from '../../core/robot-check.ts';

export const robotCheckRefused = (reason: RobotCheckProblem): ApiError =>
  new ApiError(
    400,
    ERROR_CODES.ROBOT_CHECK_FAILED,
    reason === 'missing' ? ROBOT_CHECK_TEXTS.missing : ROBOT_CHECK_TEXTS.failed,
    'g_token',
    { reason },
  );

/** The join's token, checked without the database; throws 400 ROBOT_CHECK_FAILED on g_token. */
export function inspectJoinToken(
  check: RobotCheck,
  body: Pick<CreateUserRequest, 'g_token' | 'g_id'>,
  nowMs: number,
): InspectedToken {
  const token = body.g_token?.trim();
  if (!token) throw robotCheckRefused('missing');
  const inspected = check.inspect({ token, siteKey: body.g_id?.trim() ?? '', subject: JOIN_SUBJECT, nowMs });
  if ('problem' in inspected) throw robotCheckRefused(inspected.problem);
  return inspected.token;
}

/** Spends the token inside the account's transaction; a token used before refuses the sign-up. */
export const spendJoinToken =
  (check: RobotCheck, token: InspectedToken, nowMs: number) =>
  async (tx: Queryable): Promise<void> => {
    if (await check.spend(tx, token, nowMs)) throw robotCheckRefused('used');
  };
