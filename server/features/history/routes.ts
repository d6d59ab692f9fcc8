/** Coin history pages, transaction filters and the yearly summary (signed-in player only). */
import { Hono } from 'hono';
import { HISTORY_PAGE_SIZE, TransactionQuerySchema, WALLET_API_PATHS } from '../../../src/contract/wallet.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { check } from '../../http/validate.ts';
import { goldOnlyFilters, goldOnlyYearlySummary } from './gold-only.ts';
import { parseYear, readHistory, transactionFilters, yearlySummary } from './history.ts';

export function historyRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps);

  app.get(WALLET_API_PATHS.transactionFilters, auth, async (c) => {
    const filters = await transactionFilters(deps.db, c.get('userId'), deps.now());
    return c.json(deps.config.goldOnly ? goldOnlyFilters(filters) : filters);
  });

  app.get(WALLET_API_PATHS.goldTransactions, auth, async (c) => {
    const query = check(c.req.query(), TransactionQuerySchema);
    const page = await readHistory(
      deps.db,
      c.get('userId'),
      'gold',
      query,
      deps.now(),
      WALLET_API_PATHS.goldTransactions,
    );
    return c.json({
      results: page.results,
      count: page.count,
      next: page.next,
      previous: page.previous,
      page: page.page,
      page_size: HISTORY_PAGE_SIZE,
      filters: page.filters,
    });
  });

  // Gold-only mode has no Sweeps history: the path is not mounted and answers 404.
  if (!deps.config.goldOnly)
    app.get(WALLET_API_PATHS.sweepsTransactions, auth, async (c) => {
      const query = check(c.req.query(), TransactionQuerySchema);
      const page = await readHistory(
        deps.db,
        c.get('userId'),
        'sweeps',
        query,
        deps.now(),
        WALLET_API_PATHS.sweepsTransactions,
      );
      return c.json({
        transactions: page.results,
        filters: page.filters,
        count: page.count,
        page_number: page.page,
        total_pages: page.totalPages,
        page_size: HISTORY_PAGE_SIZE,
        next: page.next,
        previous: page.previous,
      });
    });

  app.get(WALLET_API_PATHS.yearlySummaryPattern, auth, async (c) => {
    const year = parseYear(c.req.param('year') ?? '', deps.now());
    const summary = await yearlySummary(deps.db, c.get('userId'), year);
    return c.json(deps.config.goldOnly ? goldOnlyYearlySummary(summary) : summary);
  });
  return app;
}
