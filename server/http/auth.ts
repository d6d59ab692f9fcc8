/**
 * Access tokens: HS256 JWTs sent as `Authorization: JWT <token>`, valid ACCESS_TOKEN_TTL_SECONDS.
 * Claims: sub (player id), sid (sign-in session id), iat, exp, jti, typ 'access', iss, aud.
 *
 * Signing and the signature check are jose's (the HMAC key imported once per secret); the claim
 * rules are ours because they choose the answer (TOKEN_EXPIRED for our merely old tokens,
 * NOT_AUTHENTICATED for anything else). The header must be exactly {"alg":"HS256","typ":"JWT"}
 * (no alg switching, no `none`, no kid), the signature must match, and exp, iat, iss, aud, typ,
 * sub and sid must all be present and right; a token without exp is refused, as is one living
 * longer than the TTL.
 *
 * `requireAuth` then runs ONE indexed query (session by primary key joined to the player by
 * primary key) that answers both "has this session ended" (logout, inactivity, reuse) and "is
 * the account closed", so an access token stops working at logout. It answers 401
 * NOT_AUTHENTICATED (missing, invalid, session ended), 401 TOKEN_EXPIRED, 403 ACCOUNT_CLOSED, and
 * 403 CSRF_FAILED when an unsafe request's CSRF token belongs to another session.
 *
 * Mobile verification: while the mobile_verification_enabled named property is on, an account in
 * account_state 'pending_mobile_verification' gets 403 MOBILE_VERIFICATION_REQUIRED from every
 * route but those that opt in (`allowPendingMobileVerification`: GET /users/me and the
 * mobile-verification calls; sign-out checks the token itself). The same statement answers it:
 * the property is looked up only for a pending account (CASE), so other players' reads, the
 * balance read included, pay nothing for it.
 *
 * Activity: a request records the session's last activity only when the recorded one is older
 * than the activity interval (a tenth of the inactivity window, 1 to 60 s), so a busy player
 * costs one small UPDATE a minute, not one per request. The refresh route refuses a session idle
 * for longer than the window plus that interval (never earlier than the window).
 */
import { randomUUID, webcrypto } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { compactVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, AUTH_SCHEME } from '../../src/contract/constants.ts';
import { ERROR_CODES } from '../../src/contract/errors.ts';
import {
  MOBILE_VERIFICATION_ERROR_CODES,
  MOBILE_VERIFICATION_TEXTS,
} from '../../src/contract/mobile-verification.ts';
import { PROPERTY_NAMES } from '../../src/contract/properties.ts';
import type { Config } from '../platform/config.ts';
import type { Queryable, Row } from '../db/driver.ts';
import type { Secrets } from '../platform/secrets.ts';
import { ApiError } from './api-error.ts';
import { accountStateRefusal } from './account-status.ts';
import type { AppEnv } from './app-env.ts';

export const TOKEN_ISSUER = 'lucky-crown';
export const TOKEN_AUDIENCE = 'lucky-crown-api';
/** Tolerated clock difference between server instances for iat. */
const CLOCK_SKEW_SECONDS = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** The only header we sign, base64url-encoded: a token with any other header is not ours. */
const TOKEN_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

/** The HMAC key of each secret, imported once (jose would import a raw secret on every call). */
const hmacKeys = new Map<string, Promise<webcrypto.CryptoKey>>();
const hmacKey = (secret: string): Promise<webcrypto.CryptoKey> => {
  let key = hmacKeys.get(secret);
  if (!key) {
    key = webcrypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    hmacKeys.set(secret, key);
  }
  return key;
};

export interface AccessToken {
  token: string;
  expiresAt: number;
}

export interface AccessClaims {
  sub: string;
  sid: string;
  iat: number;
  exp: number;
}

/** Uses the wall clock (not the injectable test clock): exp is checked against it. */
export async function issueAccessToken(
  secret: string,
  userId: string,
  sessionId: string,
): Promise<AccessToken> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ sid: sessionId, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .sign(await hmacKey(secret));
  return { token, expiresAt: exp * 1000 };
}

const notAuthenticated = (message = 'Please sign in to continue.') =>
  new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, message);
const tokenExpired = () =>
  new ApiError(401, ERROR_CODES.TOKEN_EXPIRED, 'Your session has expired. Please sign in again.');
const sessionEnded = () => notAuthenticated('Your session has ended. Please sign in again.');
/** `reason` (users.closed_reason) is told at sign-in so the app shows the closed-account flow that fits. */
export const accountClosed = (reason?: string | null) =>
  accountStateRefusal(
    403,
    ERROR_CODES.ACCOUNT_CLOSED,
    'This account is closed. Please contact support.',
    'closed',
    reason ? { closed_reason: reason } : null,
  );
export const csrfMismatch = () =>
  new ApiError(403, ERROR_CODES.CSRF_FAILED, 'The CSRF token is not valid. Reload the page and try again.');
export const mobileVerificationRequired = () =>
  new ApiError(
    403,
    MOBILE_VERIFICATION_ERROR_CODES.MOBILE_VERIFICATION_REQUIRED,
    MOBILE_VERIFICATION_TEXTS.required,
  );

const isFiniteNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Claims of tokens whose signature was already checked, per secret: a player sends the same token
 * with every request, and jose's verify (WebCrypto, 30-70 µs) costs more than the rest of the
 * check together (docs/performance.md). Only a token equal character for character is found;
 * every claim is still checked on each request.
 */
const verifiedTokens = new Map<string, Map<string, Readonly<Record<string, unknown>>>>();
const VERIFIED_TOKENS_MAX = 10_000;

/** The decoded claims of a token signed with `secret`, or throws 401. */
async function signedClaims(secret: string, token: string): Promise<Readonly<Record<string, unknown>>> {
  let known = verifiedTokens.get(secret);
  const cached = known?.get(token);
  if (cached) return cached;
  const parts = token.split('.');
  // Any other header (another alg, `none`, a kid, another typ) is refused before any crypto.
  if (parts.length !== 3 || parts[0] !== TOKEN_HEADER || !parts.every((p) => BASE64URL.test(p)))
    throw notAuthenticated();
  let claims: Readonly<Record<string, unknown>>;
  try {
    const { payload } = await compactVerify(token, await hmacKey(secret), { algorithms: ['HS256'] });
    const parsed: unknown = JSON.parse(new TextDecoder().decode(payload));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw notAuthenticated();
    claims = Object.freeze(parsed as Record<string, unknown>);
  } catch {
    throw notAuthenticated();
  }
  if (!known) verifiedTokens.set(secret, (known = new Map()));
  if (known.size >= VERIFIED_TOKENS_MAX) known.clear();
  known.set(token, claims);
  return claims;
}

/** The claims of a valid access token from an Authorization header, or throws 401. */
export async function readAccessToken(
  secret: string,
  header: string | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): Promise<AccessClaims> {
  if (!header) throw notAuthenticated();
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme !== AUTH_SCHEME || !token || rest.length > 0) throw notAuthenticated();
  const { sub, sid, iat, exp, typ, iss, aud } = await signedClaims(secret, token);
  if (!isFiniteNumber(exp) || !isFiniteNumber(iat) || exp - iat > ACCESS_TOKEN_TTL_SECONDS)
    throw notAuthenticated();
  // Ours and merely old: the app answers by refreshing.
  if (exp <= nowSeconds) throw tokenExpired();
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) throw notAuthenticated();
  if (typ !== 'access' || typeof sub !== 'string' || !UUID.test(sub)) throw notAuthenticated();
  // Signed by us before sessions were named in tokens: the refresh cookie still holds the session.
  if (sid === undefined && iss === undefined && aud === undefined) throw tokenExpired();
  if (iss !== TOKEN_ISSUER || aud !== TOKEN_AUDIENCE || typeof sid !== 'string' || !UUID.test(sid))
    throw notAuthenticated();
  return { sub, sid, iat, exp };
}

/** The player id of a valid access token (routes that only need to know who asks). */
export async function verifyAccessToken(secret: string, header: string | undefined): Promise<string> {
  return (await readAccessToken(secret, header)).sub;
}

/** Seconds between two recorded activities of one session: a tenth of the window, 1 to 60. */
export const activityIntervalSeconds = (inactivitySeconds: number): number =>
  Math.min(60, Math.max(1, Math.ceil(inactivitySeconds / 10)));

/** True when a session last active at `lastActiveMs` has been idle past the inactivity window. */
export const isPastInactivityWindow = (
  lastActiveMs: number,
  nowMs: number,
  inactivitySeconds: number,
): boolean => nowMs - lastActiveMs > (inactivitySeconds + activityIntervalSeconds(inactivitySeconds)) * 1000;

export interface AuthDeps {
  db: Queryable;
  secrets: Pick<Secrets, 'jwtSecret'>;
  config: Pick<Config, 'sessionInactivitySeconds'>;
  /** Clock in epoch ms (activity times). */
  now: () => number;
}

interface SessionRow {
  user_id: string;
  ended_at: Date | string | null;
  last_active_at: Date | string;
  account_state: string;
  closed_reason: string | null;
  /** Pending mobile verification while the feature is on (see the file comment). */
  mobile_pending: boolean;
  [key: string]: unknown;
}

/** Columns and joins a route adds to the session query (aliases: s = the session, u = the player). */
/**
 * What the session check reads from a request and records on it: Hono's Context has it, and so
 * has the node:http fast path's view of a request (./fast-reads.ts), so both run this same code.
 */
export interface AuthTarget {
  req: { header(name: string): string | undefined; readonly path: string; readonly method: string };
  get(key: 'csrfSessionId'): string | undefined;
  set(key: 'userId' | 'sessionId', value: string): void;
}

export interface SessionQueryExtra {
  columns: string;
  joins: string;
}
const NO_EXTRA: SessionQueryExtra = { columns: '', joins: '' };

export interface AuthOptions {
  /** true: an account pending mobile verification may call this route (default: 403). */
  allowPendingMobileVerification?: boolean;
  /**
   * The route's own answer to a closed account (default: 403 ACCOUNT_CLOSED), given also when the
   * close ended the token's session: a purchase answers the spec's CANT_COMPLETE_PURCHASE with a
   * closed-account sub-code instead. Only for a token that is valid and names that account.
   */
  closedAccount?: (closedReason: string | null) => Error;
}

/** The middleware: a valid access token of a live session, or 401 (see authenticateWith). */
export function requireAuth(deps: AuthDeps, options: AuthOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await authenticateWith(deps, c, NO_EXTRA, options);
    return next();
  };
}

const MOBILE_PENDING_COLUMN = `CASE WHEN u.account_state = 'pending_mobile_verification'
  THEN EXISTS (SELECT 1 FROM named_properties p
                WHERE p.key = '${PROPERTY_NAMES.mobileVerificationEnabled}' AND lower(btrim(p.value)) = 'true')
  ELSE false END AS mobile_pending`;

/**
 * What requireAuth does, for a route that reads the player's own rows in the same statement as
 * the session check (one round trip instead of two): `extra` adds columns and LEFT JOINs to the
 * session query. Returns its rows (the session columns repeated on each); throws like requireAuth.
 */
export async function authenticateWith<T extends Row = Row>(
  deps: AuthDeps,
  c: AuthTarget,
  extra: SessionQueryExtra,
  options: AuthOptions = {},
): Promise<(SessionRow & T)[]> {
  const intervalMs = activityIntervalSeconds(deps.config.sessionInactivitySeconds) * 1000;
  const claims = await readAccessToken(deps.secrets.jwtSecret, c.req.header('Authorization'));
  const rows = await deps.db.query<SessionRow & T>(
    `SELECT s.user_id, s.ended_at, s.last_active_at, u.account_state, u.closed_reason, ${MOBILE_PENDING_COLUMN}${extra.columns ? `, ${extra.columns}` : ''}
       FROM auth_sessions s JOIN users u ON u.id = s.user_id ${extra.joins}
      WHERE s.id = $1`,
    [claims.sid],
  );
  const row = rows[0];
  if (row?.user_id === claims.sub && row.account_state === 'closed' && options.closedAccount)
    throw options.closedAccount(row.closed_reason);
  if (!row || row.user_id !== claims.sub || row.ended_at !== null) throw sessionEnded();
  if (row.account_state === 'closed') throw accountClosed();
  if (row.mobile_pending && !options.allowPendingMobileVerification) throw mobileVerificationRequired();
  // Set by the CSRF middleware on unsafe requests: the session the double-submit token was issued to.
  const csrfSession = c.get('csrfSessionId');
  if (csrfSession !== undefined && csrfSession !== claims.sid) throw csrfMismatch();
  const nowMs = deps.now();
  if (nowMs - new Date(row.last_active_at).getTime() >= intervalMs) {
    await deps.db.query(
      'UPDATE auth_sessions SET last_active_at = $2 WHERE id = $1 AND last_active_at < $3',
      [claims.sid, new Date(nowMs).toISOString(), new Date(nowMs - intervalMs).toISOString()],
    );
  }
  c.set('userId', claims.sub);
  c.set('sessionId', claims.sid);
  return rows;
}
