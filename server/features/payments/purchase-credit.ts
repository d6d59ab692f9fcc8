/**
 * What the payments feature calls once a purchase is paid, inside its own transaction (the one
 * that marks the purchase succeeded), so the coins, the purchase state and the limit accounting
 * commit together or not at all:
 *
 *   await transaction(db, async (tx) => {
 *     ... mark purchase succeeded ...
 *     const credit = await creditPurchase(tx, { userId, purchaseId, amountUsdCents, goldCoins, sweepsCents,
 *                                               promoCode, nowMs: deps.now(), promoSettings: promoSettingsOf(deps.config) });
 *   });
 *
 * Writes: Gold to `main` and the package's free Sweeps to `paid` (kind 'purchase'), the purchase
 * in purchase_limit_usage (what the player's limits count), and a promotion's coins (kind 'promo':
 * Gold to `main`, Sweeps to `free`). Idempotent on the purchase id: crediting the same purchase
 * again writes nothing and answers the first result with `replayed: true` (webhook and status
 * check may both report success).
 *
 * Prefer `walletTransaction(db, userId, fn)` (wallet-transaction.ts) over plain `transaction()` for
 * that transaction: it queues one player's money work inside this process and has a larger retry
 * budget for the hot balance rows (see docs/ledger.md, concurrency).
 *
 * Before charging, the payments feature should call `checkPurchaseLimits` (purchase-limits) and
 * `checkPurchasePromo` (below) so the player hears about a limit or a bad code before paying.
 * A purchase reserved with a code claims it (promo-codes.ts): its per-player use, time lock and
 * share of the uses in total are held until it is credited or fails, so crediting honours them.
 * A promotion that became unusable between that check and the credit otherwise (deactivated,
 * ended) does not block the paid coins: the purchase is credited and `promo.applied` is false with
 * the reason; no coin is ever withheld from a paid purchase.
 */
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import {
  applyPurchasePromo,
  checkPromoCode,
  type PromoGrant,
  type PromoSettings,
} from '../promo-codes/public.ts';
import { recordPurchaseUsage } from '../purchase-limits/public.ts';
import { readBalances } from '../../core/ledger/balances.ts';
import { creditCoins, entryKey } from '../../core/ledger/ledger.ts';
import type { Balances } from '../../../src/contract/schemas.ts';

export interface CreditPurchaseInput {
  userId: string;
  /** The payments feature's purchase id; unique per purchase. */
  purchaseId: string;
  /** What the player paid, USD cents (counted by the purchase limits and the yearly summary). */
  amountUsdCents: number;
  /** Gold Coins of the package (whole coins). */
  goldCoins: number;
  /** Free Sweeps that come with the package, cents (0 when none). */
  sweepsCents: number;
  /** Promo code entered for this purchase (checked before paying with checkPurchasePromo). */
  promoCode?: string | null;
  /** Package name for the history line, e.g. "50,000 Gold Coins". */
  packageLabel?: string;
  nowMs: number;
  promoSettings: PromoSettings;
  /** Defaults to "purchase:<purchaseId>"; entry keys are derived from it. */
  idempotencyKey?: string;
}

export interface CreditPurchaseResult {
  entryIds: number[];
  balances: Balances;
  promo:
    | null
    | { applied: true; code: string; goldCoins: number; sweepsCents: number }
    | { applied: false; code: string; reason: string; message: string };
  replayed: boolean;
}

export async function creditPurchase(
  tx: Queryable,
  input: CreditPurchaseInput,
): Promise<CreditPurchaseResult> {
  for (const [name, v] of [
    ['amountUsdCents', input.amountUsdCents],
    ['goldCoins', input.goldCoins],
    ['sweepsCents', input.sweepsCents],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0)
      throw new Error(`creditPurchase: ${name} must be a whole number >= 0`);
  }
  if (input.goldCoins === 0 && input.sweepsCents === 0)
    throw new Error('creditPurchase: the package has no coins');
  const key = input.idempotencyKey ?? `purchase:${input.purchaseId}`;
  const createdAt = new Date(input.nowMs).toISOString();

  // Replay: the purchase was credited before (its usage row commits with its entries).
  const done = await tx.query('SELECT 1 FROM purchase_limit_usage WHERE purchase_id = $1', [
    input.purchaseId,
  ]);
  if (done.length > 0) {
    const entries = await tx.query<{ id: number | string }>(
      `SELECT id FROM ledger_entries WHERE idempotency_key = ANY($1::text[]) ORDER BY id`,
      [[entryKey(key, 'gold', 'main'), entryKey(key, 'sweeps', 'paid')]],
    );
    const promo = await tx.query<{
      code: string;
      gold_coins: number | string;
      sweeps_cents: number | string;
    }>(
      `SELECT code, gold_coins, sweeps_cents FROM promo_redemptions WHERE user_id = $1 AND purchase_id = $2`,
      [input.userId, input.purchaseId],
    );
    const p = promo[0];
    return {
      entryIds: entries.map((e) => Number(e.id)),
      balances: await readBalances(tx, input.userId),
      promo: p
        ? {
            applied: true,
            code: p.code,
            goldCoins: Number(p.gold_coins),
            sweepsCents: Number(p.sweeps_cents),
          }
        : null,
      replayed: true,
    };
  }

  const description = input.packageLabel ? `Purchase: ${input.packageLabel}` : 'Coin purchase';
  const entryIds = await creditCoins(tx, {
    userId: input.userId,
    goldCoins: input.goldCoins,
    // Gold-only mode credits no Sweeps, even for a purchase made before the switch.
    sweepsCents: input.promoSettings.goldOnly ? 0 : input.sweepsCents,
    sweepsBucket: 'paid',
    kind: 'purchase',
    reference: `purchase:${input.purchaseId}`,
    requestKey: key,
    description,
    createdAt,
  });

  await recordPurchaseUsage(tx, {
    purchaseId: input.purchaseId,
    userId: input.userId,
    amountUsdCents: input.amountUsdCents,
    createdAt,
  });

  let promo: CreditPurchaseResult['promo'] = null;
  if (input.promoCode) {
    try {
      const applied = await applyPurchasePromo(
        tx,
        { userId: input.userId, code: input.promoCode, purchaseId: input.purchaseId, nowMs: input.nowMs },
        input.promoSettings,
      );
      entryIds.push(...applied.entryIds);
      promo = {
        applied: true,
        code: applied.code,
        goldCoins: applied.goldCoins,
        sweepsCents: applied.sweepsCents,
      };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The check before paying passed; the paid coins are credited regardless.
      const reason = typeof error.extra?.reason === 'string' ? error.extra.reason : error.code;
      promo = { applied: false, code: input.promoCode.trim().toUpperCase(), reason, message: error.message };
    }
  }
  return { entryIds, balances: await readBalances(tx, input.userId), promo, replayed: false };
}

/**
 * Before paying: is this promo code usable with a purchase by this player now? Answers the grant
 * or throws ApiError 400 INVALID_PROMO_CODE (field promo_code, extra.reason) or 409
 * PROMO_PURCHASE_TIME_LOCKED (extra.retry_after_seconds).
 */
export const checkPurchasePromo = (
  tx: Queryable,
  input: { userId: string; code: string; nowMs: number; lockIfCapped?: boolean },
  settings: PromoSettings,
): Promise<PromoGrant> =>
  checkPromoCode(
    tx,
    {
      code: input.code,
      context: 'purchase',
      userId: input.userId,
      nowMs: input.nowMs,
      lockIfCapped: input.lockIfCapped ?? false,
    },
    settings,
  );

export { checkPurchaseLimits } from '../purchase-limits/public.ts';
export { promoSettingsOf } from '../promo-codes/public.ts';
