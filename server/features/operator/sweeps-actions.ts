/**
 * The operator's actions on the Sweeps side that run another feature's state machine:
 * redemption review steps (server/features/redemption/redemption-review.ts) and AMOE codes for
 * mailed requests (server/features/amoe/amoe-codes.ts). Those functions lock and change their
 * rows inside the transaction given to them; these wrappers add what the audit row records.
 * Audit rows keep the redemption's status and amounts, never its payout details.
 */
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import type { RedemptionAction } from '../../../src/contract/operator.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { issueAmoeCode, type IssuedAmoeCode } from '../amoe/public.ts';
import {
  approveRedemption,
  markRedemptionPaid,
  markRedemptionSent,
  rejectRedemption,
  type RedemptionRow,
  type RedemptionStep,
} from '../redemption/public.ts';
import type { ActionOutcome } from '../../core/audit.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const AUDIT_ACTION = {
  approve: 'redemption_approve',
  reject: 'redemption_reject',
  'mark-sent': 'redemption_mark_sent',
  'mark-paid': 'redemption_mark_paid',
} as const satisfies Record<RedemptionAction, ActionOutcome['action']>;

const summary = (r: RedemptionRow) => ({
  status: r.status,
  method: r.method,
  sweeps_cents: Number(r.sweeps_cents),
  usd_cents: Number(r.usd_cents),
  fee_usd_cents: Number(r.fee_usd_cents),
  fee_sweeps_cents: Number(r.fee_sweeps_cents),
  rejection_reason: r.rejection_reason,
});

/** One review step of a redemption; `reason` is required to reject and optional otherwise. */
export const reviewRedemption =
  (input: { redemptionId: string; action: RedemptionAction; reason: string | null; nowMs: number }) =>
  async (tx: Queryable): Promise<ActionOutcome & { redemption: RedemptionRow }> => {
    if (!UUID.test(input.redemptionId))
      throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, 'Not a redemption id.', 'redemption_id');
    const reason = input.reason?.trim() || null;
    let step: RedemptionStep;
    switch (input.action) {
      case 'approve':
        step = await approveRedemption(tx, input.redemptionId, input.nowMs);
        break;
      case 'reject':
        if (!reason) throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, 'A reason is required.', 'reason');
        step = await rejectRedemption(tx, input.redemptionId, reason, input.nowMs);
        break;
      case 'mark-sent':
        step = await markRedemptionSent(tx, input.redemptionId, input.nowMs);
        break;
      case 'mark-paid':
        step = await markRedemptionPaid(tx, input.redemptionId, input.nowMs);
        break;
    }
    return {
      action: AUDIT_ACTION[input.action],
      playerId: step.before.user_id,
      subject: step.before.id,
      before: summary(step.before),
      after: summary(step.after),
      reason,
      redemption: step.after,
    };
  };

/** Issues the code of one mailed AMOE request; the audit row keeps its last four characters only. */
export const issueMailedAmoeCode =
  (input: { postalRequestCode: string; reason: string | null; nowMs: number }) =>
  async (tx: Queryable): Promise<ActionOutcome & { issued: IssuedAmoeCode }> => {
    const issued = await issueAmoeCode(tx, {
      postalRequestCode: input.postalRequestCode,
      nowMs: input.nowMs,
    });
    return {
      action: 'amoe_code_issued',
      playerId: issued.userId,
      subject: input.postalRequestCode.trim().toUpperCase(),
      before: { status: 'open' },
      after: {
        status: 'issued',
        code_hint: issued.code.slice(-4),
        amount_cents: issued.amountCents,
        delivered_at: issued.deliveredAt,
        expires_at: issued.expiresAt,
      },
      reason: input.reason?.trim() || null,
      issued,
    };
  };
