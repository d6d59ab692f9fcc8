/**
 * The rows of social sign-in: attempts (nonce bound to a browser), tickets (a verified identity
 * not linked yet; the provider auth token of the create and link calls) and linked identities.
 * Attempts and tickets are claimed with one conditional UPDATE ... RETURNING, so a replay or a
 * parallel burst gets exactly one success.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  SOCIAL_ATTEMPT_TTL_SECONDS,
  SOCIAL_TICKET_TTL_SECONDS,
  type SocialProfileDraft,
  type SocialProvider,
} from '../../../src/contract/social-auth.ts';
import type { Queryable } from '../../db/driver.ts';

const iso = (ms: number): string => new Date(ms).toISOString();
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('base64url');

export async function createAttempt(
  db: Queryable,
  provider: SocialProvider,
  browserHash: string,
  nowMs: number,
): Promise<string> {
  const nonce = randomBytes(24).toString('base64url');
  await db.query(
    'INSERT INTO social_sign_in_attempts (nonce, provider, browser_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [nonce, provider, browserHash, iso(nowMs), iso(nowMs + SOCIAL_ATTEMPT_TTL_SECONDS * 1000)],
  );
  // Keeps the table small: attempts that can no longer be used go.
  await db.query('DELETE FROM social_sign_in_attempts WHERE expires_at < $1', [
    iso(nowMs - SOCIAL_ATTEMPT_TTL_SECONDS * 1000),
  ]);
  return nonce;
}

/**
 * Uses this browser's open attempt `nonce` of `provider`; false when there is none (or it was used).
 * `keyHash` is the hash of the sign-in's Idempotency-Key (session-start-keys.ts), kept so that a
 * retry of the same sign-in may use the attempt again (attemptUsedUnderKey).
 */
export async function claimAttempt(
  db: Queryable,
  provider: SocialProvider,
  nonce: string,
  browserHash: string,
  nowMs: number,
  keyHash: string | null = null,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE social_sign_in_attempts SET used_at = $4, used_key_hash = $5
      WHERE nonce = $1 AND provider = $2 AND browser_hash = $3 AND used_at IS NULL AND expires_at > $4
      RETURNING nonce`,
    [nonce, provider, browserHash, iso(nowMs), keyHash],
  );
  return rows.length === 1;
}

/**
 * Whether this browser's attempt `nonce` was used, while still in its time, by a sign-in sent
 * under the key hashed `keyHash`: a retry of that sign-in after its answer was lost.
 */
export async function attemptUsedUnderKey(
  db: Queryable,
  provider: SocialProvider,
  nonce: string,
  browserHash: string,
  keyHash: string,
  nowMs: number,
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM social_sign_in_attempts
      WHERE nonce = $1 AND provider = $2 AND browser_hash = $3 AND used_at IS NOT NULL
        AND used_key_hash = $4 AND expires_at > $5`,
    [nonce, provider, browserHash, keyHash, iso(nowMs)],
  );
  return rows.length === 1;
}

export type VerifiedIdentity = {
  provider: SocialProvider;
  subject: string;
  email: string;
  first_name: string;
  last_name: string;
  picture: string | null;
  birthdate: string | null;
};

export type TicketRow = VerifiedIdentity & { token_hash: string };

export async function createTicket(
  db: Queryable,
  identity: VerifiedIdentity,
  browserHash: string,
  nowMs: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    `INSERT INTO social_tickets (token_hash, provider, subject, email, first_name, last_name, picture, birthdate,
       browser_hash, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      sha256(token),
      identity.provider,
      identity.subject,
      identity.email,
      identity.first_name,
      identity.last_name,
      identity.picture,
      identity.birthdate,
      browserHash,
      iso(nowMs),
      iso(nowMs + SOCIAL_TICKET_TTL_SECONDS * 1000),
    ],
  );
  await db.query('DELETE FROM social_tickets WHERE expires_at < $1', [
    iso(nowMs - SOCIAL_TICKET_TTL_SECONDS * 1000),
  ]);
  return token;
}

const TICKET_COLUMNS = 'token_hash, provider, subject, email, first_name, last_name, picture, birthdate';

/** This browser's open ticket `token`, not claimed. */
export async function findOpenTicket(
  db: Queryable,
  token: string,
  browserHash: string,
  nowMs: number,
): Promise<TicketRow | null> {
  const rows = await db.query<TicketRow>(
    `SELECT ${TICKET_COLUMNS} FROM social_tickets
      WHERE token_hash = $1 AND browser_hash = $2 AND used_at IS NULL AND expires_at > $3`,
    [sha256(token), browserHash, iso(nowMs)],
  );
  return rows[0] ?? null;
}

/**
 * Whether the ticket `token` was issued to this browser, used or not (a retry of the request that
 * used it is answered from its Idempotency-Key, session-start-keys.ts).
 */
export async function ticketOfBrowser(db: Queryable, token: string, browserHash: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM social_tickets WHERE token_hash = $1 AND browser_hash = $2', [
    sha256(token),
    browserHash,
  ]);
  return rows.length === 1;
}

export async function claimTicket(db: Queryable, tokenHash: string, nowMs: number): Promise<boolean> {
  const rows = await db.query(
    'UPDATE social_tickets SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING token_hash',
    [tokenHash, iso(nowMs)],
  );
  return rows.length === 1;
}

/** Gives a claimed ticket back (the account it was claimed for could not be created). */
export async function releaseTicket(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('UPDATE social_tickets SET used_at = NULL WHERE token_hash = $1', [tokenHash]);
}

export async function linkedUserOf(
  db: Queryable,
  provider: SocialProvider,
  subject: string,
): Promise<string | null> {
  const rows = await db.query<{ user_id: string }>(
    'SELECT user_id FROM social_identities WHERE provider = $1 AND subject = $2',
    [provider, subject],
  );
  return rows[0]?.user_id ?? null;
}

export async function linkedProvidersOf(db: Queryable, userId: string): Promise<SocialProvider[]> {
  const rows = await db.query<{ provider: SocialProvider }>(
    'SELECT provider FROM social_identities WHERE user_id = $1 ORDER BY provider DESC',
    [userId],
  );
  return rows.map((r) => r.provider);
}

export async function hasLinkedIdentity(
  db: Queryable,
  userId: string,
  provider: SocialProvider,
): Promise<boolean> {
  const rows = await db.query<{ subject: string }>(
    'SELECT subject FROM social_identities WHERE user_id = $1 AND provider = $2',
    [userId, provider],
  );
  return rows.length > 0;
}

/** An account created with social sign-in has no password of its own (its hash is unusable). */
export async function markSocialOnly(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET has_password = false WHERE id = $1', [userId]);
}

export async function insertIdentity(
  db: Queryable,
  userId: string,
  identity: VerifiedIdentity,
  nowMs: number,
): Promise<void> {
  await db.query(
    'INSERT INTO social_identities (provider, subject, user_id, email, picture, linked_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [identity.provider, identity.subject, userId, identity.email, identity.picture, iso(nowMs)],
  );
}

export const draftOf = (ticket: VerifiedIdentity, token: string): SocialProfileDraft => ({
  provider: ticket.provider,
  provider_auth_token: token,
  email: ticket.email,
  first_name: ticket.first_name,
  last_name: ticket.last_name,
  picture: ticket.picture,
  birthdate: ticket.birthdate,
});
