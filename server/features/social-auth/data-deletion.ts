/**
 * Data deletion callbacks (docs/social-sign-in.md): a provider tells us a person asked it to have
 * their data deleted. The request is a token signed with the provider's published key (iss, aud =
 * our client id, sub, event data_deletion, jti, iat, exp), sent as form field signed_request (or
 * JSON). We unlink the identity, delete what we kept from the provider (the link, its picture,
 * open sign-up tickets) and record the request under a confirmation code; the answer is the
 * status page's URL (dd/{code} when data was deleted, nd/{code} when we held none) and the code.
 * A resent request (same jti) answers the first one's code.
 */
import { Hono, type Context } from 'hono';
import { ROUTES } from '../../../src/contract/routes.ts';
import {
  isSocialProvider,
  SOCIAL_AUTH_ERROR_CODES,
  SOCIAL_AUTH_PATHS,
  type DataDeletionState,
  type DataDeletionStatus,
} from '../../../src/contract/social-auth.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { deletionRequestByCode, recordDeletionRequest, type DeletionRequestRow } from './deletion-store.ts';
import { TokenRejected, verifySignedToken } from './id-token.ts';
import type { SocialProviders } from './social-providers.ts';

/** A deletion request is accepted this long after it was signed. */
const DELETION_MAX_AGE_SECONDS = 10 * 60;
const CODE = /^[A-Z0-9]{12}$/;
const MAX_BODY_CHARS = 10_000;

const invalidRequest = (message: string, extra: Record<string, unknown> | null = null) =>
  new ApiError(400, SOCIAL_AUTH_ERROR_CODES.SOCIAL_DELETION_INVALID, message, 'signed_request', extra);

/** signed_request from a form body or a JSON body. */
async function signedRequestOf(c: Context): Promise<string> {
  const raw = await c.req.text();
  if (raw.length === 0 || raw.length > MAX_BODY_CHARS) throw invalidRequest('signed_request is required.');
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  let value: unknown;
  if (type.includes('json')) {
    try {
      value = (JSON.parse(raw) as { signed_request?: unknown } | null)?.signed_request;
    } catch {
      value = undefined;
    }
  } else value = new URLSearchParams(raw).get('signed_request');
  if (typeof value !== 'string' || value.length === 0) throw invalidRequest('signed_request is required.');
  return value;
}

const statusPath = (state: DataDeletionState, code: string): string =>
  (state === 'deleted' ? ROUTES.dataDeletionDone : ROUTES.dataDeletionNotDone).replace(':code', code);

const toStatus = (row: DeletionRequestRow): DataDeletionStatus => ({
  confirmation_code: row.confirmation_code,
  provider: row.provider,
  status: row.status,
  requested_at: new Date(row.requested_at).toISOString(),
  completed_at: new Date(row.completed_at).toISOString(),
});

export function dataDeletionRoutes(deps: AppDeps, providers: SocialProviders): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post(SOCIAL_AUTH_PATHS.deletionCallback, async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider))
      throw new ApiError(
        404,
        SOCIAL_AUTH_ERROR_CODES.SOCIAL_DELETION_INVALID,
        'Unknown provider.',
        'provider',
      );
    const signed = await signedRequestOf(c);
    let claims: Record<string, unknown>;
    try {
      claims = await verifySignedToken(signed, providers.keys, {
        issuer: providers.issuer(provider),
        audience: deps.config.socialClientId,
        nowMs: deps.now(),
        maxAgeSeconds: DELETION_MAX_AGE_SECONDS,
      });
    } catch (error) {
      if (error instanceof TokenRejected)
        throw invalidRequest('The deletion request is not validly signed by the provider.', {
          problem: error.problem,
        });
      throw error;
    }
    const { sub, jti, event } = claims;
    if (
      event !== 'data_deletion' ||
      typeof sub !== 'string' ||
      typeof jti !== 'string' ||
      !sub ||
      !jti ||
      jti.length > 128
    )
      throw invalidRequest('The deletion request lacks its subject, id or event.');
    const row = await recordDeletionRequest(deps.db, {
      provider,
      subject: sub,
      requestId: jti,
      nowMs: deps.now(),
    });
    deps.logger.info('social data deletion request', { provider, status: row.status });
    return c.json({
      url: `${deps.config.publicOrigin}${statusPath(row.status, row.confirmation_code)}`,
      confirmation_code: row.confirmation_code,
    });
  });

  app.get(SOCIAL_AUTH_PATHS.deletionStatus, async (c) => {
    const code = c.req.param('code').toUpperCase();
    const row = CODE.test(code) ? await deletionRequestByCode(deps.db, code) : null;
    if (!row)
      throw new ApiError(
        404,
        SOCIAL_AUTH_ERROR_CODES.SOCIAL_DELETION_NOT_FOUND,
        'No data deletion request has this confirmation code. Check the code, or contact support.',
        'code',
      );
    return c.json(toStatus(row));
  });

  return app;
}
