/**
 * The operator's sign-in: an opaque server-side session, never a player token.
 *
 * - The session cookie (`lc_operator`, `__Secure-lc_operator` on https) holds 32 random bytes;
 *   the table keeps only their SHA-256. httpOnly, SameSite Strict, Path=/api/v1/operator: the
 *   browser sends it to operator routes only, so no player route ever receives it, and a player's
 *   access token (a JWT in the Authorization header) is no credential here at all. A request to
 *   an operator route that carries an Authorization header is refused outright.
 * - CSRF: signed double submit like the players' (server/http/csrf.ts), under a key of its own
 *   and with its own cookie (`lc_operator_csrf`, also scoped to the operator path, httpOnly: the
 *   page takes the token from the sign-in and session answers). An unsafe request must send it in
 *   X-CSRF-Token and it must be bound to the request's operator session (anonymous only for sign-in).
 * - A session ends at sign-out, after OPERATOR_SESSION_IDLE_SECONDS without a request, and
 *   OPERATOR_SESSION_MAX_SECONDS after sign-in.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import { CSRF_HEADER } from '../../../src/contract/constants.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import {
  OPERATOR_API_PREFIX,
  OPERATOR_CSRF_COOKIE,
  OPERATOR_SESSION_COOKIE,
  OPERATOR_SESSION_IDLE_SECONDS,
  OPERATOR_SESSION_MAX_SECONDS,
  OPERATOR_TEXTS,
  SECURE_COOKIE_PREFIX,
} from '../../../src/contract/operator.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { csrfTokenSession, issueCsrfToken } from '../../http/csrf.ts';

export const OPERATOR_COOKIE_PATH = `${API_PREFIX}${OPERATOR_API_PREFIX}`;
/** Idle time between two recorded activities of a session (one small UPDATE a minute at most). */
const ACTIVITY_INTERVAL_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SignedInOperator {
  operatorId: string;
  email: string;
  sessionId: string;
  expiresAtMs: number;
}

export type OperatorEnv = AppEnv & { Variables: AppEnv['Variables'] & { operator: SignedInOperator } };

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
const iso = (ms: number): string => new Date(ms).toISOString();

export const notSignedIn = () => new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, OPERATOR_TEXTS.notSignedIn);
const playerTokenRefused = () =>
  new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, OPERATOR_TEXTS.playerTokenRefused);
const csrfFailed = (message = 'The CSRF token is not valid. Reload the page and try again.') =>
  new ApiError(403, ERROR_CODES.CSRF_FAILED, message);

export const operatorCookieNames = (secure: boolean) => ({
  session: secure ? `${SECURE_COOKIE_PREFIX}${OPERATOR_SESSION_COOKIE}` : OPERATOR_SESSION_COOKIE,
  csrf: secure ? `${SECURE_COOKIE_PREFIX}${OPERATOR_CSRF_COOKIE}` : OPERATOR_CSRF_COOKIE,
});

/** A key of its own for operator CSRF tokens: a player's token never passes as an operator's. */
export const operatorCsrfKey = (csrfSecret: string): string =>
  createHmac('sha256', csrfSecret).update('operator-console-csrf').digest('base64url');

const cookieOptions = (secure: boolean, maxAge: number) => ({
  path: OPERATOR_COOKIE_PATH,
  httpOnly: true,
  secure,
  sameSite: 'Strict' as const,
  maxAge,
});

export interface OperatorAuthDeps {
  db: Queryable;
  csrfSecret: string;
  secure: boolean;
  now: () => number;
}

/** Starts a session for the operator: sets both cookies; answers the session and its CSRF token. */
export async function startOperatorSession(
  deps: OperatorAuthDeps,
  c: Context,
  operatorId: string,
): Promise<{ sessionId: string; csrfToken: string; expiresAtMs: number }> {
  const nowMs = deps.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAtMs = nowMs + OPERATOR_SESSION_MAX_SECONDS * 1000;
  const rows = await deps.db.query<{ id: string }>(
    `INSERT INTO operator_sessions (operator_id, token_hash, created_at, last_active_at, expires_at)
     VALUES ($1, $2, $3, $3, $4) RETURNING id`,
    [operatorId, hashToken(token), iso(nowMs), iso(expiresAtMs)],
  );
  const sessionId = rows[0]!.id;
  const names = operatorCookieNames(deps.secure);
  setCookie(c, names.session, token, cookieOptions(deps.secure, OPERATOR_SESSION_MAX_SECONDS));
  const csrfToken = issueCsrfToken(operatorCsrfKey(deps.csrfSecret), sessionId);
  setCookie(c, names.csrf, csrfToken, cookieOptions(deps.secure, OPERATOR_SESSION_MAX_SECONDS));
  return { sessionId, csrfToken, expiresAtMs };
}

/** The live session of a cookie token, or null (unknown, ended, idle, past its lifetime). */
export async function findOperatorSession(
  db: Queryable,
  token: string,
  nowMs: number,
): Promise<(SignedInOperator & { lastActiveMs: number }) | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const rows = await db.query<{
    id: string;
    operator_id: string;
    email: string;
    last_active_at: Date | string;
    expires_at: Date | string;
    ended_at: Date | string | null;
  }>(
    `SELECT s.id, s.operator_id, o.email, s.last_active_at, s.expires_at, s.ended_at
       FROM operator_sessions s JOIN operators o ON o.id = s.operator_id WHERE s.token_hash = $1`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row || row.ended_at !== null) return null;
  const lastActiveMs = new Date(row.last_active_at).getTime();
  const expiresAtMs = new Date(row.expires_at).getTime();
  if (expiresAtMs <= nowMs || nowMs - lastActiveMs > OPERATOR_SESSION_IDLE_SECONDS * 1000) return null;
  return { operatorId: row.operator_id, email: row.email, sessionId: row.id, expiresAtMs, lastActiveMs };
}

export async function endOperatorSession(db: Queryable, sessionId: string, nowMs: number): Promise<void> {
  await db.query('UPDATE operator_sessions SET ended_at = $2 WHERE id = $1 AND ended_at IS NULL', [
    sessionId,
    iso(nowMs),
  ]);
}

export function clearOperatorCookies(c: Context, secure: boolean): void {
  const names = operatorCookieNames(secure);
  for (const name of [names.session, names.csrf])
    deleteCookie(c, name, { path: OPERATOR_COOKIE_PATH, secure, httpOnly: true, sameSite: 'Strict' });
}

/** This request's operator CSRF token when valid and bound to `binding`; otherwise a new one, set as cookie. */
export function ensureOperatorCsrf(deps: OperatorAuthDeps, c: Context, sessionId: string | null): string {
  const key = operatorCsrfKey(deps.csrfSecret);
  const names = operatorCookieNames(deps.secure);
  const current = getCookie(c, names.csrf);
  if (current && csrfTokenSession(key, current) === (sessionId ?? 'anon')) return current;
  const token = issueCsrfToken(key, sessionId);
  setCookie(c, names.csrf, token, cookieOptions(deps.secure, OPERATOR_SESSION_MAX_SECONDS));
  return token;
}

const sameValue = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The edge of every operator route: no Authorization header (a player token is never an
 * operator credential), and on unsafe methods the operator CSRF token (cookie = header, signed
 * with the operator key). Answers the session the token is bound to ('anon' before sign-in).
 */
export function operatorEdge(deps: OperatorAuthDeps): MiddlewareHandler<OperatorEnv> {
  const key = operatorCsrfKey(deps.csrfSecret);
  const names = operatorCookieNames(deps.secure);
  return async (c, next) => {
    if (c.req.header('Authorization') !== undefined) throw playerTokenRefused();
    if (!SAFE_METHODS.has(c.req.method)) {
      const cookie = getCookie(c, names.csrf);
      const header = c.req.header(CSRF_HEADER);
      if (!cookie || !header)
        throw csrfFailed(
          `Missing CSRF token. Fetch GET ${OPERATOR_COOKIE_PATH}/csrf and send its csrf_token in the ${CSRF_HEADER} header.`,
        );
      const binding = sameValue(cookie, header) ? csrfTokenSession(key, cookie) : null;
      if (binding === null) throw csrfFailed();
      c.set('csrfSessionId', binding);
    }
    return next();
  };
}

/** A live operator session from the cookie, bound to the CSRF token on unsafe methods; else 401/403. */
export function requireOperator(deps: OperatorAuthDeps): MiddlewareHandler<OperatorEnv> {
  const names = operatorCookieNames(deps.secure);
  return async (c, next) => {
    const token = getCookie(c, names.session);
    const nowMs = deps.now();
    const session = token ? await findOperatorSession(deps.db, token, nowMs) : null;
    if (!session) throw notSignedIn();
    if (!SAFE_METHODS.has(c.req.method) && c.get('csrfSessionId') !== session.sessionId) throw csrfFailed();
    if (nowMs - session.lastActiveMs >= ACTIVITY_INTERVAL_MS)
      await deps.db.query('UPDATE operator_sessions SET last_active_at = $2 WHERE id = $1', [
        session.sessionId,
        iso(nowMs),
      ]);
    c.set('operator', {
      operatorId: session.operatorId,
      email: session.email,
      sessionId: session.sessionId,
      expiresAtMs: session.expiresAtMs,
    });
    return next();
  };
}

/** True for the paths of the operator API (their CSRF check is the operator edge's, not the players'). */
export const isOperatorApiPath = (path: string): boolean =>
  path === OPERATOR_COOKIE_PATH || path.startsWith(`${OPERATOR_COOKIE_PATH}/`);
