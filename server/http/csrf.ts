/**
 * CSRF protection, signed double-submit bound to the session. The CSRF cookie (readable by
 * scripts, SameSite Strict) holds `<session>.<random>.<HMAC-SHA256(session, random)>`, where
 * `session` is the sign-in session id, or `anon` before sign-in. Every unsafe request must send
 * the same value in the X-CSRF-Token header; the server checks equality AND the HMAC, so a value
 * planted without our key is refused, and then that the session named in the token is the one
 * the request acts for: requireAuth compares it with the access token's session, the refresh
 * and logout routes with the refresh cookie's. A token obtained for one session (or before
 * sign-in) cannot be replayed against another.
 *
 * When the public origin is https the cookie is named `__Host-lc_csrf` (Secure, Path=/, no
 * Domain), which no sibling subdomain can set; only that name is read then.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { CSRF_COOKIE, CSRF_HEADER, HOST_COOKIE_PREFIX } from '../../src/contract/constants.ts';
import { ERROR_CODES } from '../../src/contract/errors.ts';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CSRF_COOKIE_MAX_AGE = 30 * 24 * 3600;
/** The binding of a token issued before sign-in. */
export const ANONYMOUS = 'anon';
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const csrfCookieName = (secure: boolean): string =>
  secure ? `${HOST_COOKIE_PREFIX}${CSRF_COOKIE}` : CSRF_COOKIE;

const mac = (secret: string, binding: string, random: string): string =>
  createHmac('sha256', secret).update(`csrf:${binding}:${random}`).digest('base64url');

/** A new token for the session (null: before sign-in). */
export function issueCsrfToken(secret: string, sessionId: string | null = null): string {
  const binding = sessionId ?? ANONYMOUS;
  const random = randomBytes(24).toString('base64url');
  return `${binding}.${random}.${mac(secret, binding, random)}`;
}

/** The session a token was issued to ('anon' before sign-in), or null when the token is not ours. */
export function csrfTokenSession(secret: string, token: string | undefined): string | null {
  if (!token) return null;
  const [binding, random, signature, ...rest] = token.split('.');
  if (!binding || !random || !signature || rest.length > 0) return null;
  if (binding !== ANONYMOUS && !SESSION_ID.test(binding)) return null;
  return sameValue(mac(secret, binding, random), signature) ? binding : null;
}

export const isValidCsrfToken = (secret: string, token: string | undefined): boolean =>
  csrfTokenSession(secret, token) !== null;

const sameValue = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function setCsrfCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, csrfCookieName(secure), token, {
    path: '/',
    sameSite: 'Strict',
    secure,
    httpOnly: false,
    maxAge: CSRF_COOKIE_MAX_AGE,
  });
}

/** This request's CSRF token when it is ours and issued to `sessionId`; otherwise a new one, set as cookie. */
export function ensureCsrfCookie(
  c: Context,
  secret: string,
  secure: boolean,
  sessionId: string | null,
): string {
  const current = getCookie(c, csrfCookieName(secure));
  if (current && csrfTokenSession(secret, current) === (sessionId ?? ANONYMOUS)) return current;
  const token = issueCsrfToken(secret, sessionId);
  setCsrfCookie(c, token, secure);
  return token;
}

/**
 * The CSRF check of unsafe requests. `secure` (the public origin is https) reads only the
 * `__Host-` cookie; left out, either name is read, the `__Host-` one first.
 */
export function csrfProtection(
  secret: string,
  options: { secure?: boolean } = {},
): MiddlewareHandler<AppEnv> {
  const cookieName = csrfCookieName(options.secure ?? false);
  const readCookie = (c: Context): string | undefined =>
    options.secure === undefined
      ? (getCookie(c, csrfCookieName(true)) ?? getCookie(c, cookieName))
      : getCookie(c, cookieName);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const cookie = readCookie(c);
    const header = c.req.header(CSRF_HEADER);
    if (!cookie || !header) {
      throw new ApiError(
        403,
        ERROR_CODES.CSRF_FAILED,
        `Missing CSRF token. Fetch GET /api/v1/auth/csrf and send the ${cookieName} cookie value in the ${CSRF_HEADER} header.`,
      );
    }
    const session = sameValue(cookie, header) ? csrfTokenSession(secret, cookie) : null;
    if (session === null) {
      throw new ApiError(
        403,
        ERROR_CODES.CSRF_FAILED,
        'The CSRF token is not valid. Reload the page and try again.',
      );
    }
    c.set('csrfSessionId', session);
    return next();
  };
}
