/**
 * Identity verification routes (docs/kyc.md), all for the signed-in player:
 *   GET /kyc/links/:flow                         -> { href, max_retries, retry_pause_seconds }
 *   GET /kyc/result?flow=&auth_response=         -> { flow, outcome, identity_state } or KYC_NO_DECISION(_MAX)
 *   GET /kyc/status                              -> { identity_state, verified_at, pending_since }
 * All three are reads in the spec (GET), so none takes an Idempotency-Key. The player's identity
 * submission goes to the provider's frame; what it sends here is the result call, whose
 * auth_response is its own key: a repeated result (a lost answer retried, a reload) answers the
 * decision already recorded and makes one transition (docs/flaky-networks.md). A repeated link
 * opens another session (counted in the daily limit).
 */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { AUTH_RESPONSE_PATTERN, KYC_API_PATHS, KYC_FLOWS, type KycFlow } from '../../../src/contract/kyc.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { checkText } from '../../http/validate.ts';
import { openVerificationLink, readVerificationStatus, settleVerificationResult } from './kyc-service.ts';

const invalid = (field: string, message: string) =>
  new ApiError(400, ERROR_CODES.VALIDATION_ERROR, message, field);

function flowOf(value: string | undefined): KycFlow {
  const flow = checkText(value ?? '', 'flow');
  if (!(KYC_FLOWS as readonly string[]).includes(flow))
    throw invalid('flow', `flow must be one of ${KYC_FLOWS.join(', ')}.`);
  return flow as KycFlow;
}

export function kycRoutes(deps: AppDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const auth = requireAuth(deps);

  routes.get(KYC_API_PATHS.linkPattern, auth, async (c) => {
    const flow = flowOf(c.req.param('flow'));
    c.header('Cache-Control', 'no-store');
    return c.json(await openVerificationLink(deps, c.get('userId'), flow));
  });

  routes.get(KYC_API_PATHS.resultPattern, auth, async (c) => {
    const flow = flowOf(c.req.query('flow'));
    const authResponse = checkText(c.req.query('auth_response') ?? '', 'auth_response');
    if (!AUTH_RESPONSE_PATTERN.test(authResponse))
      throw invalid('auth_response', 'auth_response must be the token the verification frame handed over.');
    c.header('Cache-Control', 'no-store');
    return c.json(await settleVerificationResult(deps, c.get('userId'), flow, authResponse));
  });

  routes.get(KYC_API_PATHS.status, auth, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await readVerificationStatus(deps, c.get('userId')));
  });

  return routes;
}
