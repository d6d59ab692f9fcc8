/**
 * Referral codes (table referral_codes) and the referral recorded at join (table referrals).
 * A code is made on first use: REFERRAL_CODE_LENGTH characters drawn uniformly from a 32-letter
 * alphabet with the system's secure random source, so it cannot be derived from the player and
 * guessing one is hopeless. It never changes, so links already shared keep working.
 */
import { randomInt } from 'node:crypto';
import {
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  normalizeReferralCode,
} from '../../../src/contract/referrals.ts';
import type { Queryable } from '../../db/driver.ts';

/** A fresh random code. */
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++)
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  return code;
}

/** Attempts before giving up on a code that collides every time (never expected: 2^50 codes). */
const MAX_ATTEMPTS = 5;

/**
 * The player's code, created when they have none. Safe under concurrency: both conflicts (the
 * player already has one, the random code is taken) insert nothing, and the row is read back.
 */
export async function referralCodeOf(
  db: Queryable,
  userId: string,
  nowMs: number,
  makeCode: () => string = newReferralCode,
): Promise<string> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const existing = await db.query<{ code: string }>('SELECT code FROM referral_codes WHERE user_id = $1', [
      userId,
    ]);
    if (existing[0]) return existing[0].code;
    await db.query(
      'INSERT INTO referral_codes (user_id, code, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [userId, makeCode(), new Date(nowMs).toISOString()],
    );
  }
  throw new Error('could not create a referral code');
}

/**
 * Join hook (create-user, same transaction as the new player's row): records the referral when
 * `token` is a known code of another player. Anything else (absent, malformed, unknown) records
 * nothing and never fails the join: a bad link must not keep anyone from signing up.
 * Answers the referrer's id, or null.
 */
export async function recordReferralAtJoin(
  tx: Queryable,
  friendId: string,
  token: unknown,
  nowMs: number,
): Promise<string | null> {
  const code = normalizeReferralCode(token);
  if (!code) return null;
  const owner = await tx.query<{ user_id: string }>('SELECT user_id FROM referral_codes WHERE code = $1', [
    code,
  ]);
  const referrerId = owner[0]?.user_id;
  if (!referrerId || referrerId === friendId) return null;
  const rows = await tx.query<{ id: string }>(
    `INSERT INTO referrals (referrer_id, friend_id, code, joined_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (friend_id) DO NOTHING RETURNING id`,
    [referrerId, friendId, code, new Date(nowMs).toISOString()],
  );
  return rows[0] ? referrerId : null;
}
