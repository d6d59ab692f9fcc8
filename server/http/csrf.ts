/**
 * CSRF protection, signed double-submit: the `lc_csrf` cookie (readable by scripts, SameSite
 * Strict) holds `<random>.<HMAC-SHA256(random)>`. Every unsafe request must send the same value
 * in the X-CSRF-Token header; the server checks equality AND the HMAC, so a value planted by a
 * sibling subdomain without our key is refused.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/contract/constants.ts';
import { ERROR_CODES } from '../../src/contract/errors.ts';
import { ApiError } from './api-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const CSRF_COOKIE_MAX_AGE = 30 * 24 * 3600;

const mac = (secret: string, random: string): string =>
  createHmac('sha256', secret).update(`csrf:${random}`).digest('base64url');

export function issueCsrfToken(secret: string): string {
  const random = randomBytes(24).toString('base64url');
  return `${random}.${mac(secret, random)}`;
}

export function isValidCsrfToken(secret: string, token: string | undefined): boolean {
  if (!token) return false;
  const [random, signature, ...rest] = token.split('.');
  if (!random || !signature || rest.length > 0) return false;
  const expected = Buffer.from(mac(secret, random));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const sameValue = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

export function setCsrfCookie(c: Context, token: string, secure: boolean): void {
  setCookie(c, CSRF_COOKIE, token, {
    path: '/',
    sameSite: 'Strict',
    secure,
    httpOnly: false,
    maxAge: CSRF_COOKIE_MAX_AGE,
  });
}

/** The valid CSRF token of this request's cookie, or a new one set as cookie. */
export function ensureCsrfCookie(c: Context, secret: string, secure: boolean): string {
  const current = getCookie(c, CSRF_COOKIE);
  if (current && isValidCsrfToken(secret, current)) return current;
  const token = issueCsrfToken(secret);
  setCsrfCookie(c, token, secure);
  return token;
}

export function csrfProtection(secret: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const cookie = getCookie(c, CSRF_COOKIE);
    const header = c.req.header(CSRF_HEADER);
    if (!cookie || !header) {
      throw new ApiError(
        403,
        ERROR_CODES.CSRF_FAILED,
        `Missing CSRF token. Fetch GET /api/v1/auth/csrf and send the ${CSRF_COOKIE} cookie value in the ${CSRF_HEADER} header.`,
      );
    }
    if (!sameValue(cookie, header) || !isValidCsrfToken(secret, cookie)) {
      throw new ApiError(
        403,
        ERROR_CODES.CSRF_FAILED,
        'The CSRF token is not valid. Reload the page and try again.',
      );
    }
    return next();
  };
}
