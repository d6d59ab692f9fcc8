/**
 * The account feature's rows behind its routes: the profile picture (only the current one is
 * kept) and a password change, which in the same transaction ends the player's other sessions,
 * their refresh tokens and the sign-in links already mailed (they would bypass the new password).
 */
import type { Database, Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';

/** Stores the picture as the player's current one and drops the earlier ones; answers its id. */
export async function replaceAvatar(
  db: Database,
  userId: string,
  avatar: { contentType: string; bytes: Uint8Array },
  nowIso: string,
): Promise<string> {
  return transaction(db, async (tx) => {
    const rows = await tx.query<{ id: string }>(
      `INSERT INTO avatars (user_id, content_type, image, byte_size, created_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [userId, avatar.contentType, avatar.bytes, avatar.bytes.length, nowIso],
    );
    const avatarId = rows[0]!.id;
    await tx.query('UPDATE users SET avatar_id = $2, updated_at = $3 WHERE id = $1', [
      userId,
      avatarId,
      nowIso,
    ]);
    // Only the current picture is kept.
    await tx.query('DELETE FROM avatars WHERE user_id = $1 AND id <> $2', [userId, avatarId]);
    return avatarId;
  });
}

export async function findAvatar(
  db: Queryable,
  avatarId: string,
): Promise<{ image: Uint8Array | Buffer; content_type: string } | null> {
  const rows = await db.query<{ image: Uint8Array | Buffer; content_type: string }>(
    'SELECT image, content_type FROM avatars WHERE id = $1',
    [avatarId],
  );
  return rows[0] ?? null;
}

/**
 * Sets the new password hash; every other device signs in again with the new password, the one
 * of `keptSessionId` stays signed in.
 */
export async function changePassword(
  db: Database,
  userId: string,
  hash: string,
  keptSessionId: string,
  nowIso: string,
  /**
   * Only if the password on file is still this hash (a password reset ticket is good for one
   * change: of two changes sent at once with it, the second finds the hash changed). False then.
   */
  expectedHash?: string,
): Promise<boolean> {
  return transaction(db, async (tx) => {
    const changed = await tx.query(
      `UPDATE users SET password_hash = $2, last_password_change = $3, updated_at = $3
        WHERE id = $1 AND ($4::text IS NULL OR password_hash = $4) RETURNING id`,
      [userId, hash, nowIso, expectedHash ?? null],
    );
    if (changed.length === 0) return false;
    await tx.query(
      `UPDATE auth_sessions SET ended_at = $3, end_reason = 'revoked'
        WHERE user_id = $1 AND id <> $2 AND ended_at IS NULL`,
      [userId, keptSessionId, nowIso],
    );
    await tx.query(
      'UPDATE refresh_tokens SET revoked_at = $3 WHERE user_id = $1 AND family_id <> $2 AND revoked_at IS NULL',
      [userId, keptSessionId, nowIso],
    );
    await tx.query('UPDATE sign_in_links SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
      userId,
      nowIso,
    ]);
    return true;
  });
}
