/**
 * SQL of address_update_requests (migration 0037): one row per address change the player asked
 * for, and the player's row it is decided under (docs/account.md "Changing the address").
 */
import type { AddressRequestReason } from '../../../src/contract/address-requests.ts';
import type { IdentityState } from '../../../src/contract/player-standing.ts';
import { constraintName, sqlState, type Queryable } from '../../db/driver.ts';
import type { CheckedAddress } from './address.ts';

export type StoredRequestStatus = 'pending' | 'applied' | 'refused' | 'superseded';

export interface AddressRequestRow {
  [key: string]: unknown;
  id: string | number;
  user_id: string;
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state_or_province: string;
  postal_code: string;
  status: StoredRequestStatus;
  reason: AddressRequestReason | null;
  error_message: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}

export interface PlayerAddressRow {
  [key: string]: unknown;
  identity_state: IdentityState;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  state_or_province: string;
  postal_code: string;
}

/** Locks the player's row (one address decision of a player at a time) and answers what it decides on. */
export async function lockPlayerAddress(tx: Queryable, userId: string): Promise<PlayerAddressRow | null> {
  const rows = await tx.query<PlayerAddressRow>(
    `SELECT identity_state, address_line_1, address_line_2, city, state_or_province, postal_code
       FROM users WHERE id = $1 FOR UPDATE`,
    [userId],
  );
  return rows[0] ?? null;
}

/** A newer request (or a direct change) replaces the waiting one. */
export async function supersedePending(tx: Queryable, userId: string, nowIso: string): Promise<void> {
  await tx.query(
    `UPDATE address_update_requests SET status = 'superseded', decided_at = $2
      WHERE user_id = $1 AND status = 'pending'`,
    [userId, nowIso],
  );
}

export async function insertAddressRequest(
  tx: Queryable,
  userId: string,
  a: CheckedAddress,
  status: 'pending' | 'applied',
  reason: AddressRequestReason | null,
  nowIso: string,
): Promise<void> {
  try {
    await insertRow(tx, userId, a, status, reason, nowIso);
  } catch (error) {
    // Two changes of one player in a burst: the player's row lock orders them, but a SERIALIZABLE
    // transaction reads from its snapshot, taken before it waited for that lock, so it did not see
    // (and supersede) the pending request the winner wrote. That is a serialization conflict: the
    // transaction helper runs it again, and the retry supersedes the winner's request.
    if (sqlState(error) === '23505' && constraintName(error) === 'address_update_requests_one_pending')
      throw Object.assign(new Error('address request raced another', { cause: error }), { code: '40001' });
    throw error;
  }
}

async function insertRow(
  tx: Queryable,
  userId: string,
  a: CheckedAddress,
  status: 'pending' | 'applied',
  reason: AddressRequestReason | null,
  nowIso: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO address_update_requests
       (user_id, address_line_1, address_line_2, city, state_or_province, postal_code, status, reason,
        created_at, decided_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      userId,
      a.address_line_1,
      a.address_line_2,
      a.city,
      a.state_or_province,
      a.postal_code,
      status,
      reason,
      nowIso,
      status === 'applied' ? nowIso : null,
    ],
  );
}

const REQUEST_COLUMNS = `id, user_id, address_line_1, address_line_2, city, state_or_province, postal_code,
  status, reason, error_message, created_at, decided_at`;

/** The waiting request, locked when `tx` is a transaction. */
export async function findPendingRequest(
  db: Queryable,
  userId: string,
  lock = false,
): Promise<AddressRequestRow | null> {
  const rows = await db.query<AddressRequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM address_update_requests WHERE user_id = $1 AND status = 'pending'${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

/** The player's latest request that was not replaced by a newer one, or null. */
export async function latestAddressRequest(db: Queryable, userId: string): Promise<AddressRequestRow | null> {
  const rows = await db.query<AddressRequestRow>(
    `SELECT ${REQUEST_COLUMNS} FROM address_update_requests
      WHERE user_id = $1 AND status <> 'superseded'
      ORDER BY id DESC LIMIT 1`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Decides a waiting request once (a request decided meanwhile is left as it is). */
export async function decideAddressRequest(
  tx: Queryable,
  id: string | number,
  decision: { status: 'applied' | 'refused'; reason: AddressRequestReason | null; message: string | null },
  nowIso: string,
): Promise<boolean> {
  const rows = await tx.query<{ id: unknown }>(
    `UPDATE address_update_requests SET status = $2, reason = COALESCE($3, reason), error_message = $4, decided_at = $5
      WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, decision.status, decision.reason, decision.message, nowIso],
  );
  return rows.length > 0;
}
