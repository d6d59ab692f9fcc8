/**
 * The player's side of a mail-in request: a postal request code (after the robot check) to write
 * on the card, and the list of the player's codes with their state. The Sweeps a request will be
 * worth (AMOE_SWEEPS_PER_ENTRY at the time of the request) is kept on its row, so the code the
 * operator issues later credits what the rules promised when the player asked.
 */
import {
  AMOE_ERROR_CODES,
  AMOE_MAX_OPEN_POSTAL_REQUESTS,
  AMOE_TEXTS,
  type AmoePostalRequest,
  type AmoePostalRequestState,
} from '../../../src/contract/amoe.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { newPostalRequestCode } from './amoe-codes.ts';

/** How many of the player's latest requests the page lists. */
export const POSTAL_REQUESTS_SHOWN = 10;

/**
 * The first statement of a postal request's transaction: READ COMMITTED, so each statement after
 * the player's row lock (createPostalRequest) sees the player's latest requests.
 */
export async function readCommitted(tx: Queryable): Promise<void> {
  await tx.query('SET TRANSACTION ISOLATION LEVEL READ COMMITTED');
}

export async function createPostalRequest(
  tx: Queryable,
  input: { userId: string; amountCents: number; nowMs: number },
): Promise<{ postalRequestCode: string; createdAt: string }> {
  // The player's row is locked first, so the open-request count below sees every earlier request
  // of this player (any server instance) and a burst cannot pass the cap.
  await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [input.userId]);
  const open = await tx.query<{ n: number | string }>(
    "SELECT count(*) AS n FROM amoe_postal_requests WHERE user_id = $1 AND status = 'open'",
    [input.userId],
  );
  if (Number(open[0]?.n ?? 0) >= AMOE_MAX_OPEN_POSTAL_REQUESTS)
    throw new ApiError(
      409,
      AMOE_ERROR_CODES.AMOE_TOO_MANY_OPEN_REQUESTS,
      AMOE_TEXTS.tooManyOpenRequests,
      null,
      {
        limit: AMOE_MAX_OPEN_POSTAL_REQUESTS,
      },
    );
  const createdAt = new Date(input.nowMs).toISOString();
  // 32^8 codes: a clash is rare; ON CONFLICT skips it and a fresh code is drawn.
  for (let attempt = 1; ; attempt++) {
    const code = newPostalRequestCode();
    const rows = await tx.query(
      `INSERT INTO amoe_postal_requests (postal_request_code, user_id, amount_cents, created_at)
       VALUES ($1, $2, $3, $4) ON CONFLICT (postal_request_code) DO NOTHING RETURNING id`,
      [code, input.userId, input.amountCents, createdAt],
    );
    if (rows.length > 0) return { postalRequestCode: code, createdAt };
    if (attempt >= 5) throw new Error('Could not draw a unique postal request code');
  }
}

export async function playerPostalRequests(db: Queryable, userId: string): Promise<AmoePostalRequest[]> {
  const rows = await db.query<{
    postal_request_code: string;
    created_at: Date | string;
    status: AmoePostalRequestState;
    issued_at: Date | string | null;
  }>(
    `SELECT postal_request_code, created_at, status, issued_at FROM amoe_postal_requests
      WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`,
    [userId, POSTAL_REQUESTS_SHOWN],
  );
  return rows.map((r) => ({
    postal_request_code: r.postal_request_code,
    created_at: new Date(r.created_at).toISOString(),
    status: r.status,
    issued_at: r.issued_at === null ? null : new Date(r.issued_at).toISOString(),
  }));
}
