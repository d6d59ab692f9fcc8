/**
 * Mobile verification routes: send code, verify code. Both answer an account pending mobile
 * verification (every other route refuses it, server/http/auth.ts) and refuse everyone else with
 * 409 MOBILE_NOT_PENDING. Codes go out through the SMS provider of the server's dependencies
 * (`AppDeps.providers.sms`).
 */
import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import {
  MOBILE_VERIFICATION_API_PATHS,
  MOBILE_VERIFICATION_ERROR_CODES,
  MOBILE_VERIFICATION_TEXTS,
  SendMobileCodeRequestSchema,
  usMobileDigits,
  VerifyMobileCodeRequestSchema,
  MOBILE_CODE_LENGTH,
  type VerifyMobileCodeResponse,
} from '../../../src/contract/mobile-verification.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { check, readJson } from '../../http/validate.ts';
import { sendCode, verifyCode, type MobileVerificationDeps } from './mobile-verification.ts';

const invalidPhone = () =>
  new ApiError(
    400,
    MOBILE_VERIFICATION_ERROR_CODES.MOBILE_INVALID_PHONE,
    MOBILE_VERIFICATION_TEXTS.phoneInvalid,
    'phone',
  );

const phoneOf = (raw: string): string => {
  const digits = usMobileDigits(raw);
  if (!digits) throw invalidPhone();
  return digits;
};

const CODE_PATTERN = new RegExp(`^\\d{${MOBILE_CODE_LENGTH}}$`);

export function mobileVerificationRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps, { allowPendingMobileVerification: true });
  // Its own key, derived from the token secret: the token secret itself never hashes codes.
  const codeSecret = createHmac('sha256', deps.secrets.jwtSecret)
    .update('mobile-verification-codes')
    .digest('hex');
  const svc = (): MobileVerificationDeps => ({
    db: deps.db,
    config: deps.config,
    codeSecret,
    sms: deps.providers.sms,
    logger: deps.logger,
    now: deps.now,
  });

  app.post(MOBILE_VERIFICATION_API_PATHS.sendCode, auth, async (c) => {
    const body = check(await readJson(c), SendMobileCodeRequestSchema);
    const phone = phoneOf(body.phone);
    return c.json(await sendCode(svc(), c.get('userId'), phone, body.resend === true));
  });

  app.post(MOBILE_VERIFICATION_API_PATHS.verifyCode, auth, async (c) => {
    const body = check(await readJson(c), VerifyMobileCodeRequestSchema);
    const phone = phoneOf(body.phone);
    const code = body.code.trim();
    if (!CODE_PATTERN.test(code))
      throw new ApiError(
        400,
        MOBILE_VERIFICATION_ERROR_CODES.MOBILE_WRONG_CODE,
        MOBILE_VERIFICATION_TEXTS.codeInvalid,
        'code',
      );
    const verified = await verifyCode(svc(), c.get('userId'), phone, code);
    const answer: VerifyMobileCodeResponse = { verified: true, phone: verified.phone };
    return c.json(answer);
  });

  return app;
}
