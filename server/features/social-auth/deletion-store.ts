/**
 * The rows of the providers' data deletion requests (docs/social-sign-in.md): one row per request
 * id under a confirmation code, and what carrying a request out deletes (the link, the picture it
 * brought, open sign-up tickets). A request is recorded and carried out in one transaction, so a
 * resent request (same id) finds the first one's row and deletes nothing twice.
 */
import { randomBytes } from 'node:crypto';
import type { DataDeletionState, SocialProvider } from '../../../src/contract/social-auth.ts';
import type { Database, Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const iso = (ms: number): string => new Date(ms).toISOString();

export const newConfirmationCode = (): string =>
  [...randomBytes(12)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');

export type DeletionRequestRow = {
  confirmation_code: string;
  provider: SocialProvider;
  status: DataDeletionState;
  requested_at: Date | string;
  completed_at: Date | string;
};

/** Carries out the deletion for `subject`; answers whether we held anything from the provider. */
async function deleteProviderData(
  tx: Queryable,
  provider: SocialProvider,
  subject: string,
): Promise<boolean> {
  const unlinked = await tx.query<{ user_id: string; picture: string | null }>(
    'DELETE FROM social_identities WHERE provider = $1 AND subject = $2 RETURNING user_id, picture',
    [provider, subject],
  );
  for (const row of unlinked)
    if (row.picture)
      await tx.query('UPDATE users SET profile_pic = NULL WHERE id = $1 AND profile_pic = $2', [
        row.user_id,
        row.picture,
      ]);
  const tickets = await tx.query(
    'DELETE FROM social_tickets WHERE provider = $1 AND subject = $2 RETURNING token_hash',
    [provider, subject],
  );
  return unlinked.length > 0 || tickets.length > 0;
}

/**
 * Records the request `requestId` of `subject` and carries it out; the same request again answers
 * the first one's row.
 */
export async function recordDeletionRequest(
  db: Database,
  request: { provider: SocialProvider; subject: string; requestId: string; nowMs: number },
): Promise<DeletionRequestRow> {
  const { provider, subject, requestId, nowMs } = request;
  return transaction(db, async (tx) => {
    const inserted = await tx.query<DeletionRequestRow>(
      `INSERT INTO social_deletion_requests (confirmation_code, provider, subject, request_id, status, user_id,
         requested_at, completed_at)
       VALUES ($1, $2, $3, $4, 'no_data',
         (SELECT user_id FROM social_identities WHERE provider = $2 AND subject = $3), $5, $5)
       ON CONFLICT (provider, request_id) DO NOTHING
       RETURNING confirmation_code, provider, status, requested_at, completed_at`,
      [newConfirmationCode(), provider, subject, requestId, iso(nowMs)],
    );
    if (inserted.length === 0) {
      // The same request again: the first one's answer.
      const first = await tx.query<DeletionRequestRow>(
        `SELECT confirmation_code, provider, status, requested_at, completed_at FROM social_deletion_requests
          WHERE provider = $1 AND request_id = $2`,
        [provider, requestId],
      );
      return first[0]!;
    }
    const held = await deleteProviderData(tx, provider, subject);
    if (!held) return inserted[0]!;
    const updated = await tx.query<DeletionRequestRow>(
      `UPDATE social_deletion_requests SET status = 'deleted' WHERE confirmation_code = $1
       RETURNING confirmation_code, provider, status, requested_at, completed_at`,
      [inserted[0]!.confirmation_code],
    );
    return updated[0]!;
  });
}

export async function deletionRequestByCode(db: Queryable, code: string): Promise<DeletionRequestRow | null> {
  const rows = await db.query<DeletionRequestRow>(
    `SELECT confirmation_code, provider, status, requested_at, completed_at FROM social_deletion_requests
      WHERE confirmation_code = $1`,
    [code],
  );
  return rows[0] ?? null;
}
