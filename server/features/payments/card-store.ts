/**
 * The rows of saved cards and of the card processor's customers (one per player). A card is
 * removed by marking it deleted, so purchases keep naming the card they were paid with; the newest
 * remaining card then becomes the default, so paying keeps a preselected card.
 */
import type { SavedCard } from '../../../src/contract/payments.ts';
import type { Database, Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';

export interface CardRow {
  [key: string]: unknown;
  id: string;
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: Date | string;
}

const toWireCard = (r: CardRow): SavedCard => ({
  card_id: r.id,
  brand: r.brand,
  last4: r.last4,
  exp_month: Number(r.exp_month),
  exp_year: Number(r.exp_year),
  is_default: r.is_default,
  created_at: new Date(r.created_at).toISOString(),
});

/** The player's cards, the default first, then the newest. */
export async function listCards(db: Queryable, userId: string): Promise<SavedCard[]> {
  const rows = await db.query<CardRow>(
    'SELECT * FROM saved_cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, created_at DESC',
    [userId],
  );
  return rows.map(toWireCard);
}

/** One card of this player that is not removed, or null. */
export async function findCard(db: Queryable, userId: string, cardId: string): Promise<CardRow | null> {
  const rows = await db.query<CardRow>(
    'SELECT * FROM saved_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL',
    [cardId, userId],
  );
  return rows[0] ?? null;
}

/** The card a purchase pays with: its id and the processor's payment method, or null. */
export async function cardForPurchase(
  tx: Queryable,
  userId: string,
  cardId: string,
): Promise<{ id: string; payment_method_id: string } | null> {
  const rows = await tx.query<{ id: string; payment_method_id: string }>(
    'SELECT id, payment_method_id FROM saved_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL',
    [cardId, userId],
  );
  return rows[0] ?? null;
}

/** Makes the card the player's default; answers false when the player has no such card. */
export async function makeDefaultCard(db: Database, userId: string, cardId: string): Promise<boolean> {
  return transaction(db, async (tx) => {
    const found = await tx.query(
      'SELECT 1 FROM saved_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE',
      [cardId, userId],
    );
    if (found.length === 0) return false;
    await tx.query(
      'UPDATE saved_cards SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2',
      [userId, cardId],
    );
    await tx.query('UPDATE saved_cards SET is_default = true WHERE id = $1', [cardId]);
    return true;
  });
}

/** Marks the card removed; when it was the default, the newest remaining card becomes the default. */
export async function removeCard(db: Database, userId: string, card: CardRow, nowMs: number): Promise<void> {
  await transaction(db, async (tx) => {
    await tx.query('UPDATE saved_cards SET deleted_at = $2, is_default = false WHERE id = $1', [
      card.id,
      new Date(nowMs).toISOString(),
    ]);
    if (card.is_default) {
      await tx.query(
        `UPDATE saved_cards SET is_default = true WHERE id = (
           SELECT id FROM saved_cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1)`,
        [userId],
      );
    }
  });
}

/** The processor's customer id of this player, or null before the first card call. */
export async function customerIdOf(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.query<{ customer_id: string }>(
    'SELECT customer_id FROM payment_customers WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.customer_id ?? null;
}

/** The player whose processor customer this is, or null. */
export async function userOfCustomer(tx: Queryable, customerId: string): Promise<string | null> {
  const rows = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM payment_customers WHERE customer_id = $1',
    [customerId],
  );
  return rows[0]?.user_id ?? null;
}

/**
 * Keeps the processor customer created for this player, unless a parallel request kept one first;
 * answers the customer id kept.
 */
export async function keepCustomer(
  db: Queryable,
  userId: string,
  provider: string,
  customerId: string,
): Promise<string> {
  await db.query(
    'INSERT INTO payment_customers (user_id, provider, customer_id) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING',
    [userId, provider, customerId],
  );
  return (await customerIdOf(db, userId))!;
}

/** The e-mail address the processor's customer is created with ('' when the player is gone). */
export async function customerEmailOf(db: Queryable, userId: string): Promise<string> {
  const rows = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  return rows[0]?.email ?? '';
}
