/**
 * The AMOE calls (spec section 7): the robot-check challenge, a postal request code, the player's
 * postal requests (SWR) and redeeming a code. Paths and schemas come from the contract.
 */
import {
  AMOE_API_PATHS,
  AmoeCaptchaChallengeSchema,
  AmoePostalRequestCodeResponseSchema,
  AmoePostalRequestsResponseSchema,
  AmoeRedeemResponseSchema,
  type AmoeCaptchaChallenge,
  type AmoePostalRequestCodeResponse,
  type AmoeRedeemResponse,
} from '../../contract/amoe.ts';
import { api } from '../../lib/api-client.ts';
import { useApiGet } from '../../lib/swr.tsx';

export const fetchCaptchaChallenge = (): Promise<AmoeCaptchaChallenge> =>
  api.get(AMOE_API_PATHS.captchaChallenge, AmoeCaptchaChallengeSchema, { handleErrors: false });

export const requestPostalRequestCode = (
  recaptchaToken: string,
  siteKey: string,
): Promise<AmoePostalRequestCodeResponse> =>
  api.post(
    AMOE_API_PATHS.postalRequestCode,
    { recaptcha_token: recaptchaToken, site_key: siteKey },
    AmoePostalRequestCodeResponseSchema,
    { handleErrors: false },
  );

export const redeemAmoeCode = (code: string, idempotencyKey: string): Promise<AmoeRedeemResponse> =>
  api.post(AMOE_API_PATHS.redeem, { code }, AmoeRedeemResponseSchema, {
    handleErrors: false,
    idempotencyKey,
  });

/** The player's latest postal request codes and whether a code was issued for each. */
export function usePostalRequests() {
  return useApiGet(AMOE_API_PATHS.postalRequests, AmoePostalRequestsResponseSchema, { handleErrors: false });
}
