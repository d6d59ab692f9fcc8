import { Hono } from 'hono';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { requireAuth } from '../../http/auth.ts';
import { readBalances } from './balances.ts';

export function walletRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(API_PATHS.balances, requireAuth(deps), async (c) =>
    c.json(await readBalances(deps.db, c.get('userId'))),
  );
  return app;
}
