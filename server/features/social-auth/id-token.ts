/**
 * Verifies a provider's signed token (compact JWS): the header's alg (ES256 or RS256 only, never
 * "none" or HMAC), the signature against the provider's published key named by kid, then the
 * claims: iss = the provider's issuer, aud = our client id, exp in the future and iat not too old
 * nor in the future (60 s of skew). The browser is never trusted: every claim we use comes from a
 * token that passed these checks.
 */
import { verify } from 'node:crypto';
import {
  ID_TOKEN_CLOCK_SKEW_SECONDS,
  ID_TOKEN_MAX_AGE_SECONDS,
  SOCIAL_AUTH_ERROR_CODES,
} from '../../../src/contract/social-auth.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ProviderKeys } from './provider-keys.ts';

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 8192;

export type TokenProblem = 'malformed' | 'signature' | 'issuer' | 'audience' | 'expired' | 'issued_at';

export class TokenRejected extends Error {
  constructor(readonly problem: TokenProblem) {
    super(problem);
  }
}

export interface VerifyOptions {
  issuer: string;
  audience: string;
  nowMs: number;
  /** Age limit by iat (seconds); ID tokens are used within minutes of being issued. */
  maxAgeSeconds?: number;
}

const decodeJson = (segment: string): Record<string, unknown> => {
  const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new TokenRejected('malformed');
  return value as Record<string, unknown>;
};

/** The verified claims of `token`, or TokenRejected naming the first check that failed. */
export async function verifySignedToken(
  token: string,
  keys: ProviderKeys,
  o: VerifyOptions,
): Promise<Record<string, unknown>> {
  if (token.length > MAX_TOKEN_LENGTH) throw new TokenRejected('malformed');
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => SEGMENT.test(p))) throw new TokenRejected('malformed');
  const [h, p, s] = parts as [string, string, string];
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = decodeJson(h);
    claims = decodeJson(p);
  } catch {
    throw new TokenRejected('malformed');
  }
  if ((header.alg !== 'ES256' && header.alg !== 'RS256') || typeof header.kid !== 'string')
    throw new TokenRejected('signature');
  const key = await keys.keyFor(header.kid);
  if (!key || key.alg !== header.alg) throw new TokenRejected('signature');
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    key.alg === 'ES256' ? { key: key.key, dsaEncoding: 'ieee-p1363' } : key.key,
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new TokenRejected('signature');

  if (claims.iss !== o.issuer) throw new TokenRejected('issuer');
  const aud = claims.aud;
  if (!(aud === o.audience || (Array.isArray(aud) && aud.length === 1 && aud[0] === o.audience)))
    throw new TokenRejected('audience');
  const now = Math.floor(o.nowMs / 1000);
  if (typeof claims.exp !== 'number' || claims.exp + ID_TOKEN_CLOCK_SKEW_SECONDS <= now)
    throw new TokenRejected('expired');
  const maxAge = o.maxAgeSeconds ?? ID_TOKEN_MAX_AGE_SECONDS;
  if (
    typeof claims.iat !== 'number' ||
    claims.iat > now + ID_TOKEN_CLOCK_SKEW_SECONDS ||
    claims.iat < now - maxAge - ID_TOKEN_CLOCK_SKEW_SECONDS
  )
    throw new TokenRejected('issued_at');
  return claims;
}

const PROBLEM_TEXTS: Record<TokenProblem, string> = {
  malformed: 'The sign-in answer from the provider could not be read. Please try again.',
  signature: 'The sign-in answer is not signed by the provider. Please try again.',
  issuer: 'The sign-in answer comes from another provider. Please try again.',
  audience: 'The sign-in answer was issued for another site. Please try again.',
  expired: 'The sign-in answer has expired. Please try again.',
  issued_at: 'The sign-in answer is too old. Please try again.',
};

/** The API error for a rejected token: 400 SOCIAL_TOKEN_INVALID on the field that carried it. */
export const invalidToken = (problem: TokenProblem, field: string): ApiError =>
  new ApiError(400, SOCIAL_AUTH_ERROR_CODES.SOCIAL_TOKEN_INVALID, PROBLEM_TEXTS[problem], field, { problem });
