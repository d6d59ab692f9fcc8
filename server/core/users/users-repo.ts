/** Reading player rows and shaping them as the wire User. */
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import type { User } from '../../../src/contract/schemas.ts';
import { PROHIBITED_STATES_VALUE_SQL, stateHold } from '../sweeps-eligibility.ts';
import type { Queryable } from '../../db/driver.ts';
import type { IdentityState, PlayRestriction, W9State } from '../../../src/contract/player-standing.ts';
import { pendingAcceptanceExistsSql } from '../pending-legal-documents.ts';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  birth_year: number;
  birth_month: number;
  birth_day: number;
  postal_code: string;
  state_or_province: string;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  phone: string | null;
  first_purchase_name: string | null;
  account_state: User['account_state'];
  mobile_verified: boolean;
  user_data: Record<string, unknown>;
  promo_code: string | null;
  last_password_change: Date | string | null;
  created_at: Date | string;
  identity_state: IdentityState;
  w9_state: W9State;
  suspended_at: Date | string | null;
  play_restriction: PlayRestriction | null;
  play_restricted_until: Date | string | null;
  /** Why a closed account was closed (src/contract/account.ts CLOSED_REASONS). */
  closed_reason: string | null;
  /** Created without a birth date: the birth-date dialog asks for it. */
  birth_date_needed: boolean;
  /** The id of the player's current picture (table avatars), or null. */
  avatar_id: string | null;
  /** The redeem form in progress (the spec's temp_withdrawal_data; features/redemption/withdrawal-data.ts). */
  temp_withdrawal_data?: unknown;
  /** No legal document that must be accepted has a newer version than the player accepted. */
  accepted_updated_terms: boolean;
  /** An address change request waits for its check (table address_update_requests, payments). */
  address_update_pending: boolean;
  /** The refusal message of the player's latest address change request, or null. */
  address_update_error_message: string | null;
  /** The operator's prohibited_states value, read with the row (findUserById / findUserByEmail). */
  prohibited_states_value?: string | null;
  [key: string]: unknown;
}

const COLUMNS = `id, email, password_hash, first_name, last_name, birth_year, birth_month, birth_day, postal_code,
  state_or_province, address_line_1, address_line_2, city, phone, first_purchase_name, account_state,
  mobile_verified, user_data, promo_code, last_password_change, created_at, identity_state, w9_state,
  suspended_at, play_restriction, play_restricted_until, closed_reason, birth_date_needed, avatar_id, temp_withdrawal_data,
  NOT ${pendingAcceptanceExistsSql('users.id')} AS accepted_updated_terms,
  EXISTS (SELECT 1 FROM address_update_requests r
           WHERE r.user_id = users.id AND r.status = 'pending') AS address_update_pending,
  (SELECT r.error_message FROM address_update_requests r
    WHERE r.user_id = users.id AND r.status <> 'superseded'
    ORDER BY r.id DESC LIMIT 1) AS address_update_error_message,
  reauthentication_due_at,
  ${PROHIBITED_STATES_VALUE_SQL} AS prohibited_states_value`;

export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The player's state (two letters), or null when there is no such player. */
export async function stateOfUser(db: Queryable, id: string): Promise<string | null> {
  const rows = await db.query<{ state_or_province: string }>(
    'SELECT state_or_province FROM users WHERE id = $1',
    [id],
  );
  return rows[0]?.state_or_province ?? null;
}

/** The player's id, e-mail address and name (what a partner such as the help center is told), or null. */
export async function findUserContact(
  db: Queryable,
  id: string,
): Promise<{ id: string; email: string; first_name: string; last_name: string } | null> {
  const rows = await db.query<{ id: string; email: string; first_name: string; last_name: string }>(
    'SELECT id, email, first_name, last_name FROM users WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

/** `normalizedEmail` from normalizeEmail(); emails are stored normalised. */
export async function findUserByEmail(db: Queryable, normalizedEmail: string): Promise<UserRow | null> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = $1`, [
    normalizedEmail,
  ]);
  return rows[0] ?? null;
}

/** Where the app loads a picture from (public and immutable, see server/features/account). */
const avatarUrl = (id: string): string => `${API_PREFIX}/avatars/${encodeURIComponent(id)}`;

/** The jsonb column as an object (drivers answer jsonb parsed; a text answer is parsed here). */
const keptWithdrawalData = (v: unknown): User['temp_withdrawal_data'] => {
  const value = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return value && typeof value === 'object' ? (value as User['temp_withdrawal_data']) : null;
};

const isoOrNull = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

export function toWireUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    first_purchase_name: row.first_purchase_name,
    account_state: row.account_state,
    birth_year: Number(row.birth_year),
    birth_month: Number(row.birth_month),
    birth_day: Number(row.birth_day),
    postal_code: row.postal_code,
    state_or_province: row.state_or_province,
    address_line_1: row.address_line_1,
    address_line_2: row.address_line_2,
    city: row.city,
    phone: row.phone,
    mobile_verified: row.mobile_verified,
    // The state's hold only (gold-only mode is applied to every answer by http/gold-only.ts); the
    // identity state's hold on play the app reads from identity_state (sweeps-eligibility.ts).
    sweeps_eligible:
      stateHold({ goldOnly: false }, row.prohibited_states_value, row.state_or_province) === null,
    identity_state: row.identity_state,
    reauthentication_required: row.reauthentication_due_at != null,
    w9_state: row.w9_state,
    suspended: row.suspended_at !== null,
    play_restriction: row.play_restriction,
    play_restricted_until: isoOrNull(row.play_restricted_until),
    user_data: row.user_data ?? {},
    updatedBirthDate: !row.birth_date_needed,
    acceptedUpdatedTermsAndConditions: row.accepted_updated_terms !== false,
    address_update_pending: row.address_update_pending === true,
    address_update_error_message: row.address_update_error_message ?? null,
    profile_pic: row.avatar_id ? avatarUrl(row.avatar_id) : null,
    temp_withdrawal_data: keptWithdrawalData(row.temp_withdrawal_data),
    last_password_change: isoOrNull(row.last_password_change),
    created_at: new Date(row.created_at).toISOString(),
  };
}
