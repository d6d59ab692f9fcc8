/**
 * The coin movements of a redemption (docs/ledger.md, docs/redemption.md), each inside the caller's
 * transaction and idempotent on its keys:
 * - request: redeemable −x and pending_redemption +x (kind 'redemption'), plus a cash-out fee
 *   redeemable −f (kind 'fee');
 * - cancel or rejection: the request's entries reversed (kind 'reversal'), the fee included;
 * - a rejected ACH that was already sent: then the rejected ACH fee, redeemable −f (kind 'fee');
 * - paid: pending_redemption −x (kind 'redemption'): the coins have left the player's account.
 * Only `redeemable` is ever drawn: it holds only coins won in play (the "played at least once"
 * rule, docs/ledger.md), so nothing unplayed can be redeemed.
 */
import type { Queryable } from '../../db/driver.ts';
import { reverseEntry } from '../../core/ledger/coin-rules.ts';
import { entryKey, InsufficientFundsError, postLedgerEntry } from '../../core/ledger/ledger.ts';
import type { RedemptionRow } from './redemption-store.ts';

export interface HoldInput {
  userId: string;
  redemptionId: string;
  sweepsCents: number;
  feeSweepsCents: number;
  /** The request's Idempotency-Key (scoped by player): each entry's key is derived from it. */
  requestKey: string;
  createdAt: string;
}

export interface HoldEntries {
  debitEntryId: number;
  holdEntryId: number;
  feeEntryId: number | null;
}

export const referenceOf = (redemptionId: string): string => `redemption:${redemptionId}`;

/** The player's redeemable Sweeps (cents), locking the Sweeps rows so the check holds until commit. */
export async function lockRedeemableCents(tx: Queryable, userId: string): Promise<number> {
  const rows = await tx.query<{ bucket: string; amount_minor: number | string }>(
    `SELECT bucket, amount_minor FROM wallet_balances WHERE user_id = $1 AND currency = 'sweeps' FOR UPDATE`,
    [userId],
  );
  return Number(rows.find((r) => r.bucket === 'redeemable')?.amount_minor ?? 0);
}

/** Moves the prize from redeemable to pending_redemption (and takes the fee). InsufficientFundsError when short. */
export async function holdForRedemption(tx: Queryable, input: HoldInput): Promise<HoldEntries> {
  const redeemable = await lockRedeemableCents(tx, input.userId);
  if (redeemable < input.sweepsCents + input.feeSweepsCents) throw new InsufficientFundsError();
  const reference = referenceOf(input.redemptionId);
  const base = { userId: input.userId, currency: 'sweeps' as const, reference, createdAt: input.createdAt };
  const debit = await postLedgerEntry(tx, {
    ...base,
    bucket: 'redeemable',
    amountMinor: -input.sweepsCents,
    kind: 'redemption',
    idempotencyKey: entryKey(input.requestKey, 'sweeps', 'redeemable'),
    description: 'Redemption requested',
  });
  const hold = await postLedgerEntry(tx, {
    ...base,
    bucket: 'pending_redemption',
    amountMinor: input.sweepsCents,
    kind: 'redemption',
    idempotencyKey: entryKey(input.requestKey, 'sweeps', 'pending_redemption'),
    description: 'Redemption held until paid',
  });
  let feeEntryId: number | null = null;
  if (input.feeSweepsCents > 0) {
    const fee = await postLedgerEntry(tx, {
      ...base,
      bucket: 'redeemable',
      amountMinor: -input.feeSweepsCents,
      kind: 'fee',
      idempotencyKey: `${input.requestKey}:sweeps:fee`,
      description: 'Cash-out fee',
    });
    feeEntryId = fee.id;
  }
  return { debitEntryId: debit.id, holdEntryId: hold.id, feeEntryId };
}

/** Cancel or rejection: the held coins (and any request fee) go back to redeemable. */
export async function releaseHold(
  tx: Queryable,
  row: RedemptionRow,
  reason: string,
  createdAt: string,
): Promise<void> {
  // The hold first, then the debit: the pending bucket never dips below what is still held.
  for (const id of [row.hold_entry_id, row.debit_entry_id, row.fee_entry_id]) {
    if (id !== null) await reverseEntry(tx, Number(id), reason, { createdAt });
  }
}

/** Payout: the held coins leave the account. */
export async function settlePaid(tx: Queryable, row: RedemptionRow, createdAt: string): Promise<void> {
  await postLedgerEntry(tx, {
    userId: row.user_id,
    currency: 'sweeps',
    bucket: 'pending_redemption',
    amountMinor: -Number(row.sweeps_cents),
    kind: 'redemption',
    reference: referenceOf(row.id),
    idempotencyKey: `${referenceOf(row.id)}:paid`,
    description: 'Redemption paid',
    createdAt,
  });
}

/**
 * A fee in USD cents converted to Sweeps cents at the request's rate, rounded up (a fee is never
 * undercharged by rounding) and capped at `capSweepsCents`.
 */
export function feeInSweepsCents(feeUsdCents: number, sweepsPerUsd: number, capSweepsCents: number): number {
  return Math.min(capSweepsCents, Math.ceil(feeUsdCents * sweepsPerUsd - 1e-9));
}

/** The rejected ACH fee, taken from redeemable after the returned coins came back. Answers the Sweeps cents charged. */
export async function chargeRejectedAchFee(
  tx: Queryable,
  row: RedemptionRow,
  feeUsdCents: number,
  createdAt: string,
): Promise<number> {
  const fee = feeInSweepsCents(feeUsdCents, Number(row.sweeps_per_usd), Number(row.sweeps_cents));
  if (fee <= 0) return 0;
  await postLedgerEntry(tx, {
    userId: row.user_id,
    currency: 'sweeps',
    bucket: 'redeemable',
    amountMinor: -fee,
    kind: 'fee',
    reference: referenceOf(row.id),
    idempotencyKey: `${referenceOf(row.id)}:rejected-ach-fee`,
    description: 'Rejected ACH fee',
    createdAt,
  });
  return fee;
}
