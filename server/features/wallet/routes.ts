import { Hono } from 'hono';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { authenticateWith, type SessionQueryExtra } from '../../http/auth.ts';
import { balancesFromRows, type BalanceRow } from './balances.ts';

/**
 * The balance rows read in the statement that checks the session: the most frequent signed-in
 * request costs one round trip to the database, as a bare read of the rows would.
 */
const WITH_BALANCE_ROWS: SessionQueryExtra = {
  columns: 'b.currency, b.bucket, b.amount_minor',
  joins: 'LEFT JOIN wallet_balances b ON b.user_id = s.user_id',
};

export function walletRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(API_PATHS.balances, async (c) =>
    c.json(balancesFromRows(await authenticateWith<BalanceRow>(deps, c, WITH_BALANCE_ROWS))),
  );
  return app;
}
