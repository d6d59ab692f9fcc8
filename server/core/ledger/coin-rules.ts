/**
 * The coin-movement rules on top of `postLedgerEntry` (docs/ledger.md, "Spending and winning"):
 * - a Sweeps spend (a bet) takes unplayed coins first, `paid` then `free`, and only then
 *   `redeemable`; a Sweeps win is credited to `redeemable`. So unplayed coins become redeemable
 *   only by being played: what comes back from play is redeemable, what was staked is gone.
 * - Gold has one bucket (`main`) for spends and wins.
 * - A correction is a reversing entry (`reverseEntry`), never an edit.
 * Every function runs inside the caller's transaction and is idempotent on its key: the same key
 * with the same movement answers the entries written the first time and changes nothing; the key
 * with a different movement (amount, player, kind) throws LedgerKeyConflictError.
 */
import type { Currency } from '../../../src/contract/currency.ts';
import type { Queryable } from '../../db/driver.ts';
import {
  entryKey,
  InsufficientFundsError,
  LedgerKeyConflictError,
  postLedgerEntry,
  type Bucket,
  type LedgerEntryFacet,
  type LedgerKind,
} from './ledger.ts';

/** Order in which a Sweeps spend draws on the buckets. */
export const SWEEPS_SPEND_ORDER = ['paid', 'free', 'redeemable'] as const satisfies readonly Bucket[];

export interface MovementInput {
  userId: string;
  /** Positive, minor units (Gold coins or Sweeps cents). */
  amountMinor: number;
  reference: string;
  idempotencyKey: string;
  description?: string;
  createdAt?: string;
}

export interface MovementPart {
  entryId: number;
  bucket: Bucket;
  /** Signed amount of this entry. */
  amountMinor: number;
}

export interface MovementResult {
  parts: MovementPart[];
  /** The currency's total after the movement (Sweeps: paid + free + redeemable). */
  currencyTotalAfterMinor: number;
  replayed: boolean;
}

const positive = (amount: number): void => {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('Amounts are positive whole minor units');
};

/**
 * Entries already written under a request key (any of its per-bucket keys). They must be the same
 * movement as the one asked for now (the player's, of `kind`, summing to `signedAmount`; the split
 * over the buckets may differ, it was computed on the balances of the time): otherwise the key was
 * used for a different movement and LedgerKeyConflictError is thrown.
 */
async function existingParts(
  tx: Queryable,
  keys: string[],
  expected: { requestKey: string; userId: string; kind: LedgerKind; signedAmount: number },
): Promise<{ parts: MovementPart[]; total: number } | null> {
  const rows = await tx.query<{
    id: number | string;
    user_id: string;
    kind: LedgerKind;
    bucket: Bucket;
    amount_minor: number | string;
    currency_total_after_minor: number | string | null;
  }>(
    `SELECT id, user_id, kind, bucket, amount_minor, currency_total_after_minor
       FROM ledger_entries WHERE idempotency_key = ANY($1::text[]) ORDER BY id`,
    [keys],
  );
  if (rows.length === 0) return null;
  const differs: LedgerEntryFacet[] = [];
  if (rows.some((r) => r.user_id !== expected.userId)) differs.push('player');
  if (rows.some((r) => r.kind !== expected.kind)) differs.push('kind');
  if (rows.reduce((sum, r) => sum + Number(r.amount_minor), 0) !== expected.signedAmount)
    differs.push('amount');
  if (differs.length > 0) throw new LedgerKeyConflictError(expected.requestKey, differs);
  return {
    parts: rows.map((r) => ({
      entryId: Number(r.id),
      bucket: r.bucket,
      amountMinor: Number(r.amount_minor),
    })),
    total: Number(rows[rows.length - 1]?.currency_total_after_minor ?? 0),
  };
}

/**
 * Spends Sweeps for a bet: paid first, then free, then redeemable. Locks the player's Sweeps rows
 * so the split is computed on the balances it is applied to. Throws InsufficientFundsError when
 * paid + free + redeemable is below the amount (nothing is written then).
 */
export async function spendSweeps(tx: Queryable, input: MovementInput): Promise<MovementResult> {
  positive(input.amountMinor);
  const keys = SWEEPS_SPEND_ORDER.map((b) => entryKey(input.idempotencyKey, 'sweeps', b));
  const rows = await tx.query<{ bucket: Bucket; amount_minor: number | string }>(
    `SELECT bucket, amount_minor FROM wallet_balances
      WHERE user_id = $1 AND currency = 'sweeps' AND bucket IN ('paid', 'free', 'redeemable') FOR UPDATE`,
    [input.userId],
  );
  // Checked after taking the locks: a concurrent spend with this key has committed by now (READ
  // COMMITTED sees it), and its split may differ from ours, so its per-bucket keys would not collide.
  const before = await existingParts(tx, keys, {
    requestKey: input.idempotencyKey,
    userId: input.userId,
    kind: 'bet',
    signedAmount: -input.amountMinor,
  });
  if (before) return { parts: before.parts, currencyTotalAfterMinor: before.total, replayed: true };
  const have = (b: Bucket) => Number(rows.find((r) => r.bucket === b)?.amount_minor ?? 0);
  let left = input.amountMinor;
  const plan: Array<{ bucket: Bucket; take: number }> = [];
  for (const bucket of SWEEPS_SPEND_ORDER) {
    const take = Math.min(left, have(bucket));
    if (take > 0) plan.push({ bucket, take });
    left -= take;
    if (left === 0) break;
  }
  if (left > 0) throw new InsufficientFundsError();
  const parts: MovementPart[] = [];
  let total = 0;
  for (const { bucket, take } of plan) {
    const entry = await postLedgerEntry(tx, {
      userId: input.userId,
      currency: 'sweeps',
      bucket,
      amountMinor: -take,
      kind: 'bet',
      reference: input.reference,
      idempotencyKey: entryKey(input.idempotencyKey, 'sweeps', bucket),
      description: input.description,
      createdAt: input.createdAt,
    });
    parts.push({ entryId: entry.id, bucket, amountMinor: -take });
    total = entry.currencyTotalAfterMinor;
  }
  return { parts, currencyTotalAfterMinor: total, replayed: false };
}

async function single(
  tx: Queryable,
  currency: Currency,
  bucket: Bucket,
  kind: LedgerKind,
  signedAmount: number,
  input: MovementInput,
): Promise<MovementResult> {
  const entry = await postLedgerEntry(tx, {
    userId: input.userId,
    currency,
    bucket,
    amountMinor: signedAmount,
    kind,
    reference: input.reference,
    idempotencyKey: entryKey(input.idempotencyKey, currency, bucket),
    description: input.description,
    createdAt: input.createdAt,
  });
  return {
    parts: [{ entryId: entry.id, bucket, amountMinor: signedAmount }],
    currencyTotalAfterMinor: entry.currencyTotalAfterMinor,
    replayed: entry.replayed,
  };
}

/** Spends Gold for a bet (one bucket). Throws InsufficientFundsError on overdraft. */
export async function spendGold(tx: Queryable, input: MovementInput): Promise<MovementResult> {
  positive(input.amountMinor);
  return single(tx, 'gold', 'main', 'bet', -input.amountMinor, input);
}

/** Credits a win: Gold to main, Sweeps to redeemable (won coins are redeemable). */
export async function creditWin(
  tx: Queryable,
  input: MovementInput & { currency: Currency },
): Promise<MovementResult> {
  positive(input.amountMinor);
  return input.currency === 'gold'
    ? single(tx, 'gold', 'main', 'win', input.amountMinor, input)
    : single(tx, 'sweeps', 'redeemable', 'win', input.amountMinor, input);
}

export class NotReversibleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotReversibleError';
  }
}

/**
 * Writes the entry that undoes `entryId`: same player, currency and bucket, opposite amount,
 * kind 'reversal'. An entry is reversed at most once (key `reversal:<id>`, unique
 * reverses_entry_id): reversing it again answers the first reversal. A reversal is not itself
 * reversible (post an 'adjustment' instead). Reversing a credit whose coins were already spent
 * throws InsufficientFundsError: balances never go negative, support settles it by adjustment.
 */
export async function reverseEntry(
  tx: Queryable,
  entryId: number,
  reason: string,
  options: { createdAt?: string } = {},
): Promise<MovementResult> {
  const rows = await tx.query<{
    user_id: string;
    currency: Currency;
    bucket: Bucket;
    amount_minor: number | string;
    kind: LedgerKind;
  }>('SELECT user_id, currency, bucket, amount_minor, kind FROM ledger_entries WHERE id = $1', [entryId]);
  const original = rows[0];
  if (!original) throw new NotReversibleError(`Ledger entry ${entryId} does not exist`);
  if (original.kind === 'reversal')
    throw new NotReversibleError('A reversal cannot be reversed; post an adjustment');
  const amount = -Number(original.amount_minor);
  const entry = await postLedgerEntry(tx, {
    userId: original.user_id,
    currency: original.currency,
    bucket: original.bucket,
    amountMinor: amount,
    kind: 'reversal',
    reference: `entry:${entryId}`,
    idempotencyKey: `reversal:${entryId}`,
    description: `Reversal: ${reason}`.slice(0, 200),
    createdAt: options.createdAt,
    reversesEntryId: entryId,
  });
  return {
    parts: [{ entryId: entry.id, bucket: original.bucket, amountMinor: amount }],
    currencyTotalAfterMinor: entry.currencyTotalAfterMinor,
    replayed: entry.replayed,
  };
}
