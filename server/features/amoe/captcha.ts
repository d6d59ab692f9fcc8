/**
 * The robot check in front of the postal request code: the shared check of server/core/robot-check.ts
 * (the player is the subject), whose refusal AMOE answers as AMOE_CAPTCHA_FAILED on recaptcha_token.
 */
import {
  AMOE_ERROR_CODES,
  AMOE_TEXTS,
  type AmoeCaptchaChallenge,
  type AmoeCaptchaProblem,
} from '../../../src/contract/amoe.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import type { RobotCheck } from '../../core/robot-check.ts';

export {
  CAPTCHA_TTL_MS,
  leadingZeroBits,
  SANDBOX_SITE_KEY,
  solveChallenge,
  workDigest,
} from '../../core/robot-check.ts';

export interface CaptchaProvider {
  readonly name: string;
  readonly siteKey: string;
  /** A challenge for this player. */
  challenge(userId: string, nowMs: number): AmoeCaptchaChallenge;
  /** Throws AMOE_CAPTCHA_FAILED unless the token proves a fresh, unused check by this player. */
  verify(
    db: Queryable,
    input: { token: string; siteKey: string; userId: string; nowMs: number },
  ): Promise<void>;
}

export const captchaFailed = (reason: AmoeCaptchaProblem): ApiError =>
  new ApiError(400, AMOE_ERROR_CODES.AMOE_CAPTCHA_FAILED, AMOE_TEXTS.captchaFailed, 'recaptcha_token', {
    reason,
  });

export function amoeCaptcha(check: RobotCheck): CaptchaProvider {
  return {
    name: check.name,
    siteKey: check.siteKey,
    challenge: (userId, nowMs) => check.challenge(userId, nowMs),
    async verify(db, { token, siteKey, userId, nowMs }) {
      const problem = await check.verify(db, { token, siteKey, subject: userId, nowMs });
      if (problem) throw captchaFailed(problem);
    },
  };
}
