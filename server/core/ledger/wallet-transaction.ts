/**
 * `walletTransaction(db, userId, fn)`: the transaction to move one player's coins in.
 *
 * Isolation: READ COMMITTED with explicit row locks, not the default SERIALIZABLE. Measured on
 * PostgreSQL 15 (docs/ledger.md, concurrency): SERIALIZABLE's predicate locks are page- or
 * relation-grained, so purchases of *different* players touching the same small pages of
 * wallet_balances / ledger_entries failed with 40001 several times per success. The ledger does not
 * need them, because every rule it keeps is enforced by a lock or a constraint that holds at any
 * isolation level:
 * - postLedgerEntry locks the player's balance rows of the currency (FOR UPDATE) before changing
 *   one, so the balance after and the currency total it records are exact;
 * - a balance never goes below 0: CHECK (amount_minor >= 0) on the updated row;
 * - a key is written once: UNIQUE idempotency_key (a duplicate racing past the replay check
 *   fails with 23505, the transaction is rolled back and retried, and the retry replays);
 * - spendSweeps reads the buckets FOR UPDATE; promo codes lock the code and the player rows.
 * Retries: 40001/40P01 by `transaction()` (12 attempts), 23505 on the ledger key here.
 *
 * Within this process, one player's money work also waits in a FIFO queue (an in-memory lock per
 * player id), which avoids lock waits and retries between a player's own concurrent requests.
 * Correctness never depends on the queue: the database is the authority.
 */
import { constraintName, sqlState, type Database, type Queryable } from '../../db/driver.ts';
import { Mutex } from '../../db/mutex.ts';
import { transaction } from '../../db/transaction.ts';

export const WALLET_TX_ATTEMPTS = 12;
const DUPLICATE_KEY_RETRIES = 3;

type Queues = Map<string, { mutex: Mutex; users: number }>;
/** One set of queues per database handle (a server instance has one; tests open two to act as two instances). */
const queuesByDb = new WeakMap<Database, Queues>();

/** Runs `job` after earlier jobs of the same player on this database handle have finished. */
export async function withPlayerQueue<T>(db: Database, userId: string, job: () => Promise<T>): Promise<T> {
  let queues = queuesByDb.get(db);
  if (!queues) {
    queues = new Map();
    queuesByDb.set(db, queues);
  }
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

const isLedgerKeyRace = (error: unknown): boolean =>
  sqlState(error) === '23505' &&
  (constraintName(error) ?? String((error as Error).message)).includes('idempotency_key');

export function walletTransaction<T>(
  db: Database,
  userId: string,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const once = () =>
    transaction(
      db,
      async (tx) => {
        // Must be the first statement of the transaction (before any snapshot is taken).
        await tx.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
        return fn(tx);
      },
      { attempts: WALLET_TX_ATTEMPTS, baseDelayMs: 3 },
    );
  return withPlayerQueue(db, userId, async () => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await once();
      } catch (error) {
        if (!isLedgerKeyRace(error) || attempt >= DUPLICATE_KEY_RETRIES) throw error;
      }
    }
  });
}
