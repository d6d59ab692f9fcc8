import { Hono } from 'hono';
import { API_PATHS, API_PREFIX } from '../../../src/contract/api-paths.ts';
import type { Balances } from '../../../src/contract/schemas.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { authenticateWith, type AuthDeps, type AuthTarget, type SessionQueryExtra } from '../../http/auth.ts';
import type { FastRead } from '../../http/fast-reads.ts';
import { balancesFromRows, type BalanceRow } from '../../core/ledger/balances.ts';

/**
 * The balance rows read in the statement that checks the session: the most frequent signed-in
 * request costs one round trip to the database, as a bare read of the rows would.
 */
const WITH_BALANCE_ROWS: SessionQueryExtra = {
  columns: 'b.currency, b.bucket, b.amount_minor',
  joins: 'LEFT JOIN wallet_balances b ON b.user_id = s.user_id',
};

/** The signed-in player's balances, or throws what requireAuth throws. */
const readOwnBalances = async (deps: AuthDeps, request: AuthTarget): Promise<Balances> =>
  balancesFromRows(await authenticateWith<BalanceRow>(deps, request, WITH_BALANCE_ROWS));

export function walletRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(API_PATHS.balances, async (c) => c.json(await readOwnBalances(deps, c)));
  return app;
}

/** The balance read for the node:http fast path (server/http/fast-reads.ts): the route's own code. */
export function walletFastReads(deps: AppDeps): FastRead[] {
  return [
    { path: `${API_PREFIX}${API_PATHS.balances}`, answer: (request) => readOwnBalances(deps, request) },
  ];
}
