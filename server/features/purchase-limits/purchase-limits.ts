/**
 * Player purchase limits (responsible social gaming), stored in purchase_limits; usage counted
 * from purchase_limit_usage, which creditPurchase writes in the purchase's own transaction.
 * - Windows are rolling: the last 24 hours (daily), 7 x 24 hours (weekly), 30 x 24 hours
 *   (monthly) before the moment of the check, so a limit cannot be doubled around midnight.
 * - A first limit or a decrease takes effect at once (and cancels a pending change).
 * - An increase or a removal waits the cooling-off period (3 / 7 / 30 days) and is stored as
 *   pending with effective_at; repeating the same change keeps the first effective_at.
 * - A pending change whose time has come is in force on every read; it is folded into the row on
 *   the next write.
 * - When the named property purchase_limits_enabled is "false", the check always passes.
 */
import type { Queryable } from '../../db/driver.ts';
import { ApiError, type ApiErrorCode } from '../../http/api-error.ts';
import { centsToDisplay } from '../../core/ledger/money.ts';
import { PURCHASE_LIMIT_COOLING_OFF_DAYS } from '../../../src/contract/constants.ts';
import { PROPERTY_DEFAULTS, PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import {
  PURCHASE_LIMIT_ERROR_BY_PERIOD,
  PURCHASE_LIMIT_PERIODS,
  PURCHASE_LIMIT_WINDOW_HOURS,
  WALLET_TEXTS,
  type PurchaseLimitPeriod,
} from '../../../src/contract/wallet.ts';

const DAY_MS = 24 * 3600_000;

export interface LimitRecord {
  period: PurchaseLimitPeriod;
  /** In force now, cents; null = none. */
  amountCents: number | null;
  /** A change still in its cooling-off period. */
  pending: { amountCents: number | null; effectiveAtMs: number } | null;
}

type LimitRow = {
  period: PurchaseLimitPeriod;
  amount_usd_cents: number | string | null;
  pending_set: boolean;
  pending_amount_usd_cents: number | string | null;
  pending_effective_at: string | Date | null;
};

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

/** The limits in force at `nowMs` (a due pending change counts as in force). */
export async function readLimits(
  tx: Queryable,
  userId: string,
  nowMs: number,
  options: { forUpdate?: boolean } = {},
): Promise<Record<PurchaseLimitPeriod, LimitRecord>> {
  const rows = await tx.query<LimitRow>(
    `SELECT period, amount_usd_cents, pending_set, pending_amount_usd_cents, pending_effective_at
       FROM purchase_limits WHERE user_id = $1${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  const out = {} as Record<PurchaseLimitPeriod, LimitRecord>;
  for (const period of PURCHASE_LIMIT_PERIODS) {
    const row = rows.find((r) => r.period === period);
    let amountCents = row ? num(row.amount_usd_cents) : null;
    let pending: LimitRecord['pending'] = null;
    if (row?.pending_set && row.pending_effective_at !== null) {
      const at = new Date(row.pending_effective_at).getTime();
      const value = num(row.pending_amount_usd_cents);
      if (at <= nowMs) amountCents = value;
      else pending = { amountCents: value, effectiveAtMs: at };
    }
    out[period] = { period, amountCents, pending };
  }
  return out;
}

/** Purchase states that are not final yet: the payment may still succeed. */
export const UNSETTLED_PURCHASE_STATUSES = ['processing', 'requires_action'] as const;

/**
 * Sum of purchases (cents) per rolling window ending at nowMs: credited purchases, plus holds,
 * i.e. purchases still being paid (not final, not yet credited), counted from when they started.
 * A failed, declined or abandoned payment is final and no longer holds anything.
 */
export async function readUsage(
  tx: Queryable,
  userId: string,
  nowMs: number,
): Promise<Record<PurchaseLimitPeriod, number>> {
  const since = (p: PurchaseLimitPeriod) =>
    new Date(nowMs - PURCHASE_LIMIT_WINDOW_HOURS[p] * 3600_000).toISOString();
  const rows = await tx.query<{
    d: number | string | null;
    w: number | string | null;
    m: number | string | null;
  }>(
    `SELECT sum(amount_usd_cents) FILTER (WHERE created_at > $2) AS d,
            sum(amount_usd_cents) FILTER (WHERE created_at > $3) AS w,
            sum(amount_usd_cents) FILTER (WHERE created_at > $4) AS m
       FROM (
         SELECT amount_usd_cents, created_at FROM purchase_limit_usage
          WHERE user_id = $1 AND created_at > $4 AND created_at <= $5
         UNION ALL
         SELECT p.amount_usd_cents, p.created_at FROM purchases p
          WHERE p.user_id = $1 AND p.status = ANY($6::text[]) AND p.created_at > $4
            AND NOT EXISTS (SELECT 1 FROM purchase_limit_usage u WHERE u.purchase_id = p.id::text)
       ) counted`,
    [
      userId,
      since('daily'),
      since('weekly'),
      since('monthly'),
      new Date(nowMs).toISOString(),
      [...UNSETTLED_PURCHASE_STATUSES],
    ],
  );
  const r = rows[0];
  return { daily: Number(r?.d ?? 0), weekly: Number(r?.w ?? 0), monthly: Number(r?.m ?? 0) };
}

/** Price of an active coin package (table coin_packages of the payments feature), or null. */
export async function packagePriceCents(db: Queryable, packageId: string): Promise<number | null> {
  const rows = await db.query<{ price_usd_cents: number | string }>(
    'SELECT price_usd_cents FROM coin_packages WHERE id = $1 AND active',
    [packageId],
  );
  return rows[0] ? Number(rows[0].price_usd_cents) : null;
}

export async function purchaseLimitsEnabled(tx: Queryable): Promise<boolean> {
  const rows = await tx.query<{ value: string }>('SELECT value FROM named_properties WHERE key = $1', [
    PROPERTY_NAMES.purchaseLimitsEnabled,
  ]);
  const value = rows[0]?.value ?? PROPERTY_DEFAULTS.purchase_limits_enabled;
  return value.trim().toLowerCase() !== 'false';
}

export interface PurchaseLimitViolation {
  code: (typeof PURCHASE_LIMIT_ERROR_BY_PERIOD)[PurchaseLimitPeriod];
  period: PurchaseLimitPeriod;
  limitCents: number;
  usedCents: number;
  amountCents: number;
}

/**
 * Would a purchase of `amountUsdCents` now break one of the player's limits? Answers the first
 * period exceeded (daily, weekly, monthly) or null. Purchases already credited and purchases
 * still being paid count; a purchase exactly reaching the limit is allowed. Two checks of one
 * player must not run side by side with their inserts: the payments feature runs check and
 * insert in one transaction holding the player's purchase lock (`lockPlayerPurchases`).
 */
export async function checkPurchaseLimits(
  tx: Queryable,
  userId: string,
  amountUsdCents: number,
  nowMs: number,
): Promise<PurchaseLimitViolation | null> {
  if (!(await purchaseLimitsEnabled(tx))) return null;
  const limits = await readLimits(tx, userId, nowMs);
  if (PURCHASE_LIMIT_PERIODS.every((p) => limits[p].amountCents === null)) return null;
  const used = await readUsage(tx, userId, nowMs);
  for (const period of PURCHASE_LIMIT_PERIODS) {
    const limit = limits[period].amountCents;
    if (limit !== null && used[period] + amountUsdCents > limit) {
      return {
        code: PURCHASE_LIMIT_ERROR_BY_PERIOD[period],
        period,
        limitCents: limit,
        usedCents: used[period],
        amountCents: amountUsdCents,
      };
    }
  }
  return null;
}

export class InconsistentLimitsError extends Error {
  constructor(
    readonly field: PurchaseLimitPeriod,
    message: string,
  ) {
    super(message);
    this.name = 'InconsistentLimitsError';
  }
}

/**
 * Applies a change of some periods (cents; null = remove). Answers the resulting records.
 * Daily must not exceed weekly and weekly must not exceed monthly, compared on the values each
 * period is heading to (its pending value, else its current one).
 */
export async function setLimits(
  tx: Queryable,
  userId: string,
  changes: Partial<Record<PurchaseLimitPeriod, number | null>>,
  nowMs: number,
): Promise<Record<PurchaseLimitPeriod, LimitRecord>> {
  const current = await readLimits(tx, userId, nowMs, { forUpdate: true });
  const next: Record<PurchaseLimitPeriod, LimitRecord> = { ...current };
  for (const period of PURCHASE_LIMIT_PERIODS) {
    if (!(period in changes)) continue;
    const wanted = changes[period] ?? null;
    const { amountCents, pending } = current[period];
    // A first limit or a decrease (or the same value) is in force at once.
    const immediate = amountCents === null || (wanted !== null && wanted <= amountCents);
    if (amountCents === null && wanted === null) {
      next[period] = { period, amountCents: null, pending: null };
    } else if (immediate) {
      next[period] = { period, amountCents: wanted, pending: null };
    } else {
      // Increase or removal: cooling-off. The same change again keeps its original date.
      const keep = pending !== null && pending.amountCents === wanted;
      next[period] = {
        period,
        amountCents,
        pending: keep
          ? pending
          : { amountCents: wanted, effectiveAtMs: nowMs + PURCHASE_LIMIT_COOLING_OFF_DAYS[period] * DAY_MS },
      };
    }
  }
  const target = (p: PurchaseLimitPeriod) =>
    next[p].pending ? next[p].pending!.amountCents : next[p].amountCents;
  const [d, w, m] = [target('daily'), target('weekly'), target('monthly')];
  const changed = (p: PurchaseLimitPeriod) => p in changes;
  if (d !== null && w !== null && d > w)
    throw new InconsistentLimitsError(
      changed('daily') ? 'daily' : 'weekly',
      'Your daily limit cannot be higher than your weekly limit.',
    );
  if (w !== null && m !== null && w > m)
    throw new InconsistentLimitsError(
      changed('weekly') ? 'weekly' : 'monthly',
      'Your weekly limit cannot be higher than your monthly limit.',
    );
  if (d !== null && m !== null && d > m)
    throw new InconsistentLimitsError(
      changed('daily') ? 'daily' : 'monthly',
      'Your daily limit cannot be higher than your monthly limit.',
    );
  const updatedAt = new Date(nowMs).toISOString();
  for (const period of PURCHASE_LIMIT_PERIODS) {
    const r = next[period];
    await tx.query(
      `INSERT INTO purchase_limits (user_id, period, amount_usd_cents, pending_set, pending_amount_usd_cents, pending_effective_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id, period) DO UPDATE SET amount_usd_cents = $3, pending_set = $4,
         pending_amount_usd_cents = $5, pending_effective_at = $6, updated_at = $7`,
      [
        userId,
        period,
        r.amountCents,
        r.pending !== null,
        r.pending?.amountCents ?? null,
        r.pending ? new Date(r.pending.effectiveAtMs).toISOString() : null,
        updatedAt,
      ],
    );
  }
  return next;
}

/**
 * Serializes one player's purchase checks and inserts across transactions, connections and server
 * instances: a row lock on the player's users row, held until the transaction ends. FOR NO KEY
 * UPDATE, not FOR UPDATE, so rows referencing the player (ledger entries, sessions) can still be
 * written meanwhile. Use it in a READ COMMITTED transaction: the reads after it then see every
 * purchase committed by the transaction that held the lock before.
 */
export async function lockPlayerPurchases(tx: Queryable, userId: string): Promise<boolean> {
  const rows = await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
  return rows.length > 0;
}

/** Records a credited purchase for the limits (creditPurchase calls it; a repeated purchase id is ignored). */
export async function recordPurchaseUsage(
  tx: Queryable,
  input: { purchaseId: string; userId: string; amountUsdCents: number; createdAt: string },
): Promise<void> {
  await tx.query(
    `INSERT INTO purchase_limit_usage (purchase_id, user_id, amount_usd_cents, created_at)
     VALUES ($1, $2, $3, $4) ON CONFLICT (purchase_id) DO NOTHING`,
    [input.purchaseId, input.userId, input.amountUsdCents, input.createdAt],
  );
}

/** The ApiError the pay call throws for a violation (409 PURCHASE_LIMIT_*), for the payments feature. */
export function purchaseLimitError(v: PurchaseLimitViolation): ApiError {
  return new ApiError(409, v.code as ApiErrorCode, WALLET_TEXTS.purchaseLimitReached, 'package_id', {
    period: v.period,
    limit_usd: centsToDisplay(v.limitCents),
    used_usd: centsToDisplay(v.usedCents),
    price_usd: centsToDisplay(v.amountCents),
  });
}
