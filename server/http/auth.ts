/**
 * Access tokens: HS256 JWTs (sub = user id, iat, exp, jti) sent as `Authorization: JWT <token>`,
 * valid ACCESS_TOKEN_TTL_SECONDS. `requireAuth` answers 401 NOT_AUTHENTICATED (missing/invalid)
 * or 401 TOKEN_EXPIRED, and 403 ACCOUNT_CLOSED for a closed account.
 */
import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { sign, verify } from 'hono/jwt';
import { JwtTokenExpired } from 'hono/utils/jwt/types';
import { ACCESS_TOKEN_TTL_SECONDS, AUTH_SCHEME } from '../../src/contract/constants.ts';
import { ERROR_CODES } from '../../src/contract/errors.ts';
import type { Database } from '../db/driver.ts';
import { ApiError } from './api-error.ts';
import type { AppEnv } from './app-env.ts';

export interface AccessToken {
  token: string;
  expiresAt: number;
}

/** Uses the wall clock (not the injectable test clock) because JWT verification does too. */
export async function issueAccessToken(secret: string, userId: string): Promise<AccessToken> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await sign({ sub: userId, iat, exp, jti: randomUUID(), typ: 'access' }, secret, 'HS256');
  return { token, expiresAt: exp * 1000 };
}

const notAuthenticated = () =>
  new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, 'Please sign in to continue.');

export async function verifyAccessToken(secret: string, header: string | undefined): Promise<string> {
  if (!header) throw notAuthenticated();
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (scheme !== AUTH_SCHEME || !token || rest.length > 0) throw notAuthenticated();
  try {
    const payload = await verify(token, secret, 'HS256');
    if (typeof payload.sub !== 'string' || payload.typ !== 'access') throw notAuthenticated();
    return payload.sub;
  } catch (error) {
    if (error instanceof JwtTokenExpired) {
      throw new ApiError(401, ERROR_CODES.TOKEN_EXPIRED, 'Your session has expired. Please sign in again.');
    }
    throw notAuthenticated();
  }
}

export function requireAuth(secret: string, db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = await verifyAccessToken(secret, c.req.header('Authorization'));
    const rows = await db.query<{ account_state: string }>('SELECT account_state FROM users WHERE id = $1', [
      userId,
    ]);
    const row = rows[0];
    if (!row) throw notAuthenticated();
    if (row.account_state === 'closed')
      throw new ApiError(403, ERROR_CODES.ACCOUNT_CLOSED, 'This account is closed. Please contact support.');
    c.set('userId', userId);
    return next();
  };
}
