/**
 * Rounds left open (tab closed, network lost) resume where they stopped; one not acted on for
 * 24 hours is completed by the server with the game's default action (written in its rules:
 * stand, draw holding nothing, ...), applied until the round is finished, and its win credited.
 * The round is marked auto_completed. Each round is completed in its own wallet transaction,
 * re-checked under its row lock, so two server instances running the job complete it once.
 *
 * main.ts runs the job every GAMES_AUTO_COMPLETE_INTERVAL_SECONDS; tests call
 * `completeInterruptedRounds` with a moved clock.
 */
import { fairFloats } from '../../../games/engines/fair-random.ts';
import { engineOf, type EngineRegistry } from '../../../games/engines/registry.ts';
import type { Database } from '../../db/driver.ts';
import { startIntervalJob, type IntervalJob } from '../../jobs/interval-job.ts';
import type { Logger } from '../../platform/logger.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import { findRound, jsonValue } from './round-store.ts';
import { applyActions } from './rounds.ts';

export const ROUND_IDLE_LIMIT_MS = 24 * 3600_000;
/** A default action that never finishes its round is an engine bug: stop instead of looping. */
const MAX_DEFAULT_ACTIONS = 200;
const BATCH = 100;

export interface InterruptedRoundsDeps {
  db: Database;
  now: () => number;
  engines: EngineRegistry;
  logger: Pick<Logger, 'info' | 'error'>;
}

export interface CompletionReport {
  completed: number;
  failed: number;
}

export async function completeInterruptedRounds(deps: InterruptedRoundsDeps): Promise<CompletionReport> {
  const cutoff = new Date(deps.now() - ROUND_IDLE_LIMIT_MS).toISOString();
  const due = await deps.db.query<{ id: string; user_id: string }>(
    `SELECT id, user_id FROM game_rounds WHERE status = 'open' AND updated_at <= $1 ORDER BY updated_at LIMIT ${BATCH}`,
    [cutoff],
  );
  const report: CompletionReport = { completed: 0, failed: 0 };
  for (const { id, user_id: userId } of due) {
    try {
      const done = await walletTransaction(deps.db, userId, async (tx) => {
        const row = await findRound(tx, { id, userId }, { lock: true });
        // Acted on or completed meanwhile (by the player, or by another instance's job).
        if (!row || row.status !== 'open' || new Date(row.updated_at).toISOString() > cutoff) return false;
        const engine = engineOf(deps.engines, row.game_id);
        if (!engine) throw new Error(`No engine for game ${row.game_id}`);
        // Each default action depends on the state the previous one left, so they are chosen
        // here first; applyActions then applies them like a player's actions (money, storage).
        const actions: Array<{ raw: unknown; parsed: unknown }> = [];
        const floats = fairFloats(row.server_seed, row.client_seed, Number(row.nonce));
        let state: unknown = jsonValue(row.state);
        while (!engine.finished(state)) {
          if (actions.length >= MAX_DEFAULT_ACTIONS)
            throw new Error('The default action does not finish the round');
          const action = engine.defaultAction(state);
          actions.push({ raw: action, parsed: action });
          state = engine.act(state, action, floats);
        }
        if (actions.length === 0) return false;
        await applyActions(deps, tx, row, engine, actions, {
          keyBase: `auto-complete:${row.id}`,
          autoCompleted: true,
        });
        return true;
      });
      if (done) report.completed += 1;
    } catch (error) {
      report.failed += 1;
      deps.logger.error('interrupted round not completed', {
        round_id: id,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  if (report.completed > 0) deps.logger.info('interrupted rounds completed', { ...report });
  return report;
}

export type InterruptedRoundsJob = IntervalJob<CompletionReport>;

/** Runs at start and then every `intervalMs`; runs never overlap within a process. */
export function startInterruptedRoundsJob(
  deps: InterruptedRoundsDeps,
  options: { intervalMs: number },
): InterruptedRoundsJob {
  return startIntervalJob({
    intervalMs: options.intervalMs,
    run: () => completeInterruptedRounds(deps),
    logger: deps.logger,
    failureMessage: 'interrupted rounds run failed',
    onFailure: () => ({ completed: 0, failed: 0 }),
  });
}
