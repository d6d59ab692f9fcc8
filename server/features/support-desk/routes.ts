/** The support-desk sign-in call: a JWT for the help center and the URL to send the browser to. */
import { Hono } from 'hono';
import {
  SUPPORT_DESK_PATHS,
  SUPPORT_SITE_PATHS,
  type SupportDeskJwtAnswer,
} from '../../../src/contract/support-desk.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { findUserContact } from '../../core/users/users-repo.ts';
import { issueSupportDeskJwt } from './support-desk-jwt.ts';

export function supportDeskRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { siteOrigin, jwtSecret: secret } = deps.providers.supportDesk;

  app.post(SUPPORT_DESK_PATHS.jwt, requireAuth(deps), async (c) => {
    const userId = c.get('userId');
    const player = await findUserContact(deps.db, userId);
    if (!player) throw new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, 'Please sign in again.');
    const { token, claims } = await issueSupportDeskJwt(secret, player, deps.now());
    deps.logger.info('support desk sign-in issued', { user_id: userId, jti: claims.jti });
    const q = new URLSearchParams({ jwt: token, return_to: SUPPORT_SITE_PATHS.helpCenter });
    const answer: SupportDeskJwtAnswer = {
      zendesk_jwt: token,
      access_url: `${siteOrigin}${SUPPORT_SITE_PATHS.jwtAccess}?${q.toString()}`,
    };
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  });

  return app;
}
