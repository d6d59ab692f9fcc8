/**
 * Migration 0033 on accounts made under the old keys (person with ZIP, household = family name +
 * ZIP): person keys lose their ZIP, a person's later second account is marked for review instead
 * of failing the unique index, and household keys come from the address on file (docs/account.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMigrations, migrate } from './migrate.ts';
import type { Database } from './driver.ts';
import { openTestDatabase, type TestDatabase } from '../test-support/test-app.ts';

let t: TestDatabase;
let db: Database;
beforeAll(async () => {
  t = await openTestDatabase();
  db = t.db;
  await migrate(
    db,
    listMigrations().filter((m) => m.version < 33),
  );
});
afterAll(async () => t?.drop());

const insert = (
  email: string,
  person: string,
  household: string,
  created: string,
  line1: string | null,
  line2: string | null,
  zip: string,
) =>
  db.query(
    `INSERT INTO users (email, password_hash, first_name, last_name, person_key, household_key, birth_year, birth_month,
       birth_day, postal_code, state_or_province, address_line_1, address_line_2, created_at)
     VALUES ($1, 'x', 'Ann', 'Lee', $2, $3, 1990, 1, 1, $4, 'IL', $5, $6, $7)`,
    [email, person, household, zip, line1, line2, created],
  );

describe('migration 0033 (identity keys)', () => {
  it('recomputes person and household keys of existing accounts', async () => {
    await insert(
      'a@example.com',
      'ann|lee|1990-01-01|60601',
      'lee|60601',
      '2025-01-01T00:00:00Z',
      '12 Elm Street',
      'Apartment 4',
      '60601',
    );
    await insert(
      'b@example.com',
      'ann|lee|1990-01-01|62701',
      'lee|62701',
      '2025-06-01T00:00:00Z',
      '12 elm st. apt 4',
      null,
      '60601',
    );
    await insert(
      'c@example.com',
      'bo|lee|1991-02-03|60601',
      'lee|60601',
      '2025-02-01T00:00:00Z',
      null,
      null,
      '60601',
    );
    await migrate(db);
    const rows = await db.query<{
      id: string;
      email: string;
      person_key: string;
      household_key: string | null;
    }>('SELECT id, email, person_key, household_key FROM users ORDER BY email');
    const b = rows.find((r) => r.email === 'b@example.com')!;
    expect(rows.map((r) => [r.email, r.person_key, r.household_key])).toEqual([
      ['a@example.com', 'ann|lee|1990-01-01', '12 elm st 4|60601'],
      ['b@example.com', `ann|lee|1990-01-01|duplicate:${b.id}`, '12 elm st 4|60601'],
      ['c@example.com', 'bo|lee|1991-02-03', null],
    ]);
    // The person key is still unique.
    await expect(
      insert('d@example.com', 'ann|lee|1990-01-01', 'x', '2026-01-01T00:00:00Z', null, null, '60601'),
    ).rejects.toThrow();
  });
});
