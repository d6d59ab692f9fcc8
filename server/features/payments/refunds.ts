/**
 * Giving back payments we refused to credit (./settlement-refusals.ts: the account closed before
 * the payment settled, or the bank account belongs to another player). The refusal marks the
 * purchase `refund_due_at` in its own transaction; the refund is a provider call made after that
 * transaction, with the key `refund:<purchase id>` so a repeated call refunds once. The request
 * that saw the refusal tries at once; the reconciliation job retries every purchase still due
 * until the provider confirms (`refunded_at`).
 */
import type { AppDeps } from '../../core/deps.ts';
import type { Queryable } from '../../db/driver.ts';
import { paymentProviders } from './payment-providers.ts';
import type { PurchaseRow } from './purchases.ts';

const BATCH = 200;

/** True when this purchase's payment is to be given back and has not been yet. */
export const refundPending = (row: Pick<PurchaseRow, 'refund_due_at' | 'refunded_at'>): boolean =>
  row.refund_due_at !== null && row.refunded_at === null;

/** Asks the provider to give the payment back, then records it. Throws when the provider fails. */
export async function refundPurchase(deps: AppDeps, row: PurchaseRow): Promise<void> {
  if (!refundPending(row) || !row.provider_reference) return;
  const { card, bank } = paymentProviders(deps);
  const key = `refund:${row.id}`;
  if (row.method === 'card') await card.refundPaymentIntent(row.provider_reference, key);
  else await bank.refundPayment(row.provider_reference, key);
  await markRefunded(deps.db, row.id, new Date(deps.now()).toISOString());
  deps.logger.info('refused payment given back', {
    purchase_id: row.id,
    user_id: row.user_id,
    reason: row.error_sub_code,
  });
}

/** The request's own attempt: a provider that fails now is left to the reconciliation job (logged). */
export async function refundSoon(deps: AppDeps, row: PurchaseRow | null): Promise<void> {
  if (!row || !refundPending(row)) return;
  try {
    await refundPurchase(deps, row);
  } catch (error) {
    deps.logger.warn('refund of a refused payment failed: the reconciliation job retries it', {
      purchase_id: row.id,
      error: error instanceof Error ? error.message : String(error),
    });
  }
}

async function markRefunded(db: Queryable, purchaseId: string, nowIso: string): Promise<void> {
  await db.query('UPDATE purchases SET refunded_at = $2 WHERE id = $1 AND refunded_at IS NULL', [
    purchaseId,
    nowIso,
  ]);
}

/** One pass of the reconciliation job: every purchase whose refund is still due. */
export async function refundDuePurchases(deps: AppDeps): Promise<{ refunded: number; errors: number }> {
  const rows = await deps.db.query<PurchaseRow>(
    `SELECT * FROM purchases WHERE refund_due_at IS NOT NULL AND refunded_at IS NULL
      ORDER BY refund_due_at LIMIT ${BATCH}`,
  );
  let refunded = 0;
  let errors = 0;
  for (const row of rows) {
    try {
      await refundPurchase(deps, row);
      refunded++;
    } catch (error) {
      errors++;
      deps.logger.warn('refund of a refused payment failed: tried again next pass', {
        purchase_id: row.id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { refunded, errors };
}
