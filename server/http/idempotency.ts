/**
 * `idempotent()`: Hono middleware for money-changing routes. Stores each request's answer in
 * idempotency_requests, keyed by (player id — or 'anon' before sign-in — , Idempotency-Key):
 * - no header (or a malformed key) -> 400 IDEMPOTENCY_KEY_REQUIRED;
 * - first use: the row is claimed (status NULL = running), the route runs, its answer is stored;
 * - same key, same method + path + body -> the stored status and body are replayed
 *   (header `Idempotent-Replayed: true`);
 * - same key, different method, path or body -> 409 IDEMPOTENCY_KEY_REUSED;
 * - same key while the first request still runs -> waits up to IN_PROGRESS_WAIT_MS for its
 *   answer, then 409 IDEMPOTENCY_IN_PROGRESS (retry with the same key).
 * Answers with status >= 500 (and thrown non-API errors) are not stored: the claim is released
 * so a retry runs again. That is safe because routes derive their ledger entry keys from the
 * request key (see `requestKeyOf`), and the ledger refuses a key twice. A claim left by a crashed
 * server is taken over by a retry after STALE_CLAIM_MS; sooner, the reconciliation job releases
 * the claims of server processes it knows to be dead (`releaseAbandonedClaims`: each claim names
 * the process that made it).
 * Mount after requireAuth so the key is scoped to the player.
 */
import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_HEADER } from '../../src/contract/constants.ts';
import { WALLET_ERROR_CODES } from '../../src/contract/wallet.ts';
import type { Database, Queryable } from '../db/driver.ts';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';

export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
export const IN_PROGRESS_WAIT_MS = 5_000;
export const STALE_CLAIM_MS = 60_000;
const POLL_MS = 25;

/** This server process, written on each claim it makes (host, pid and a random part against pid reuse). */
export const SERVER_PROCESS_ID = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/**
 * Releases claims no running request will ever answer, so a retry with the same key runs at once
 * instead of answering 409 IDEMPOTENCY_IN_PROGRESS: claims of a process registered in
 * server_instances whose heartbeat is older than `liveSinceMs` (dead, or replaced by a restart),
 * and any claim older than STALE_CLAIM_MS. Answers how many were released.
 */
export async function releaseAbandonedClaims(
  db: Queryable,
  nowMs: number,
  liveSinceMs: number,
): Promise<number> {
  const rows = await db.query(
    `DELETE FROM idempotency_requests r
      WHERE r.status IS NULL
        AND (r.created_at < $1
             OR EXISTS (SELECT 1 FROM server_instances s WHERE s.id = r.claimed_by AND s.heartbeat_at < $2))
      RETURNING r.key`,
    [new Date(nowMs - STALE_CLAIM_MS).toISOString(), new Date(liveSinceMs).toISOString()],
  );
  return rows.length;
}

type StoredRow = {
  method: string;
  path: string;
  request_sha256: string;
  status: number | null;
  response_body: string | null;
  created_at: string | Date;
};

const scopeOf = (c: Context<AppEnv>): string => {
  try {
    return c.get('userId') ?? 'anon';
  } catch {
    return 'anon';
  }
};

/** The validated Idempotency-Key of the request (routes derive ledger entry keys from it). */
export function requestKeyOf(c: Context<AppEnv>): string {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim() ?? '';
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiError(
      400,
      WALLET_ERROR_CODES.IDEMPOTENCY_KEY_REQUIRED,
      `This request changes coins and needs an ${IDEMPOTENCY_HEADER} header: 8 to 128 letters, digits or . _ : - (one new value per action, reused on retries).`,
      null,
      { header: IDEMPOTENCY_HEADER },
    );
  }
  // Scoped by player so two players can never collide on a key.
  return `${scopeOf(c)}:${key}`;
}

/** 409: the key was first used for another request ("a new key for a new action", or attempt). */
export const idempotencyKeyReused = (newWhat = 'action') =>
  new ApiError(
    409,
    WALLET_ERROR_CODES.IDEMPOTENCY_KEY_REUSED,
    `This ${IDEMPOTENCY_HEADER} was already used for a different request. Use a new key for a new ${newWhat}.`,
  );
/** 409 with Retry-After: the first request with this key is still running. */
export const idempotencyInProgress = () =>
  new ApiError(
    409,
    WALLET_ERROR_CODES.IDEMPOTENCY_IN_PROGRESS,
    'The first request with this key is still being processed. Please retry in a moment with the same key.',
    null,
    { retry_after_seconds: 1 },
    { 'Retry-After': '1' },
  );

const replay = (c: Context, row: StoredRow): Response => {
  c.header('Idempotent-Replayed', 'true');
  c.header('Content-Type', 'application/json');
  return c.body(row.response_body ?? '', row.status as ContentfulStatusCode);
};

export function idempotent(
  db: Database,
  now: () => number = Date.now,
  options: { waitMs?: number } = {},
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    requestKeyOf(c);
    const key = c.req.header(IDEMPOTENCY_HEADER)!.trim();
    const scope = scopeOf(c);
    const body = await c.req.text();
    const hash = createHash('sha256').update(`${c.req.method} ${c.req.path}\n${body}`).digest('hex');

    const claim = async (): Promise<boolean> => {
      const rows = await db.query(
        `INSERT INTO idempotency_requests (scope, key, method, path, request_sha256, created_at, claimed_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
        [scope, key, c.req.method, c.req.path, hash, new Date(now()).toISOString(), SERVER_PROCESS_ID],
      );
      return rows.length > 0;
    };

    let claimed = await claim();
    const deadline = Date.now() + (options.waitMs ?? IN_PROGRESS_WAIT_MS);
    while (!claimed) {
      const rows = await db.query<StoredRow>(
        'SELECT method, path, request_sha256, status, response_body, created_at FROM idempotency_requests WHERE scope = $1 AND key = $2',
        [scope, key],
      );
      const row = rows[0];
      if (!row) {
        // Released by a failed first attempt: try to claim it ourselves.
        claimed = await claim();
        continue;
      }
      if (row.request_sha256 !== hash) throw idempotencyKeyReused();
      if (row.status !== null) return replay(c, row);
      if (now() - new Date(row.created_at).getTime() > STALE_CLAIM_MS) {
        // The first attempt died without answering: take the claim over (one winner).
        const taken = await db.query(
          `UPDATE idempotency_requests SET created_at = $3, claimed_by = $5
            WHERE scope = $1 AND key = $2 AND status IS NULL AND created_at = $4 RETURNING key`,
          [scope, key, new Date(now()).toISOString(), row.created_at, SERVER_PROCESS_ID],
        );
        claimed = taken.length > 0;
        continue;
      }
      if (Date.now() >= deadline) throw idempotencyInProgress();
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }

    const release = () =>
      db.query('DELETE FROM idempotency_requests WHERE scope = $1 AND key = $2 AND status IS NULL', [
        scope,
        key,
      ]);
    try {
      await next();
    } catch (error) {
      // An ApiError is a final answer (4xx): store it like any other. Anything else: release.
      if (!(error instanceof ApiError) || error.status >= 500) {
        await release();
        throw error;
      }
      await store(error.status, JSON.stringify(error.toBody()));
      throw error;
    }
    if (c.res.status >= 500) {
      await release();
      return;
    }
    await store(c.res.status, await c.res.clone().text());

    async function store(status: number, text: string): Promise<void> {
      await db.query(
        `UPDATE idempotency_requests SET status = $3, response_body = $4, completed_at = $5 WHERE scope = $1 AND key = $2`,
        [scope, key, status, text, new Date(now()).toISOString()],
      );
    }
  };
}
