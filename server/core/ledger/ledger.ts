/**
 * The wallet ledger. Coins move only through `postLedgerEntry`, inside the caller's transaction:
 * it changes the balance row (CHECK amount_minor >= 0 refuses overdrafts) and appends the entry
 * with the balance after it. Each entry has a unique idempotency key; posting the same entry again
 * under its key changes nothing and answers the first entry, so a retried request cannot pay twice.
 * A key already used for a different entry (another amount, player, currency, bucket or kind) is
 * refused with LedgerKeyConflictError, never answered as "already done".
 * Amounts are minor units: Gold in whole coins, Sweeps in cents.
 */
import type { Currency } from '../../../src/contract/currency.ts';
import { sqlState, type Queryable } from '../../db/driver.ts';

export const LEDGER_KINDS = [
  'purchase',
  'bonus',
  'promo',
  'bet',
  'win',
  'redemption',
  'reversal',
  'adjustment',
  /** Free Sweeps Coins from a mail-in request code (AMOE). */
  'amoe',
  /** A fee the player pays in Sweeps (rejected ACH, cash out). */
  'fee',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Gold has one bucket; Sweeps are split by origin (paid = came with a purchase, free = promotional, redeemable = won). */
export type Bucket = 'main' | 'paid' | 'free' | 'redeemable' | 'pending_redemption';

export interface LedgerEntryInput {
  userId: string;
  currency: Currency;
  bucket: Bucket;
  /** Signed, minor units, never 0. */
  amountMinor: number;
  kind: LedgerKind;
  reference: string;
  idempotencyKey: string;
  /** Short text for the history line; the kind's label when absent. */
  description?: string;
  /** When the entry happened (ISO); the database clock when absent. Tests and the app clock set it. */
  createdAt?: string;
  /** Set by reverseEntry: the entry this one undoes (each entry can be reversed once). */
  reversesEntryId?: number;
}

export interface LedgerEntry {
  id: number;
  balanceAfterMinor: number;
  /** The currency's total after the entry (Sweeps: paid + free + redeemable). */
  currencyTotalAfterMinor: number;
  replayed: boolean;
}

export class InsufficientFundsError extends Error {
  constructor() {
    super('Insufficient balance');
    this.name = 'InsufficientFundsError';
  }
}

/** What an entry is, for telling a replay from a different entry under a used key. */
export type LedgerEntryFacet = 'player' | 'currency' | 'bucket' | 'amount' | 'kind';

/**
 * A ledger write whose idempotency key already belongs to a different entry. Nothing is written:
 * a replay must be the same movement, so a reused key with another amount (or player, currency,
 * bucket, kind) is a bug or a misuse to surface, not a payment to skip. The HTTP error handler
 * answers it 409 LEDGER_KEY_CONFLICT (ledger-errors.ts).
 */
export class LedgerKeyConflictError extends Error {
  readonly code = 'LEDGER_KEY_CONFLICT';
  constructor(
    readonly idempotencyKey: string,
    /** What differs from the entry already written under the key. */
    readonly differs: LedgerEntryFacet[],
  ) {
    super(
      `Ledger key "${idempotencyKey}" was already used for a different entry (${differs.join(', ')} differ); nothing was written.`,
    );
    this.name = 'LedgerKeyConflictError';
  }
}

/** Key for one entry of a request that writes several: "<request key>:<currency>:<bucket>". */
export const entryKey = (requestKey: string, currency: Currency, bucket: Bucket): string =>
  `${requestKey}:${currency}:${bucket}`;

export async function postLedgerEntry(tx: Queryable, e: LedgerEntryInput): Promise<LedgerEntry> {
  if (!Number.isSafeInteger(e.amountMinor) || e.amountMinor === 0)
    throw new Error('Ledger amounts are non-zero whole minor units');
  const existing = await tx.query<{
    id: number | string;
    user_id: string;
    currency: Currency;
    bucket: Bucket;
    amount_minor: number | string;
    kind: LedgerKind;
    balance_after_minor: number | string;
    currency_total_after_minor: number | string | null;
  }>(
    `SELECT id, user_id, currency, bucket, amount_minor, kind, balance_after_minor, currency_total_after_minor
       FROM ledger_entries WHERE idempotency_key = $1`,
    [e.idempotencyKey],
  );
  const first = existing[0];
  if (first) {
    // A replay is the same movement; the description, reference and time may differ (texts).
    const differs: LedgerEntryFacet[] = [];
    if (first.user_id !== e.userId) differs.push('player');
    if (first.currency !== e.currency) differs.push('currency');
    if (first.bucket !== e.bucket) differs.push('bucket');
    if (Number(first.amount_minor) !== e.amountMinor) differs.push('amount');
    if (first.kind !== e.kind) differs.push('kind');
    if (differs.length > 0) throw new LedgerKeyConflictError(e.idempotencyKey, differs);
    return {
      id: Number(first.id),
      balanceAfterMinor: Number(first.balance_after_minor),
      currencyTotalAfterMinor: Number(first.currency_total_after_minor ?? first.balance_after_minor),
      replayed: true,
    };
  }
  // Lock the player's rows of this currency first: the balance after and the currency total
  // written below must not interleave with another transaction's change (see wallet-transaction.ts).
  const locked = await tx.query<{ bucket: Bucket; amount_minor: number | string }>(
    'SELECT bucket, amount_minor FROM wallet_balances WHERE user_id = $1 AND currency = $2 FOR UPDATE',
    [e.userId, e.currency],
  );
  let balanceAfter: number;
  try {
    const update = () =>
      tx.query<{ amount_minor: number | string }>(
        `UPDATE wallet_balances SET amount_minor = amount_minor + $4, updated_at = now()
          WHERE user_id = $1 AND currency = $2 AND bucket = $3 RETURNING amount_minor`,
        [e.userId, e.currency, e.bucket, e.amountMinor],
      );
    // Update first: the row exists in the usual case, and an INSERT .. ON CONFLICT on a row another
    // transaction just changed is one more serialization failure under load.
    let rows = await update();
    if (rows.length === 0) {
      // Create the row at 0 first: an INSERT carrying a negative amount would trip the CHECK
      // even when ON CONFLICT would have turned it into an update.
      await tx.query(
        'INSERT INTO wallet_balances (user_id, currency, bucket, amount_minor) VALUES ($1, $2, $3, 0) ON CONFLICT (user_id, currency, bucket) DO NOTHING',
        [e.userId, e.currency, e.bucket],
      );
      rows = await update();
    }
    balanceAfter = Number(rows[0]?.amount_minor);
  } catch (error) {
    if (sqlState(error) === '23514') throw new InsufficientFundsError();
    throw error;
  }
  // The currency total from the rows locked above (exact: nobody else can change them now).
  // Coins in a pending redemption have left the spendable total, so they are not part of it.
  const counts = (b: Bucket) => b !== 'pending_redemption';
  const currencyTotalAfter =
    locked
      .filter((r) => r.bucket !== e.bucket && counts(r.bucket))
      .reduce((sum, r) => sum + Number(r.amount_minor), 0) + (counts(e.bucket) ? balanceAfter : 0);
  const rows = await tx.query<{ id: number | string }>(
    `INSERT INTO ledger_entries (user_id, currency, bucket, amount_minor, balance_after_minor, kind, reference,
       idempotency_key, currency_total_after_minor, description, reverses_entry_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, COALESCE($12::timestamptz, now())) RETURNING id`,
    [
      e.userId,
      e.currency,
      e.bucket,
      e.amountMinor,
      balanceAfter,
      e.kind,
      e.reference,
      e.idempotencyKey,
      currencyTotalAfter,
      e.description ?? null,
      e.reversesEntryId ?? null,
      e.createdAt ?? null,
    ],
  );
  return {
    id: Number(rows[0]?.id),
    balanceAfterMinor: balanceAfter,
    currencyTotalAfterMinor: currencyTotalAfter,
    replayed: false,
  };
}

export interface CoinGrant {
  userId: string;
  goldCoins: number;
  sweepsCents: number;
  /** Where granted Sweeps land: 'paid' when they came with a purchase, 'free' for promotions. */
  sweepsBucket: 'paid' | 'free';
  kind: LedgerKind;
  reference: string;
  /** Request key; each entry's key is derived with `entryKey`. */
  requestKey: string;
  description: string;
  createdAt?: string;
}

/** Credits a grant of Gold and/or Sweeps (zero amounts write no entry); answers the entry ids. */
export async function creditCoins(tx: Queryable, g: CoinGrant): Promise<number[]> {
  const parts: Array<{ currency: Currency; bucket: Bucket; amount: number }> = [
    { currency: 'gold', bucket: 'main', amount: g.goldCoins },
    { currency: 'sweeps', bucket: g.sweepsBucket, amount: g.sweepsCents },
  ];
  const ids: number[] = [];
  for (const p of parts) {
    if (p.amount <= 0) continue;
    const e = await postLedgerEntry(tx, {
      userId: g.userId,
      currency: p.currency,
      bucket: p.bucket,
      amountMinor: p.amount,
      kind: g.kind,
      reference: g.reference,
      idempotencyKey: entryKey(g.requestKey, p.currency, p.bucket),
      description: g.description,
      createdAt: g.createdAt,
    });
    ids.push(e.id);
  }
  return ids;
}
