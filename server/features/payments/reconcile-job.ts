/**
 * The reconciliation job of a server process: once at start, then every
 * RECONCILE_INTERVAL_SECONDS, it
 * 1. keeps this process registered as alive (server_instances heartbeat); at start it marks the
 *    previous process of the same host and data folder dead (a restart replaces it);
 * 2. releases the Idempotency-Key claims of dead processes (`releaseAbandonedClaims`), so a
 *    retried request runs at once instead of answering 409 IDEMPOTENCY_IN_PROGRESS;
 * 3. settles purchases that are not final by asking the providers (`reconcilePurchases`);
 * 4. gives back the payments refused since (closed account, another player's bank account) whose
 *    refund the provider has not confirmed yet (`refundDuePurchases`).
 * Runs never overlap within a process; two processes may run at once (every step is safe twice).
 * main.ts starts it; tests call `runOnce()` or start it with a short interval.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import type { AppDeps } from '../../core/deps.ts';
import { SERVER_PROCESS_ID, releaseAbandonedClaims } from '../../http/idempotency.ts';
import { startIntervalJob, type IntervalJob } from '../../jobs/interval-job.ts';
import { reconcilePurchases, type ReconcileReport } from './reconcile.ts';
import { refundDuePurchases } from './refunds.ts';

export type ReconciliationJob = IntervalJob<ReconcileReport | null>;

export interface ReconciliationJobOptions {
  intervalMs: number;
  /** Names this host and data folder; default from os.hostname() and config.dataDir. */
  home?: string;
  processId?: string;
  /** Default: two intervals, at least 10 s. */
  orphanGraceMs?: number;
}

/** A process whose heartbeat is older than this many intervals (plus slack) is dead. */
const MISSED_HEARTBEATS = 3;
const HEARTBEAT_SLACK_MS = 10_000;

export const homeOf = (dataDir: string): string =>
  createHash('sha256').update(`${os.hostname()}\n${dataDir}`).digest('hex').slice(0, 32);

export function startReconciliationJob(deps: AppDeps, options: ReconciliationJobOptions): ReconciliationJob {
  const { db, logger } = deps;
  const processId = options.processId ?? SERVER_PROCESS_ID;
  const home = options.home ?? homeOf(deps.config.dataDir);
  const orphanGraceMs = options.orphanGraceMs ?? Math.max(2 * options.intervalMs, 10_000);
  let registered = false;

  const heartbeat = async (nowIso: string) => {
    if (!registered) {
      // A new process on the same home replaces the previous one: its claims are released now.
      await db.query(
        `UPDATE server_instances SET heartbeat_at = '1970-01-01T00:00:00Z' WHERE home = $1 AND id <> $2`,
        [home, processId],
      );
      registered = true;
    }
    await db.query(
      `INSERT INTO server_instances (id, home, started_at, heartbeat_at) VALUES ($1, $2, $3, $3)
       ON CONFLICT (id) DO UPDATE SET heartbeat_at = $3`,
      [processId, home, nowIso],
    );
  };

  const run = async (): Promise<ReconcileReport | null> => {
    const now = deps.now();
    await heartbeat(new Date(now).toISOString());
    const liveSince = now - MISSED_HEARTBEATS * options.intervalMs - HEARTBEAT_SLACK_MS;
    const released = await releaseAbandonedClaims(db, now, liveSince);
    if (released > 0) logger.info('idempotency claims of stopped servers released', { released });
    // Rows of processes gone for a day and holding no claim are history.
    await db.query(
      `DELETE FROM server_instances s WHERE s.heartbeat_at < $1
         AND NOT EXISTS (SELECT 1 FROM idempotency_requests r WHERE r.claimed_by = s.id)`,
      [new Date(now - 24 * 3600_000).toISOString()],
    );
    const report = await reconcilePurchases(deps, { orphanGraceMs });
    if (report.settled > 0 || report.errors > 0) logger.info('payment reconciliation', { ...report });
    const refunds = await refundDuePurchases(deps);
    if (refunds.refunded > 0 || refunds.errors > 0) logger.info('refused payments given back', refunds);
    return report;
  };

  return startIntervalJob({
    intervalMs: options.intervalMs,
    run,
    logger,
    failureMessage: 'payment reconciliation run failed',
    onFailure: () => null,
  });
}
