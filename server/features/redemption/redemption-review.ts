/**
 * The operator's side of redemptions: the review list and the status steps. The operator console
 * calls these inside its own transaction (it adds the audit row there), so a step, its coin
 * movement, its timeline entry and the audit row commit together or not at all.
 * Each step locks the redemption row first, so two operators (or an operator and the player
 * cancelling) acting on one redemption run one after the other and the second sees the first's
 * status. A step the status does not allow answers 409 REDEMPTION_ILLEGAL_TRANSITION.
 */
import {
  REDEMPTION_ERROR_CODES,
  REDEMPTION_TEXTS,
  REJECTED_ACH_FEE_USD_CENTS,
  type Redemption,
} from '../../../src/contract/redemption.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { chargeRejectedAchFee, releaseHold, settlePaid } from './redemption-ledger.ts';
import {
  changeStatus,
  lockRedemption,
  redemptionNotFound,
  wireRedemptions,
  type RedemptionRow,
} from './redemption-store.ts';

export type { RedemptionRow } from './redemption-store.ts';

export interface RedemptionStep {
  before: RedemptionRow;
  after: RedemptionRow;
}

export interface ReviewListItem extends Redemption {
  user_id: string;
  user_email: string;
}

const REVIEW_STATUSES = ['pending', 'approved', 'sent', 'paid', 'cancelled', 'rejected'];
const MAX_REVIEW_LIMIT = 500;
const MAX_REASON_LENGTH = 500;

/** Redemptions for the operator, oldest first (the queue order), optionally of one status. */
export async function listRedemptionsForReview(
  db: Queryable,
  options: { status?: string; limit?: number } = {},
): Promise<ReviewListItem[]> {
  if (options.status !== undefined && !REVIEW_STATUSES.includes(options.status))
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_ERROR,
      `status must be one of ${REVIEW_STATUSES.join(', ')}.`,
      'status',
    );
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 100), 1), MAX_REVIEW_LIMIT);
  const rows = await db.query<RedemptionRow & { user_email: string }>(
    `SELECT r.*, u.email AS user_email FROM redemptions r JOIN users u ON u.id = r.user_id
      WHERE ($1::text IS NULL OR r.status = $1) ORDER BY r.created_at, r.id LIMIT $2`,
    [options.status ?? null, limit],
  );
  const wire = await wireRedemptions(db, rows);
  return wire.map((w, i) => ({ ...w, user_id: rows[i]!.user_id, user_email: rows[i]!.user_email }));
}

async function locked(tx: Queryable, redemptionId: string): Promise<RedemptionRow> {
  const row = await lockRedemption(tx, redemptionId);
  if (!row) throw redemptionNotFound();
  return row;
}

/** A prize-out is sent and paid from the prize-out provider's answer (prize-out-payouts.ts), not by hand. */
function refusePrizeOutByHand(row: RedemptionRow): void {
  if (row.method === 'prizeout')
    throw new ApiError(
      409,
      REDEMPTION_ERROR_CODES.PRIZEOUT_SENT_BY_PROVIDER,
      REDEMPTION_TEXTS.prizeoutByProvider,
    );
}

/** pending → approved. */
export async function approveRedemption(
  tx: Queryable,
  redemptionId: string,
  nowMs: number,
): Promise<RedemptionStep> {
  const before = await locked(tx, redemptionId);
  const after = await changeStatus(tx, before, 'approved', nowMs);
  return { before, after };
}

/**
 * pending | approved | sent → rejected, with the reason the player sees. The held coins (and a
 * cash-out fee) go back to redeemable; an ACH payout rejected after it was sent (returned by the
 * bank) costs the rejected ACH fee of $15 in Sweeps at the request's rate.
 */
export async function rejectRedemption(
  tx: Queryable,
  redemptionId: string,
  reason: string,
  nowMs: number,
): Promise<RedemptionStep> {
  const text = reason.trim();
  if (!text || text.length > MAX_REASON_LENGTH || text.includes('\u0000'))
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_ERROR,
      `A rejection needs a reason the player can read (1 to ${MAX_REASON_LENGTH} characters).`,
      'reason',
    );
  const before = await locked(tx, redemptionId);
  const at = new Date(nowMs).toISOString();
  // A payout already sent and then rejected is a returned one: for ACH it costs the fee.
  const achReturned = before.method === 'ach' && before.status === 'sent';
  const rejected = await changeStatus(tx, before, 'rejected', nowMs, { rejectionReason: text });
  await releaseHold(tx, before, `redemption rejected: ${text}`, at);
  const feeSweeps = achReturned ? await chargeRejectedAchFee(tx, before, REJECTED_ACH_FEE_USD_CENTS, at) : 0;
  // The fees the row shows are the ones kept: a refunded cash-out fee is gone, a returned ACH's fee stays.
  const rows = await tx.query<RedemptionRow>(
    'UPDATE redemptions SET fee_usd_cents = $2, fee_sweeps_cents = $3 WHERE id = $1 RETURNING *',
    [before.id, feeSweeps > 0 ? REJECTED_ACH_FEE_USD_CENTS : 0, feeSweeps],
  );
  const after = rows[0] ?? rejected;
  return { before, after };
}

/** approved → sent (the payout left: PayPal sent, check mailed, transfer started, code issued). */
export async function markRedemptionSent(
  tx: Queryable,
  redemptionId: string,
  nowMs: number,
): Promise<RedemptionStep> {
  const before = await locked(tx, redemptionId);
  refusePrizeOutByHand(before);
  const after = await changeStatus(tx, before, 'sent', nowMs);
  return { before, after };
}

/** sent → paid: the held coins leave the account for good. */
export async function markRedemptionPaid(
  tx: Queryable,
  redemptionId: string,
  nowMs: number,
): Promise<RedemptionStep> {
  const before = await locked(tx, redemptionId);
  refusePrizeOutByHand(before);
  const after = await changeStatus(tx, before, 'paid', nowMs);
  await settlePaid(tx, before, new Date(nowMs).toISOString());
  return { before, after };
}
