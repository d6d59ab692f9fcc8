/**
 * The player's promotions call: GET /promotions/carousel, the carousel slides the login answer
 * would carry now (the lobby revalidates the ones stored at sign-in with it).
 */
import { Hono } from 'hono';
import { PROMO_API_PATHS } from '../../../src/contract/promotions.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { stateOfUser } from '../../core/users/users-repo.ts';
import { liveSlides, promoViewerOf } from './login-promos.ts';

export function promoRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(PROMO_API_PATHS.carousel, requireAuth(deps), async (c) => {
    const state = await stateOfUser(deps.db, c.get('userId'));
    const viewer = promoViewerOf(deps.config, { state_or_province: state ?? '' });
    return c.json({ results: await liveSlides(deps.db, deps.now(), viewer) });
  });
  return app;
}
