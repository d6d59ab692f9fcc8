import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from './driver.ts';
import { listMigrations, migrate, splitStatements } from './migrate.ts';
import { transaction } from './transaction.ts';
import { Mutex } from './mutex.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/test-app.ts';
import { InsufficientFundsError, postLedgerEntry } from '../core/ledger/ledger.ts';
import { readBalances } from '../core/ledger/balances.ts';

let t: TestDatabase;
let db: Database;
beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
  await migrate(db);
});
afterAll(async () => t?.drop());

describe('migrations', () => {
  it('are recorded in order and not applied twice', async () => {
    const rows = await db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    );
    expect(rows.map((r) => r.version)).toEqual(listMigrations().map((m) => m.version));
    expect(await migrate(db)).toEqual([]);
  });

  it('refuse to run when an applied migration was edited', async () => {
    const [first] = listMigrations();
    await expect(migrate(db, [{ ...first!, checksum: 'changed' }])).rejects.toThrow(
      /was changed after it was applied/,
    );
  });

  it('split statements outside comments', () => {
    expect(splitStatements('-- a; comment\nCREATE TABLE a (x int);\nCREATE INDEX b ON a (x);\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE INDEX b ON a (x)',
    ]);
  });
});

describe('transaction helper', () => {
  const fakeDb = (failures: string[]): Database & { attempts: number } => {
    const self = {
      kind: 'pglite' as const,
      attempts: 0,
      query: async () => [],
      exec: async () => undefined,
      close: async () => undefined,
      transactionOnce: async <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> => {
        self.attempts += 1;
        const code = failures.shift();
        if (code) throw Object.assign(new Error(`sqlstate ${code}`), { code });
        return fn({ query: async () => [] });
      },
    };
    return self;
  };

  it('retries serialization failures and deadlocks, then succeeds', async () => {
    const f = fakeDb(['40001', '40P01', '40001']);
    expect(await transaction(f, async () => 'done', { baseDelayMs: 1 })).toBe('done');
    expect(f.attempts).toBe(4);
  });

  it('does not retry other errors and gives up after the attempts', async () => {
    const other = fakeDb(['23505']);
    await expect(transaction(other, async () => 1, { baseDelayMs: 1 })).rejects.toThrow(/23505/);
    expect(other.attempts).toBe(1);
    const always = fakeDb(['40001', '40001', '40001']);
    await expect(transaction(always, async () => 1, { attempts: 3, baseDelayMs: 1 })).rejects.toThrow(
      /40001/,
    );
    expect(always.attempts).toBe(3);
  });

  it('rolls back on error', async () => {
    await db.exec('CREATE TABLE IF NOT EXISTS tx_probe (v int)');
    await expect(
      transaction(db, async (tx) => {
        await tx.query('INSERT INTO tx_probe (v) VALUES (1)');
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await db.query('SELECT * FROM tx_probe')).toEqual([]);
  });

  it('concurrent increments under SERIALIZABLE all land (retries on 40001)', async () => {
    await db.exec(
      'CREATE TABLE IF NOT EXISTS counter (id int PRIMARY KEY, n int NOT NULL); INSERT INTO counter VALUES (1, 0) ON CONFLICT DO NOTHING',
    );
    await Promise.all(
      Array.from({ length: 10 }, () =>
        transaction(db, async (tx) => {
          const rows = await tx.query<{ n: number }>('SELECT n FROM counter WHERE id = 1');
          await tx.query('UPDATE counter SET n = $1 WHERE id = 1', [Number(rows[0]!.n) + 1]);
        }),
      ),
    );
    expect(Number((await db.query<{ n: number }>('SELECT n FROM counter WHERE id = 1'))[0]!.n)).toBe(10);
  });

  it('the PGlite mutex runs jobs one at a time in order', async () => {
    const m = new Mutex();
    const log: string[] = [];
    const job = (name: string, ms: number) =>
      m.run(async () => {
        log.push(`start ${name}`);
        await new Promise((r) => setTimeout(r, ms));
        log.push(`end ${name}`);
      });
    await Promise.all([
      job('a', 20),
      job('b', 1),
      m
        .run(async () => {
          throw new Error('x');
        })
        .catch(() => undefined),
      job('c', 1),
    ]);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });
});

describe('wallet ledger', () => {
  let userId: string;
  beforeAll(async () => {
    const rows = await db.query<{ id: string }>(
      `INSERT INTO users (email, password_hash, first_name, last_name, person_key, household_key, birth_year, birth_month, birth_day, postal_code, state_or_province)
       VALUES ('ledger@example.com', 'x', 'L', 'E', 'pk-ledger', 'hk-ledger', 1990, 1, 1, '60601', 'IL') RETURNING id`,
    );
    userId = rows[0]!.id;
  });

  it('credits, debits and records the balance after each entry', async () => {
    const credit = await transaction(db, (tx) =>
      postLedgerEntry(tx, {
        userId,
        currency: 'sweeps',
        bucket: 'redeemable',
        amountMinor: 1234,
        kind: 'win',
        reference: 'round-1',
        idempotencyKey: 'k1',
      }),
    );
    expect(credit).toMatchObject({ balanceAfterMinor: 1234, replayed: false });
    const debit = await transaction(db, (tx) =>
      postLedgerEntry(tx, {
        userId,
        currency: 'sweeps',
        bucket: 'redeemable',
        amountMinor: -234,
        kind: 'bet',
        reference: 'round-2',
        idempotencyKey: 'k2',
      }),
    );
    expect(debit.balanceAfterMinor).toBe(1000);
    expect(await readBalances(db, userId)).toMatchObject({
      balance_redeemable_ghc: 10,
      balance_total_ghc: 10,
      balance_total_gld: 0,
    });
  });

  it('replays an idempotency key without paying twice', async () => {
    const again = await transaction(db, (tx) =>
      postLedgerEntry(tx, {
        userId,
        currency: 'sweeps',
        bucket: 'redeemable',
        amountMinor: 1234,
        kind: 'win',
        reference: 'round-1',
        idempotencyKey: 'k1',
      }),
    );
    expect(again.replayed).toBe(true);
    expect((await readBalances(db, userId)).balance_redeemable_ghc).toBe(10);
  });

  it('refuses an overdraft (CHECK >= 0) and leaves no entry', async () => {
    await expect(
      transaction(db, (tx) =>
        postLedgerEntry(tx, {
          userId,
          currency: 'gold',
          bucket: 'main',
          amountMinor: -1,
          kind: 'bet',
          reference: 'r',
          idempotencyKey: 'k3',
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await db.query("SELECT 1 FROM ledger_entries WHERE idempotency_key = 'k3'")).toEqual([]);
  });

  it('the ledger refuses unknown kinds and buckets', async () => {
    await expect(
      db.query(
        `INSERT INTO ledger_entries (user_id, currency, bucket, amount_minor, balance_after_minor, kind, reference, idempotency_key)
                VALUES ($1, 'gold', 'main', 5, 5, 'gift', 'r', 'k4')`,
        [userId],
      ),
    ).rejects.toThrow();
    await expect(
      db.query(
        "INSERT INTO wallet_balances (user_id, currency, bucket, amount_minor) VALUES ($1, 'gold', 'free', 1)",
        [userId],
      ),
    ).rejects.toThrow();
  });
});
