/**
 * `walletTransaction(db, userId, fn)`: the transaction to move one player's coins in.
 * One player's balance rows are a hot spot: under SERIALIZABLE, two transactions changing them
 * at once make one fail with 40001 and retry. Two measures keep that cheap:
 * - within this server process, work on the same player waits in a FIFO queue (an in-memory
 *   lock per player id; other players are not held up), so retries only happen between server
 *   instances;
 * - the retry budget is larger than the default (12 attempts), because a hot account can lose
 *   several rounds in a row when several instances write to it.
 * Correctness never depends on the queue: the database (row locks, CHECK, unique keys,
 * SERIALIZABLE) is the authority; the queue only avoids wasted attempts.
 */
import type { Database, Queryable } from '../../db/driver.ts';
import { Mutex } from '../../db/mutex.ts';
import { transaction } from '../../db/transaction.ts';

export const WALLET_TX_ATTEMPTS = 12;

const queues = new Map<string, { mutex: Mutex; users: number }>();

/** Runs `job` after earlier jobs of the same player in this process have finished. */
export async function withPlayerQueue<T>(userId: string, job: () => Promise<T>): Promise<T> {
  let entry = queues.get(userId);
  if (!entry) {
    entry = { mutex: new Mutex(), users: 0 };
    queues.set(userId, entry);
  }
  entry.users += 1;
  try {
    return await entry.mutex.run(job);
  } finally {
    entry.users -= 1;
    if (entry.users === 0) queues.delete(userId);
  }
}

export function walletTransaction<T>(db: Database, userId: string, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return withPlayerQueue(userId, () => transaction(db, fn, { attempts: WALLET_TX_ATTEMPTS, baseDelayMs: 3 }));
}
