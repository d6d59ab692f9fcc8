/**
 * Versioned SQL migrations: files NNNN_name.sql in ./migrations, applied in order, each in its
 * own transaction together with its row in schema_migrations. Applied files must never be
 * edited; add a new file instead (a changed checksum stops the start with a clear message).
 * An advisory lock keeps two instances starting together from migrating twice.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './driver.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const LOCK_ID = 7_341_002;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((file) => {
      const sql = readFileSync(`${dir}/${file}`, 'utf8');
      return {
        version: Number(file.slice(0, 4)),
        name: file.replace(/\.sql$/, ''),
        sql,
        checksum: createHash('sha256').update(sql).digest('hex'),
      };
    });
}

/** Applies pending migrations; answers the versions applied now. */
export async function migrate(db: Database, migrations: Migration[] = listMigrations()): Promise<number[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    checksum text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: number[] = [];
  for (const m of migrations) {
    const done = await db.transactionOnce(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
      const rows = await tx.query<{ checksum: string }>(
        'SELECT checksum FROM schema_migrations WHERE version = $1',
        [m.version],
      );
      if (rows[0]) {
        if (rows[0].checksum !== m.checksum) {
          throw new Error(
            `Migration ${m.name} was changed after it was applied. Restore it and add a new migration instead.`,
          );
        }
        return false;
      }
      // Each migration file is a list of statements; run them one by one inside the transaction.
      for (const statement of splitStatements(m.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        m.version,
        m.name,
        m.checksum,
      ]);
      return true;
    });
    if (done) applied.push(m.version);
  }
  return applied;
}

/** Splits on semicolons at line ends outside comments (the migrations use no function bodies). */
export function splitStatements(sql: string): string[] {
  return sql
    .split('\n')
    .filter((line) => !line.trim().startsWith('--'))
    .join('\n')
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
