/**
 * GET /payments/quote: what a purchase would cost, with the rules the purchase applies (price,
 * the cash balance the player may apply, the card fee on the remainder, the charge). The pay-now
 * page shows it before Buy; the purchase itself computes it again under the player's lock.
 */
import { Hono } from 'hono';
import {
  PAYMENTS_API_PATHS,
  PurchaseQuoteQuerySchema,
  type PurchaseQuote,
} from '../../../src/contract/payments.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { check } from '../../http/validate.ts';
import { assertCoinStoreEnabled, findPackage, packageNotFound } from '../store/public.ts';
import { planFunding } from './purchase-funding.ts';

export function quoteRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  app.get(PAYMENTS_API_PATHS.purchaseQuote, requireAuth(deps), async (c) => {
    const query = check(c.req.query(), PurchaseQuoteQuerySchema);
    await assertCoinStoreEnabled(db);
    const pkg = await findPackage(db, query.package_id, deps.now());
    if (!pkg) throw packageNotFound();
    const method = query.method ?? 'card';
    const funding = await planFunding(db, {
      userId: c.get('userId'),
      priceCents: pkg.price_usd_cents,
      method,
      applyBalanceUsd: query.apply_balance_usd === undefined ? 0 : Number(query.apply_balance_usd),
      goldOnly: deps.config.goldOnly,
      lock: false,
    });
    const body: PurchaseQuote = {
      package_id: pkg.id,
      method,
      price_usd: funding.priceCents / 100,
      cash_balance_usd: funding.cashBalanceCents / 100,
      balance_applied_usd: funding.appliedUsdCents / 100,
      max_apply_usd: funding.maxApplyCents / 100,
      add_card_fee: funding.cardFeeCents > 0,
      card_fee_percent: method === 'card' ? funding.cardFeePercent : 0,
      card_fee_usd: funding.cardFeeCents / 100,
      charge_usd: funding.chargeCents / 100,
    };
    return c.json(body);
  });

  return app;
}
