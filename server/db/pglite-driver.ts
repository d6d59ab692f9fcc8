/**
 * Embedded PostgreSQL (PGlite, WebAssembly) stored in a folder, or in memory for tests.
 * PGlite has exactly one connection, so every statement and every transaction goes through one
 * FIFO mutex: a transaction holds it from BEGIN to COMMIT and nothing interleaves.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable, Row } from './driver.ts';
import { Mutex } from './mutex.ts';

export async function openPglite(dir: string | null): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const pg = dir ? new PGlite(dir) : new PGlite();
  await pg.waitReady;
  const mutex = new Mutex();

  const run = async <T extends Row>(
    q: Pick<PGlite, 'query'>,
    sql: string,
    params?: readonly unknown[],
  ): Promise<T[]> => {
    const result = await q.query<T>(sql, params ? [...params] : undefined);
    return result.rows;
  };

  return {
    kind: 'pglite',
    query: (sql, params) => mutex.run(() => run(pg, sql, params)),
    exec: (sql) => mutex.run(async () => void (await pg.exec(sql))),
    transactionOnce: (fn) =>
      mutex.run(() =>
        pg.transaction(async (tx) => {
          const handle: Queryable = { query: (sql, params) => run(tx, sql, params) };
          return fn(handle);
        }),
      ),
    close: () => mutex.run(() => pg.close()),
  };
}
