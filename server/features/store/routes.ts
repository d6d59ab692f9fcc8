/** Coin store API: GET /banking/packages (signed in; 403 COIN_STORE_DISABLED when the store is off). */
import { Hono } from 'hono';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { PAYMENTS_API_PATHS } from '../../../src/contract/payments.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { stateOfUser } from '../../core/users/users-repo.ts';
import { assertCoinStoreEnabled, bankingPackages } from './coin-packages.ts';

export function storeRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(PAYMENTS_API_PATHS.bankingPackages, requireAuth(deps), async (c) => {
    await assertCoinStoreEnabled(deps.db);
    const state = await stateOfUser(deps.db, c.get('userId'));
    if (state === null) throw new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, 'Please sign in to continue.');
    return c.json(await bankingPackages(deps.db, deps.config, state, deps.now()));
  });
  return app;
}
