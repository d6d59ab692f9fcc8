/**
 * Prize-out payouts (docs/redemption.md, "Prize-out payouts"): the server, not the operator, sends
 * an approved prize-out to the prize-out provider and marks it sent and paid from the provider's
 * answer. The call is made outside any database transaction (a slow provider holds no lock);
 * its outcome is then written in one transaction that locks the redemption again and re-reads its
 * status, so two sends at once (two operators, a double click) change it once.
 *
 *   paid        approved -> sent -> paid (the held coins leave the account)
 *   processing  approved -> sent; a later send polls the payout and marks it paid
 *   refused     -> rejected with the provider's reason: the held Sweeps go back to redeemable
 *   no answer   (unreachable, 5xx, answer lost) 503 PRIZEOUT_PROVIDER_UNAVAILABLE: it stays as it
 *               was and sending again is safe: the idempotency key derives from the redemption, so
 *               the provider answers the payout it made the first time instead of paying twice.
 *
 * Each change writes its audit row (the operator whose action sent it) in the same transaction.
 */
import { REDEMPTION_ERROR_CODES, REDEMPTION_TEXTS } from '../../../src/contract/redemption.ts';
import type { OperatorAuditAction } from '../../../src/contract/operator.ts';
import { writeAuditRow } from '../../core/audit.ts';
import type { AppDeps } from '../../core/deps.ts';
import type { Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import { startIntervalJob, type IntervalJob } from '../../jobs/interval-job.ts';
import { ApiError } from '../../http/api-error.ts';
import {
  PrizeOutUnavailableError,
  type PrizeOutPayout,
} from '../../providers/prize-out/prize-out-provider.ts';
import { settlePaid } from './redemption-ledger.ts';
import { rejectRedemption } from './redemption-review.ts';
import {
  changeStatus,
  illegalTransition,
  isUuid,
  lockRedemption,
  redemptionNotFound,
  type RedemptionRow,
} from './redemption-store.ts';

/** The method of a redemption (null when there is none): the operator's steps differ for a prize-out. */
export async function redemptionMethodOf(db: Queryable, redemptionId: string): Promise<string | null> {
  if (!isUuid(redemptionId)) return null;
  const rows = await db.query<{ method: string }>('SELECT method FROM redemptions WHERE id = $1', [
    redemptionId,
  ]);
  return rows[0]?.method ?? null;
}

/** The provider's idempotency key of a redemption's payout: one payout per redemption, ever. */
export const prizeOutPayoutKey = (redemptionId: string): string => `prizeout-redemption-${redemptionId}`;

const summary = (r: RedemptionRow) => ({
  status: r.status,
  method: r.method,
  sweeps_cents: Number(r.sweeps_cents),
  usd_cents: Number(r.usd_cents),
  payout_reference: r.payout_reference ?? null,
});

async function audit(
  tx: Queryable,
  operatorId: string | null,
  action: OperatorAuditAction,
  before: RedemptionRow,
  after: RedemptionRow,
  reason: string,
  nowMs: number,
): Promise<void> {
  await writeAuditRow(tx, {
    operatorId,
    nowMs,
    action,
    playerId: before.user_id,
    subject: before.id,
    before: summary(before),
    after: summary(after),
    reason,
  });
}

const unavailable = () =>
  new ApiError(
    503,
    REDEMPTION_ERROR_CODES.PRIZEOUT_PROVIDER_UNAVAILABLE,
    REDEMPTION_TEXTS.prizeoutUnavailable,
  );

/** Asks the provider: the payout of this redemption, created (or found by its key) or polled. */
async function askProvider(deps: Pick<AppDeps, 'providers'>, row: RedemptionRow): Promise<PrizeOutPayout> {
  const provider = deps.providers.prizeOut;
  try {
    if (row.status === 'sent' && typeof row.payout_reference === 'string') {
      const polled = await provider.getPayout(row.payout_reference);
      if (polled) return polled;
    }
    return await provider.createPayout({
      idempotencyKey: prizeOutPayoutKey(row.id),
      reference: row.id,
      email: row.prizeout_email ?? '',
      amountCents: Number(row.usd_cents),
    });
  } catch (error) {
    if (error instanceof PrizeOutUnavailableError) throw unavailable();
    throw error;
  }
}

/**
 * Sends an approved prize-out to the provider (or polls a sent one) and writes the outcome.
 * Answers the redemption after. `operatorId` is the operator whose action sent it (audit rows).
 */
export async function sendPrizeOut(
  deps: Pick<AppDeps, 'db' | 'providers' | 'now'>,
  redemptionId: string,
  operatorId: string | null,
): Promise<RedemptionRow> {
  if (!isUuid(redemptionId)) throw redemptionNotFound();
  const rows = await deps.db.query<RedemptionRow>('SELECT * FROM redemptions WHERE id = $1', [redemptionId]);
  const row = rows[0];
  if (!row) throw redemptionNotFound();
  if (row.method !== 'prizeout') throw illegalTransition(row.status, 'sent');
  if (row.status === 'paid' || row.status === 'rejected' || row.status === 'cancelled') return row;
  if (row.status === 'pending') throw illegalTransition(row.status, 'sent');

  const payout = await askProvider(deps, row);
  const nowMs = deps.now();
  return transaction(deps.db, async (tx) => {
    let current = await lockRedemption(tx, redemptionId);
    if (!current) throw redemptionNotFound();
    // Another send wrote this outcome first: nothing more to do.
    if (current.status !== 'approved' && current.status !== 'sent') return current;

    if (payout.status === 'refused') {
      const reason = REDEMPTION_TEXTS.prizeoutRefused.replace(
        '{reason}',
        payout.refusal_reason ?? 'no reason given',
      );
      const { before, after } = await rejectRedemption(tx, current.id, reason, nowMs);
      await audit(
        tx,
        operatorId,
        'redemption_reject',
        before,
        after,
        `prize-out provider: ${payout.id}`,
        nowMs,
      );
      return after;
    }

    if (current.status === 'approved') {
      const before = current;
      const sent = await changeStatus(tx, current, 'sent', nowMs, {
        note: `Sent to the prize-out provider (payout ${payout.id})`,
      });
      const withRef = await tx.query<RedemptionRow>(
        'UPDATE redemptions SET payout_reference = $2 WHERE id = $1 RETURNING *',
        [current.id, payout.id],
      );
      current = withRef[0] ?? sent;
      await audit(
        tx,
        operatorId,
        'redemption_mark_sent',
        before,
        current,
        `prize-out provider: ${payout.id}`,
        nowMs,
      );
    }
    if (payout.status === 'paid') {
      const before = current;
      current = await changeStatus(tx, current, 'paid', nowMs, {
        note: 'Delivered by the prize-out provider',
      });
      await settlePaid(tx, before, new Date(nowMs).toISOString());
      await audit(
        tx,
        operatorId,
        'redemption_mark_paid',
        before,
        current,
        `prize-out provider: ${payout.id}`,
        nowMs,
      );
    }
    return current;
  });
}

/** An approved prize-out left this long without the provider's answer is sent again by the job. */
export const PRIZE_OUT_RESEND_AFTER_MS = 60_000;

export interface PrizeOutPollReport {
  checked: number;
  paid: number;
  rejected: number;
  unanswered: number;
}

/**
 * One pass of the prize-out poll: every prize-out sent and still processing is polled, and every
 * one approved more than a minute ago without the provider's answer (unreachable, answer lost) is
 * sent again, with its own key (paid once). The server writes these audit rows itself (no
 * operator). Safe to run twice at once: each outcome is written under the row lock.
 */
export async function pollPrizeOuts(
  deps: Pick<AppDeps, 'db' | 'providers' | 'now'>,
): Promise<PrizeOutPollReport> {
  const nowMs = deps.now();
  const due = await deps.db.query<{ id: string }>(
    `SELECT id FROM redemptions
      WHERE method = 'prizeout' AND (status = 'sent' OR (status = 'approved' AND updated_at < $1))
      ORDER BY updated_at LIMIT 200`,
    [new Date(nowMs - PRIZE_OUT_RESEND_AFTER_MS).toISOString()],
  );
  const report: PrizeOutPollReport = { checked: due.length, paid: 0, rejected: 0, unanswered: 0 };
  for (const { id } of due) {
    try {
      const after = await sendPrizeOut(deps, id, null);
      if (after.status === 'paid') report.paid += 1;
      if (after.status === 'rejected') report.rejected += 1;
    } catch (error) {
      if (error instanceof ApiError && error.code === REDEMPTION_ERROR_CODES.PRIZEOUT_PROVIDER_UNAVAILABLE)
        report.unanswered += 1;
      else throw error;
    }
  }
  return report;
}

/** The poll every `intervalMs` (the server's RECONCILE_INTERVAL_SECONDS); main.ts starts it. */
export function startPrizeOutPollJob(
  deps: Pick<AppDeps, 'db' | 'providers' | 'now' | 'logger'>,
  options: { intervalMs: number },
): IntervalJob<PrizeOutPollReport> {
  return startIntervalJob({
    intervalMs: options.intervalMs,
    run: async () => {
      const report = await pollPrizeOuts(deps);
      if (report.paid + report.rejected + report.unanswered > 0)
        deps.logger.info('prize-out poll', { ...report });
      return report;
    },
    logger: deps.logger,
    failureMessage: 'prize-out poll failed',
    onFailure: () => ({ checked: 0, paid: 0, rejected: 0, unanswered: 0 }),
  });
}
