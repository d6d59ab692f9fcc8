/**
 * The player's promotions call: GET /promotions/carousel, the carousel slides the login answer
 * would carry now (the lobby revalidates the ones stored at sign-in with it).
 */
import { Hono } from 'hono';
import { PROMO_API_PATHS } from '../../../src/contract/promotions.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { sweepsGrantHold } from '../../core/sweeps-eligibility.ts';
import { liveSlides } from './login-promos.ts';

export function promoRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(PROMO_API_PATHS.carousel, requireAuth(deps), async (c) => {
    const viewer = { sweeps: (await sweepsGrantHold(deps.db, deps.config, c.get('userId'))) === null };
    return c.json({ results: await liveSlides(deps.db, deps.now(), viewer) });
  });
  return app;
}
