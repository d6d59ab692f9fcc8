/**
 * The rows behind password sign-in and sign-in links: a password hash upgraded at sign-in, and
 * the mailed links (stored by the token's hash; one link signs in once, and older unused links of
 * the same player die with it).
 */
import type { Database, Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';

/** Replaces the hash with one of the current parameters (the hasher asked for a rehash). */
export async function updatePasswordHash(db: Queryable, userId: string, hash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [hash, userId]);
}

export async function insertSignInLink(
  db: Queryable,
  link: { tokenHash: string; userId: string; createdAt: string; expiresAt: string },
): Promise<void> {
  await db.query(
    'INSERT INTO sign_in_links (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [link.tokenHash, link.userId, link.createdAt, link.expiresAt],
  );
}

/** Uses the link when it is unused and unexpired at `nowIso`; answers its player, or null. */
export async function useSignInLink(db: Database, tokenHash: string, nowIso: string): Promise<string | null> {
  return transaction(db, async (tx) => {
    const rows = await tx.query<{ user_id: string }>(
      'UPDATE sign_in_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id',
      [tokenHash, nowIso],
    );
    const id = rows[0]?.user_id;
    if (id)
      await tx.query('UPDATE sign_in_links SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
        id,
        nowIso,
      ]);
    return id ?? null;
  });
}
