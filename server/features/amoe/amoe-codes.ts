/**
 * AMOE codes, the operator's side: the list of postal requests (mailed-in letters are matched by
 * their postal request code) and issuing the one AMOE code of a request, bound to its player.
 *
 * Storage: amoe_codes keeps only the SHA-256 of a code (plus its last four characters for
 * support), so the table cannot be used to redeem anything. A code expires AMOE_CODE_VALID_DAYS
 * after delivery; issuing is the delivery (the operator hands the code to the player at once).
 */
import { createHash, randomInt } from 'node:crypto';
import {
  AMOE_CODE_ALPHABET,
  AMOE_CODE_LENGTH,
  AMOE_CODE_VALID_DAYS,
  AMOE_ERROR_CODES,
  AMOE_TEXTS,
  type AmoePostalRequestState,
} from '../../../src/contract/amoe.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';

const DAY_MS = 86_400_000;

/** A random string of the unambiguous alphabet (crypto-strong). */
export function randomAmoeString(length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += AMOE_CODE_ALPHABET[randomInt(AMOE_CODE_ALPHABET.length)];
  return out;
}

/** SHA-256 hex of a normalised code: what amoe_codes stores and redeeming looks up. */
export const amoeCodeHash = (normalizedCode: string): string =>
  createHash('sha256').update(`amoe:${normalizedCode}`).digest('hex');

/** Postal request codes look like "PR-7KQ4-M2XD": a prefix that says what it is, 8 characters of the alphabet. */
export const POSTAL_REQUEST_CODE_PATTERN = new RegExp(
  `^PR-[${AMOE_CODE_ALPHABET}]{4}-[${AMOE_CODE_ALPHABET}]{4}$`,
);

export const newPostalRequestCode = (): string => `PR-${randomAmoeString(4)}-${randomAmoeString(4)}`;

/** The operator's typing of a postal request code, in its stored form (case, spaces and dashes do not matter). */
export function normalizePostalRequestCode(raw: string): string {
  const compact = raw.replace(/[\s-]+/g, '').toUpperCase();
  return compact.length === 10
    ? `${compact.slice(0, 2)}-${compact.slice(2, 6)}-${compact.slice(6)}`
    : compact;
}

export interface PostalRequestRow {
  postalRequestCode: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  amountCents: number;
  createdAt: string;
  status: AmoePostalRequestState;
  issuedAt: string | null;
}

type RequestRow = {
  postal_request_code: string;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  amount_cents: number | string;
  created_at: Date | string;
  status: AmoePostalRequestState;
  issued_at: Date | string | null;
};

const iso = (v: Date | string): string => new Date(v).toISOString();

/**
 * Postal requests for the operator, oldest open first (the order letters arrive in) or, for
 * 'issued', newest first. With no status: all, newest first. `limit` 1..500 (default 100).
 */
export async function listPostalRequests(
  db: Queryable,
  options: { status?: AmoePostalRequestState; limit?: number } = {},
): Promise<PostalRequestRow[]> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? 100), 1), 500);
  const order = options.status === 'open' ? 'r.created_at ASC' : 'r.created_at DESC';
  const rows = await db.query<RequestRow>(
    `SELECT r.postal_request_code, r.user_id, u.email, u.first_name, u.last_name, r.amount_cents,
            r.created_at, r.status, r.issued_at
       FROM amoe_postal_requests r JOIN users u ON u.id = r.user_id
      WHERE ($1::text IS NULL OR r.status = $1)
      ORDER BY ${order}
      LIMIT $2`,
    [options.status ?? null, limit],
  );
  return rows.map((r) => ({
    postalRequestCode: r.postal_request_code,
    userId: r.user_id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    amountCents: Number(r.amount_cents),
    createdAt: iso(r.created_at),
    status: r.status,
    issuedAt: r.issued_at === null ? null : iso(r.issued_at),
  }));
}

export interface IssuedAmoeCode {
  /** The code in clear (12 characters): shown once to the operator to deliver; never stored. */
  code: string;
  userId: string;
  amountCents: number;
  deliveredAt: string;
  expiresAt: string;
}

/**
 * Issues the AMOE code of one mailed request, inside the caller's transaction: 404 for an unknown
 * postal request code, 409 when its code was issued already (the request row is locked, so two
 * operators issuing at once give one code and one 409).
 */
export async function issueAmoeCode(
  tx: Queryable,
  input: { postalRequestCode: string; nowMs: number },
): Promise<IssuedAmoeCode> {
  const requestCode = normalizePostalRequestCode(input.postalRequestCode);
  const rows = await tx.query<{ id: string; user_id: string; amount_cents: number | string; status: string }>(
    'SELECT id, user_id, amount_cents, status FROM amoe_postal_requests WHERE postal_request_code = $1 FOR UPDATE',
    [requestCode],
  );
  const request = rows[0];
  if (!request)
    throw new ApiError(
      404,
      AMOE_ERROR_CODES.AMOE_POSTAL_REQUEST_NOT_FOUND,
      AMOE_TEXTS.postalRequestNotFound,
      'postal_request_code',
    );
  if (request.status !== 'open')
    throw new ApiError(
      409,
      AMOE_ERROR_CODES.AMOE_POSTAL_REQUEST_ALREADY_ISSUED,
      AMOE_TEXTS.postalRequestAlreadyIssued,
      'postal_request_code',
    );
  const deliveredAt = new Date(input.nowMs).toISOString();
  const expiresAt = new Date(input.nowMs + AMOE_CODE_VALID_DAYS * DAY_MS).toISOString();
  const amountCents = Number(request.amount_cents);
  // 32^12 codes: a collision is practically impossible; should one happen, the primary key
  // skips the insert (ON CONFLICT, so the caller's transaction stays usable) and a fresh code is drawn.
  let code = '';
  for (let attempt = 1; code === ''; attempt++) {
    const candidate = randomAmoeString(AMOE_CODE_LENGTH);
    const inserted = await tx.query(
      `INSERT INTO amoe_codes (code_sha256, postal_request_id, user_id, amount_cents, code_hint, delivered_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (code_sha256) DO NOTHING RETURNING code_sha256`,
      [
        amoeCodeHash(candidate),
        request.id,
        request.user_id,
        amountCents,
        candidate.slice(-4),
        deliveredAt,
        expiresAt,
      ],
    );
    if (inserted.length > 0) code = candidate;
    else if (attempt >= 5) throw new Error('Could not draw a unique AMOE code');
  }
  await tx.query("UPDATE amoe_postal_requests SET status = 'issued', issued_at = $2 WHERE id = $1", [
    request.id,
    deliveredAt,
  ]);
  return { code, userId: request.user_id, amountCents, deliveredAt, expiresAt };
}
