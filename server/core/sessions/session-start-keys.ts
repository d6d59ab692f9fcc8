/**
 * Sign-in and join survive a lost answer (docs/security.md, "Sign-in and join on a bad link").
 *
 * The app sends an Idempotency-Key with POST /auth/login and POST /users, one per attempt, reused
 * when the player presses the button again after the answer did not arrive. The first request with
 * a key claims it (table session_start_keys) and records the session it started and the parts of
 * its answer that are not secret (the login bonus it earned, the promotions shown). A retry with
 * the same key and the same request is answered from that session: a new refresh cookie in the
 * same session (its family), a new access token and CSRF cookie, and the recorded bonus, so the
 * player is signed in once, earns once, and sees what the first attempt earned. A join retried
 * after its account was created signs in to that account instead of answering "email already in
 * use".
 *
 * A key grants nothing by itself: the retry must carry the same request, checked by an HMAC of
 * its body under the server's key (the password included), and a sign-in checks the password
 * again before the key is looked at. Keys are stored only as SHA-256 hashes. The key is optional:
 * without it a retried sign-in starts a second session, as before.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Context } from 'hono';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import type { LoginResponse } from '../../../src/contract/schemas.ts';
import { WALLET_ERROR_CODES } from '../../../src/contract/wallet.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../deps.ts';
import { isPastInactivityWindow, issueAccessToken } from '../../http/auth.ts';
import { issueCsrfToken, setCsrfCookie } from '../../http/csrf.ts';
import {
  IDEMPOTENCY_KEY_PATTERN,
  IN_PROGRESS_WAIT_MS,
  idempotencyInProgress,
  idempotencyKeyReused,
} from '../../http/idempotency.ts';
import { toWireUser, type UserRow } from '../users/users-repo.ts';
import { readBalances } from '../ledger/balances.ts';
import { createRefreshToken, setRefreshCookie } from './refresh-tokens.ts';
import { secureCookies } from './start-session.ts';

export type StartScope = 'login' | 'join' | 'sign_in_link' | 'social_sign_in' | 'social_join' | 'social_link';

/** How long a key answers retries: a lost answer is retried within seconds or minutes. */
export const START_KEY_TTL_SECONDS = 24 * 3600;
/** A claim whose request never finished (crashed server) is taken over after this long. */
const STALE_CLAIM_MS = 60_000;
const POLL_MS = 25;

export interface StartKey {
  scope: StartScope;
  keyHash: string;
  requestMac: string;
}

/** What a retry is answered from. */
export interface StartedSession {
  userId: string;
  sessionId: string;
  /** The first answer without its secrets (token) and without what is read fresh (user, balances). */
  answer: Pick<LoginResponse, 'promopopups' | 'promocarousels' | 'quantity_ghc' | 'quantity_gld'>;
}

/** The request's key, or null when it sent none; a malformed key is refused like on money routes. */
export function startKeyOf(c: Context, deps: AppDeps, scope: StartScope, body: unknown): StartKey | null {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  if (raw === undefined) return null;
  const key = raw.trim();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiError(
      400,
      WALLET_ERROR_CODES.IDEMPOTENCY_KEY_REQUIRED,
      `The ${IDEMPOTENCY_HEADER} header must be 8 to 128 letters, digits or . _ : - (one new value per attempt, reused on retries).`,
      null,
      { header: IDEMPOTENCY_HEADER },
    );
  }
  return {
    scope,
    keyHash: createHash('sha256').update(`${scope}:${key}`).digest('hex'),
    requestMac: createHmac('sha256', deps.secrets.csrfSecret)
      .update(`session-start:${scope}:${JSON.stringify(body)}`)
      .digest('hex'),
  };
}

type KeyRow = {
  request_mac: string;
  user_id: string | null;
  session_id: string | null;
  answer: StartedSession['answer'] | string | null;
  created_at: Date | string;
};

/**
 * Claims the key for this request ('claimed': go on and record the session with completeStartKey),
 * or answers the session a first request with the same key started. A key of another request
 * answers 409 IDEMPOTENCY_KEY_REUSED; one whose first request still runs is waited for.
 */
export async function claimStartKey(
  db: Queryable,
  key: StartKey,
  nowMs: () => number,
): Promise<'claimed' | StartedSession> {
  const claim = async (): Promise<boolean> =>
    (
      await db.query(
        `INSERT INTO session_start_keys (scope, key_hash, request_mac, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (scope, key_hash) DO NOTHING RETURNING key_hash`,
        [key.scope, key.keyHash, key.requestMac, new Date(nowMs()).toISOString()],
      )
    ).length > 0;
  const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
  for (;;) {
    if (await claim()) return 'claimed';
    const rows = await db.query<KeyRow>(
      'SELECT request_mac, user_id, session_id, answer, created_at FROM session_start_keys WHERE scope = $1 AND key_hash = $2',
      [key.scope, key.keyHash],
    );
    const row = rows[0];
    if (!row) continue; // released by a failed first attempt: claim it ourselves
    const age = nowMs() - new Date(row.created_at).getTime();
    if (age > START_KEY_TTL_SECONDS * 1000) {
      // Past its time the key answers nothing any more: it is free for a new attempt.
      await releaseStartKey(db, key, row.created_at);
      continue;
    }
    if (row.request_mac !== key.requestMac) throw idempotencyKeyReused('attempt');
    if (row.session_id && row.user_id && row.answer) {
      const answer = typeof row.answer === 'string' ? JSON.parse(row.answer) : row.answer;
      return { userId: row.user_id, sessionId: row.session_id, answer };
    }
    if (age > STALE_CLAIM_MS) {
      await releaseStartKey(db, key, row.created_at);
      continue;
    }
    if (Date.now() >= deadline) throw idempotencyInProgress();
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Records the session the claiming request started and its answer's replayable parts. */
export async function completeStartKey(
  db: Queryable,
  key: StartKey,
  answer: LoginResponse,
  sessionId: string,
  nowMs: number,
): Promise<void> {
  const replayable: StartedSession['answer'] = {
    promopopups: answer.promopopups,
    promocarousels: answer.promocarousels,
    quantity_ghc: answer.quantity_ghc,
    quantity_gld: answer.quantity_gld,
  };
  await db.query(
    `UPDATE session_start_keys SET user_id = $3, session_id = $4, answer = $5 WHERE scope = $1 AND key_hash = $2`,
    [key.scope, key.keyHash, answer.user.id, sessionId, JSON.stringify(replayable)],
  );
  // Keys past their time answer nothing any more: one indexed delete per sign-in keeps the table small.
  await db.query('DELETE FROM session_start_keys WHERE created_at < $1', [
    new Date(nowMs - START_KEY_TTL_SECONDS * 1000).toISOString(),
  ]);
}

/** Frees a claim (the request failed, or the row is stale): a retry then runs from the start. */
export async function releaseStartKey(
  db: Queryable,
  key: StartKey,
  createdAt?: Date | string,
): Promise<void> {
  if (createdAt === undefined) {
    await db.query(
      'DELETE FROM session_start_keys WHERE scope = $1 AND key_hash = $2 AND session_id IS NULL',
      [key.scope, key.keyHash],
    );
    return;
  }
  await db.query('DELETE FROM session_start_keys WHERE scope = $1 AND key_hash = $2 AND created_at = $3', [
    key.scope,
    key.keyHash,
    new Date(createdAt).toISOString(),
  ]);
}

/**
 * Whether the session is still going: not ended, and not idle past the inactivity window (a
 * refresh would end it). A retry after a sign-out or a long pause does not continue it.
 */
export async function sessionIsLive(deps: AppDeps, sessionId: string, userId: string): Promise<boolean> {
  const rows = await deps.db.query<{ last_active_at: Date | string }>(
    'SELECT last_active_at FROM auth_sessions WHERE id = $1 AND user_id = $2 AND ended_at IS NULL',
    [sessionId, userId],
  );
  const row = rows[0];
  return (
    row !== undefined &&
    !isPastInactivityWindow(
      new Date(row.last_active_at).getTime(),
      deps.now(),
      deps.config.sessionInactivitySeconds,
    )
  );
}

/**
 * Answers a retry from the session its first attempt started: a new refresh cookie in that
 * session, a new access token and CSRF cookie bound to it, the recorded bonus and promotions,
 * and the player and balances as they are now.
 */
export async function continueStartedSession(
  deps: AppDeps,
  c: Context,
  user: UserRow,
  started: StartedSession,
): Promise<LoginResponse> {
  const now = deps.now();
  const refresh = await createRefreshToken(deps.db, user.id, started.sessionId, now);
  const access = await issueAccessToken(deps.secrets.jwtSecret, user.id, started.sessionId);
  setRefreshCookie(c, refresh, secureCookies(deps));
  setCsrfCookie(c, issueCsrfToken(deps.secrets.csrfSecret, started.sessionId), secureCookies(deps));
  return {
    token: access.token,
    token_expires_at: access.expiresAt,
    user: toWireUser(user),
    balances: await readBalances(deps.db, user.id),
    ...started.answer,
    promo_code: user.promo_code,
  };
}
