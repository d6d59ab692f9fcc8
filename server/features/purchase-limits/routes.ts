/**
 * Purchase limits API: GET / PATCH the player's limits, and the check before paying
 * (POST { package_id } -> allowed, or the period whose limit the package would break).
 */
import { Hono } from 'hono';
import { PURCHASE_LIMIT_COOLING_OFF_DAYS } from '../../../src/contract/constants.ts';
import {
  PURCHASE_LIMIT_PERIODS,
  PURCHASE_LIMIT_WINDOW_HOURS,
  PurchaseLimitCheckRequestSchema,
  PurchaseLimitsPatchSchema,
  WALLET_API_PATHS,
  WALLET_ERROR_CODES,
  WALLET_TEXTS,
  type PurchaseLimitCheckResponse,
  type PurchaseLimitPeriod,
  type PurchaseLimitsResponse,
} from '../../../src/contract/wallet.ts';
import type { Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { readBody } from '../../http/validate.ts';
import { centsToDisplay, displayToCents } from '../../core/ledger/money.ts';
import {
  checkPurchaseLimits,
  InconsistentLimitsError,
  packagePriceCents,
  purchaseLimitsEnabled,
  readLimits,
  readUsage,
  setLimits,
  type LimitRecord,
} from './purchase-limits.ts';

async function limitsAnswer(
  db: Queryable,
  userId: string,
  nowMs: number,
  records?: Record<PurchaseLimitPeriod, LimitRecord>,
): Promise<PurchaseLimitsResponse> {
  const limits = records ?? (await readLimits(db, userId, nowMs));
  const used = await readUsage(db, userId, nowMs);
  const state = (p: PurchaseLimitPeriod) => {
    const r = limits[p];
    return {
      amount_usd: r.amountCents === null ? null : centsToDisplay(r.amountCents),
      pending: r.pending
        ? {
            amount_usd: r.pending.amountCents === null ? null : centsToDisplay(r.pending.amountCents),
            effective_at: new Date(r.pending.effectiveAtMs).toISOString(),
          }
        : null,
      used_usd: centsToDisplay(used[p]),
      remaining_usd: r.amountCents === null ? null : centsToDisplay(Math.max(0, r.amountCents - used[p])),
      cooling_off_days: PURCHASE_LIMIT_COOLING_OFF_DAYS[p],
      window_hours: PURCHASE_LIMIT_WINDOW_HOURS[p],
    };
  };
  return {
    enabled: await purchaseLimitsEnabled(db),
    daily: state('daily'),
    weekly: state('weekly'),
    monthly: state('monthly'),
  };
}

export function purchaseLimitRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps);

  app.get(WALLET_API_PATHS.purchaseLimits, auth, async (c) =>
    c.json(await limitsAnswer(deps.db, c.get('userId'), deps.now())),
  );

  app.patch(WALLET_API_PATHS.purchaseLimits, auth, async (c) => {
    const body = await readBody(c, PurchaseLimitsPatchSchema);
    const changes: Partial<Record<PurchaseLimitPeriod, number | null>> = {};
    for (const p of PURCHASE_LIMIT_PERIODS) {
      const v = body[p];
      if (v === undefined) continue;
      if (v === null) changes[p] = null;
      else {
        const cents = displayToCents(v);
        if (cents === null)
          throw new ApiError(
            400,
            'VALIDATION_ERROR',
            'Enter an amount in dollars with at most 2 decimals.',
            p,
          );
        changes[p] = cents;
      }
    }
    if (Object.keys(changes).length === 0)
      throw new ApiError(400, 'VALIDATION_ERROR', 'Send at least one of daily, weekly or monthly.', null);
    const userId = c.get('userId');
    const now = deps.now();
    try {
      await transaction(deps.db, (tx) => setLimits(tx, userId, changes, now));
    } catch (error) {
      if (error instanceof InconsistentLimitsError)
        throw new ApiError(400, WALLET_ERROR_CODES.PURCHASE_LIMITS_INCONSISTENT, error.message, error.field);
      throw error;
    }
    deps.logger.info('purchase limits changed', { user_id: userId, periods: Object.keys(changes) });
    return c.json(await limitsAnswer(deps.db, userId, now));
  });

  app.post(WALLET_API_PATHS.purchaseLimitCheck, auth, async (c) => {
    const body = await readBody(c, PurchaseLimitCheckRequestSchema);
    const price = await packagePriceCents(deps.db, body.package_id);
    if (price === null)
      throw new ApiError(
        404,
        WALLET_ERROR_CODES.PACKAGE_NOT_FOUND,
        'This coin package is not available.',
        'package_id',
      );
    const violation = await checkPurchaseLimits(deps.db, c.get('userId'), price, deps.now());
    const answer: PurchaseLimitCheckResponse = violation
      ? {
          allowed: false,
          package_id: body.package_id,
          error_code: violation.code,
          message: WALLET_TEXTS.purchaseLimitReached,
          period: violation.period,
          limit_usd: centsToDisplay(violation.limitCents),
          used_usd: centsToDisplay(violation.usedCents),
          price_usd: centsToDisplay(price),
        }
      : {
          allowed: true,
          package_id: body.package_id,
          error_code: null,
          message: null,
          period: null,
          limit_usd: null,
          used_usd: null,
          price_usd: centsToDisplay(price),
        };
    return c.json(answer);
  });
  return app;
}
