/**
 * The transaction helper. Runs `fn` in a SERIALIZABLE transaction and retries it, with
 * jittered exponential backoff, when PostgreSQL reports a serialization failure (40001) or a
 * deadlock (40P01): both mean "another transaction won, try again", and the retry then sees
 * the winner's rows. `fn` may run more than once, so it must only touch the database.
 */
import { sqlState, type Database, type Queryable } from './driver.ts';

const RETRYABLE = new Set(['40001', '40P01']);

export interface RetryOptions {
  attempts?: number;
  baseDelayMs?: number;
}

export async function transaction<T>(
  db: Database,
  fn: (tx: Queryable) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 8;
  const base = options.baseDelayMs ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transactionOnce(fn);
    } catch (error) {
      const state = sqlState(error);
      if (!state || !RETRYABLE.has(state) || attempt >= attempts) throw error;
      const delay = base * 2 ** (attempt - 1) * (0.5 + Math.random());
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
