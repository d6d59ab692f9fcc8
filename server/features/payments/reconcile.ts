/**
 * Settles purchases nobody is watching any more: a server stopped (or crashed) while the player's
 * payment was in flight, a webhook was lost, the player closed the tab during 3-D Secure. One
 * pass (`reconcilePurchases`) asks the provider about every purchase that is not final and
 * applies the answer through `applyObservation` (the same exactly-once path as status checks and
 * webhooks), so a pass can run beside them, twice, or on two servers at once.
 *
 * - With a provider reference: the provider's payment decides (succeeded -> credited, failed ->
 *   failed). A card payment still waiting for 3-D Secure after ABANDONED_AFTER_MS is canceled at
 *   the processor and fails as abandoned (the bank expires its own authorizations after the same
 *   time), which releases its hold on the player's limits.
 * - Without one (the server stopped between storing the purchase and storing the provider's
 *   answer): skipped while the creating request still holds its Idempotency-Key claim; otherwise
 *   the provider is searched for a payment carrying the purchase id in its metadata (created, but
 *   its answer lost) and that payment decides; when there is none and the purchase is older than
 *   the grace period, nothing was charged and the purchase fails as `provider_unavailable` (a late
 *   success reported for it is still credited: see applyObservation).
 */
import { PAYMENT_ERROR_CODES } from '../../../src/contract/payments.ts';
import { transaction } from '../../db/transaction.ts';
import type { AppDeps } from '../../core/deps.ts';
import { UNSETTLED_PURCHASE_STATUSES } from '../purchase-limits/public.ts';
import { paymentProviders } from './payment-providers.ts';
import {
  applyObservation,
  observeBankPayment,
  observeIntent,
  type Observation,
  type PurchaseRow,
} from './purchases.ts';

/** A card payment waiting for the card holder this long is abandoned (the bank's authorization TTL too). */
export const ABANDONED_AFTER_MS = 15 * 60_000;
/** Purchases touched more recently than this are left to the request or webhook handling them. */
const QUIET_MS = 2_000;
const BATCH = 200;

export interface ReconcileOptions {
  /** A purchase without provider reference is failed once this old (and nobody is creating it). */
  orphanGraceMs: number;
  abandonedAfterMs?: number;
}

export interface ReconcileReport {
  /** Purchases looked at. */
  checked: number;
  /** Purchases that became final in this pass. */
  settled: number;
  /** Purchases the provider could not be asked about (tried again next pass). */
  errors: number;
}

const NOT_STARTED_ERROR = {
  code: PAYMENT_ERROR_CODES.PAYMENT_PROVIDER_UNAVAILABLE,
  sub_code: 'provider_unavailable',
  message: 'The payment could not be started. Nothing was charged. Please try again.',
  provider_code: null,
} as const;

const isFinal = (status: string): boolean => status === 'succeeded' || status === 'failed';

export async function reconcilePurchases(deps: AppDeps, options: ReconcileOptions): Promise<ReconcileReport> {
  const { db, logger } = deps;
  const now = deps.now();
  const rows = await db.query<PurchaseRow>(
    `SELECT * FROM purchases WHERE status = ANY($1::text[]) AND updated_at < $2 ORDER BY updated_at LIMIT $3`,
    [[...UNSETTLED_PURCHASE_STATUSES], new Date(now - QUIET_MS).toISOString(), BATCH],
  );
  const report: ReconcileReport = { checked: rows.length, settled: 0, errors: 0 };
  for (const row of rows) {
    try {
      const observation = await observe(deps, row, now, options);
      if (!observation) continue;
      const after = await transaction(db, (tx) => applyObservation(tx, deps, row.id, observation));
      if (after && isFinal(after.status)) {
        report.settled += 1;
        logger.info('purchase settled by reconciliation', {
          purchase_id: row.id,
          status: after.status,
          error_sub_code: after.error_sub_code,
        });
      }
    } catch (error) {
      report.errors += 1;
      logger.warn('purchase reconciliation failed; will retry', {
        purchase_id: row.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return report;
}

/** What the provider says about one purchase now, or null to leave it for now. */
async function observe(
  deps: AppDeps,
  row: PurchaseRow,
  now: number,
  options: ReconcileOptions,
): Promise<Observation | null> {
  const { card, bank } = paymentProviders(deps);
  const age = now - new Date(row.created_at).getTime();
  const abandonedAfter = options.abandonedAfterMs ?? ABANDONED_AFTER_MS;
  const reference = row.provider_reference;

  if (reference && row.method === 'card') {
    const pi = await card.retrievePaymentIntent(reference);
    if (pi.status === 'requires_action' && age >= abandonedAfter) {
      // Canceling fails when the holder completed the challenge meanwhile: then that answer counts.
      const canceled = await card.cancelPaymentIntent(reference).catch(() => null);
      return observeIntent(canceled ?? (await card.retrievePaymentIntent(reference)));
    }
    return observeIntent(pi);
  }
  if (reference) return observeBankPayment(await bank.retrievePayment(reference));

  if (await creatingRequestRunning(deps, row)) return null;
  if (row.method === 'card') {
    const pi = await card.findPaymentIntentByMetadata('purchase_id', row.id);
    if (pi) return observeIntent(pi);
  } else {
    const payment = await bank.findPaymentByMetadata('purchase_id', row.id);
    if (payment) return observeBankPayment(payment);
  }
  if (age < options.orphanGraceMs) return null;
  return { status: 'failed', error: { ...NOT_STARTED_ERROR } };
}

/** Is the request that created this purchase still running (its Idempotency-Key claim open)? */
async function creatingRequestRunning(deps: AppDeps, row: PurchaseRow): Promise<boolean> {
  const prefix = `${row.user_id}:`;
  if (!row.request_key.startsWith(prefix)) return false;
  const claims = await deps.db.query(
    'SELECT 1 FROM idempotency_requests WHERE scope = $1 AND key = $2 AND status IS NULL',
    [row.user_id, row.request_key.slice(prefix.length)],
  );
  return claims.length > 0;
}
