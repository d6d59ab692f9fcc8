/**
 * Login bonus routes: the spec's "user login bonus coins" call (today's bonus not yet
 * acknowledged) and its acknowledgement (the dialog closed). The grant itself happens at sign-in
 * (login-bonus-grants.ts, called by startSession).
 */
import { Hono } from 'hono';
import { LOGIN_BONUS_API_PATHS, type LoginBonusCoins } from '../../../src/contract/login-bonus.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { acknowledgeLoginBonus, pendingLoginBonus, toLoginBonusCoins } from './login-bonus-grants.ts';

export function loginBonusRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps);

  app.get(LOGIN_BONUS_API_PATHS.pending, auth, async (c) => {
    c.header('Cache-Control', 'no-store');
    const answer: LoginBonusCoins = toLoginBonusCoins(
      await pendingLoginBonus(deps.db, c.get('userId'), deps.now()),
    );
    return c.json(answer);
  });

  app.post(LOGIN_BONUS_API_PATHS.acknowledge, auth, async (c) => {
    await acknowledgeLoginBonus(deps.db, c.get('userId'), deps.now());
    const answer: LoginBonusCoins = { quantity_ghc: 0, quantity_gld: 0 };
    return c.json(answer);
  });

  return app;
}
