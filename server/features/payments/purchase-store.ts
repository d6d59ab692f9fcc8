/**
 * Reads and writes of the payment routes beside those of the purchase rules (purchases.ts): the
 * purchase a provider's webhook names, the webhook events already handled (recorded in the
 * transaction that acts on them, so a resent event acts once), whether a player has paid before,
 * and the phone a pay-by-bank purchase leaves on the account.
 */
import type { Database, Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import type { PurchaseRow } from './purchases.ts';

export type PurchaseMethod = 'card' | 'pay_by_bank';

export async function purchaseByProviderReference(
  db: Queryable,
  reference: string,
  method: PurchaseMethod,
): Promise<PurchaseRow | null> {
  const rows = await db.query<PurchaseRow>(
    'SELECT * FROM purchases WHERE provider_reference = $1 AND method = $2',
    [reference, method],
  );
  return rows[0] ?? null;
}

export async function purchaseById(
  db: Queryable,
  id: string,
  method: PurchaseMethod,
): Promise<PurchaseRow | null> {
  const rows = await db.query<PurchaseRow>('SELECT * FROM purchases WHERE id = $1 AND method = $2', [
    id,
    method,
  ]);
  return rows[0] ?? null;
}

export async function hasSucceededPurchase(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM purchases WHERE user_id = $1 AND status = 'succeeded' LIMIT 1`, [
    userId,
  ]);
  return rows.length > 0;
}

/** Saves the pay-by-bank phone as the account's phone (the caller checks the account has none). */
export async function setAccountPhone(tx: Queryable, userId: string, digits: string): Promise<void> {
  await tx.query('UPDATE users SET phone = $2 WHERE id = $1', [userId, digits]);
}

export async function webhookEventSeen(db: Queryable, source: string, eventId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM payment_webhook_events WHERE provider = $1 AND event_id = $2', [
    source,
    eventId,
  ]);
  return rows.length > 0;
}

/**
 * Records the event and runs `step` in the same transaction; answers false (and runs nothing)
 * when the event was recorded already.
 */
export async function recordWebhookEvent(
  db: Database,
  event: { source: string; id: string; type: string; nowMs: number },
  step: (tx: Queryable) => Promise<void>,
): Promise<boolean> {
  return transaction(db, async (tx) => {
    const inserted = await tx.query(
      `INSERT INTO payment_webhook_events (provider, event_id, type, received_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
      [event.source, event.id, event.type, new Date(event.nowMs).toISOString()],
    );
    if (inserted.length === 0) return false;
    await step(tx);
    return true;
  });
}
