/**
 * Closing a challenge week and paying its prizes (docs/leaderboard.md).
 *
 * A week is due once its end has passed (the app clock is in a later week) and it has ranked
 * entries but no leaderboard_weeks row. Each week closes in ONE transaction: it first inserts the
 * week's row (the second of two instances waits on the key and then finds it, so it pays
 * nothing), then walks the final ranking: a player the play gate refuses a bonus (suspended, on a
 * break, self-excluded) or whose account is closed is passed over (an award row 'skipped' with the
 * reason) and the next player takes the place; each placed player receives the prize of their
 * place through the ledger, kind 'promo' (Gold to main, Sweeps to free), keys
 * `leaderboard:<challenge>:<week>:rank:<n>:<currency>:<bucket>`. Sweeps are not credited in
 * gold-only mode nor to a player of an excluded state (the Gold part still is).
 *
 * main.ts runs the job at start (a server that was down at the boundary pays late) and every
 * LEADERBOARD_CLOSE_INTERVAL_SECONDS; tests call `closeEndedWeeks` with a moved clock.
 */
import { sweepsGrantHold } from '../../core/sweeps-eligibility.ts';
import { rankRangeText } from '../../../src/contract/leaderboard.ts';
import type { Database, Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import { startIntervalJob, type IntervalJob } from '../../jobs/interval-job.ts';
import type { Logger } from '../../platform/logger.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { entryKey, postLedgerEntry } from '../../core/ledger/ledger.ts';
import { prizeOfRank, prizesOf, rankedEntries, type RankedEntry } from './board.ts';
import { challengeWeekOf } from './challenge-week.ts';

export interface WeekCloseDeps {
  db: Database;
  now: () => number;
  config: { goldOnly: boolean };
  logger: Pick<Logger, 'info' | 'error'>;
}

export interface WeekCloseReport {
  /** Weeks this run closed. */
  closed: number;
  credited: number;
  skipped: number;
}

export const PRIZE_DESCRIPTION = 'Weekly challenge prize';

export async function closeEndedWeeks(deps: WeekCloseDeps): Promise<WeekCloseReport> {
  const current = challengeWeekOf(deps.now()).start;
  const due = await deps.db.query<{ challenge_id: string; week_start: string }>(
    `SELECT DISTINCT e.challenge_id, e.week_start FROM leaderboard_entries e
      WHERE e.week_start < $1 AND e.points > 0
        AND NOT EXISTS (SELECT 1 FROM leaderboard_weeks w
                         WHERE w.challenge_id = e.challenge_id AND w.week_start = e.week_start)
      ORDER BY e.week_start, e.challenge_id`,
    [current],
  );
  const report: WeekCloseReport = { closed: 0, credited: 0, skipped: 0 };
  for (const { challenge_id: challengeId, week_start: week } of due) {
    const outcome = await transaction(
      deps.db,
      async (tx) => {
        // Row locks, not predicate locks, keep this right (as in wallet-transaction.ts).
        await tx.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
        return closeWeek(tx, deps, challengeId, week);
      },
      { attempts: 12, baseDelayMs: 5 },
    );
    if (!outcome) continue;
    report.closed += 1;
    report.credited += outcome.credited;
    report.skipped += outcome.skipped;
  }
  if (report.closed > 0) deps.logger.info('leaderboard weeks closed', { ...report });
  return report;
}

async function closeWeek(
  tx: Queryable,
  deps: WeekCloseDeps,
  challengeId: string,
  week: string,
): Promise<{ credited: number; skipped: number } | null> {
  const nowMs = deps.now();
  const nowIso = new Date(nowMs).toISOString();
  const claimed = await tx.query(
    `INSERT INTO leaderboard_weeks (challenge_id, week_start, closed_at) VALUES ($1, $2, $3)
     ON CONFLICT (challenge_id, week_start) DO NOTHING RETURNING week_start`,
    [challengeId, week, nowIso],
  );
  // Closed already, by this instance's earlier run or by another instance.
  if (claimed.length === 0) return null;
  const [challenge] = await tx.query<{ name: string }>(
    'SELECT name FROM leaderboard_challenges WHERE id = $1',
    [challengeId],
  );
  const prizes = await prizesOf(tx, challengeId);
  const lastPaidRank = Math.max(0, ...prizes.map((p) => p.rank_to));
  const entries = await rankedEntries(tx, challengeId, week, null);
  let rank = 0;
  let credited = 0;
  let skipped = 0;
  for (const entry of entries) {
    if (rank >= lastPaidRank) break;
    const refusal = await bonusRefusal(tx, entry.user_id, nowMs);
    if (refusal) {
      await writeAward(
        tx,
        challengeId,
        week,
        entry,
        { rank: null, gold: 0, sweeps: 0, skipCode: refusal },
        nowIso,
      );
      skipped += 1;
      continue;
    }
    rank += 1;
    const prize = prizeOfRank(prizes, rank);
    if (!prize) continue;
    const gold = Number(prize.gold_coins);
    const sweeps =
      (await sweepsGrantHold(tx, deps.config, entry.user_id)) !== null ? 0 : Number(prize.sweeps_cents);
    const requestKey = `leaderboard:${challengeId}:${week}:rank:${rank}`;
    const description = `${PRIZE_DESCRIPTION}: ${challenge?.name ?? challengeId}, ${rankRangeText(rank, rank)} place (week of ${week})`;
    const common = {
      userId: entry.user_id,
      kind: 'promo' as const,
      reference: `leaderboard:${challengeId}:${week}`,
      description: description.slice(0, 200),
      // The prize is dated when it is paid; the week it belongs to is in the description.
      createdAt: nowIso,
    };
    if (gold > 0)
      await postLedgerEntry(tx, {
        ...common,
        currency: 'gold',
        bucket: 'main',
        amountMinor: gold,
        idempotencyKey: entryKey(requestKey, 'gold', 'main'),
      });
    if (sweeps > 0)
      await postLedgerEntry(tx, {
        ...common,
        currency: 'sweeps',
        bucket: 'free',
        amountMinor: sweeps,
        idempotencyKey: entryKey(requestKey, 'sweeps', 'free'),
      });
    await writeAward(tx, challengeId, week, entry, { rank, gold, sweeps, skipCode: null }, nowIso);
    credited += 1;
  }
  return { credited, skipped };
}

/** Why the player may not receive a bonus now (the refusal's code), or null. */
async function bonusRefusal(tx: Queryable, userId: string, nowMs: number): Promise<string | null> {
  const [user] = await tx.query<{ account_state: string }>('SELECT account_state FROM users WHERE id = $1', [
    userId,
  ]);
  if (!user || user.account_state === 'closed') return 'ACCOUNT_CLOSED';
  try {
    await assertMayAct(tx, userId, 'bonus', nowMs);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

async function writeAward(
  tx: Queryable,
  challengeId: string,
  week: string,
  entry: RankedEntry,
  award: { rank: number | null; gold: number; sweeps: number; skipCode: string | null },
  nowIso: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO leaderboard_awards (challenge_id, week_start, user_id, rank, points, gold_coins, sweeps_cents, status,
       skip_code, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      challengeId,
      week,
      entry.user_id,
      award.rank,
      Number(entry.points),
      award.gold,
      award.sweeps,
      award.rank === null ? 'skipped' : 'credited',
      award.skipCode,
      nowIso,
    ],
  );
}

export type WeekCloseJob = IntervalJob<WeekCloseReport>;

/** Runs at start and then every `intervalMs`; runs never overlap within a process. */
export function startWeekCloseJob(deps: WeekCloseDeps, options: { intervalMs: number }): WeekCloseJob {
  return startIntervalJob({
    intervalMs: options.intervalMs,
    run: () => closeEndedWeeks(deps),
    logger: deps.logger,
    failureMessage: 'leaderboard week close failed',
    onFailure: () => ({ closed: 0, credited: 0, skipped: 0 }),
  });
}
