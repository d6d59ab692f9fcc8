/**
 * Verifies a provider's signed token (compact JWS): the header's alg (ES256 or RS256 only, never
 * "none" or HMAC), the signature against the provider's published key named by kid, then the
 * claims: iss = the provider's issuer, aud = our client id (alone), exp in the future and iat not
 * too old nor in the future (60 s of skew); jose does the signature and claim checks. The browser
 * is never trusted: every claim we use comes from a token that passed these checks.
 */
import { decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import {
  ID_TOKEN_CLOCK_SKEW_SECONDS,
  ID_TOKEN_MAX_AGE_SECONDS,
  SOCIAL_AUTH_ERROR_CODES,
} from '../../../src/contract/social-auth.ts';
import { ApiError } from '../../http/api-error.ts';
import type { ProviderKeys } from './provider-keys.ts';

const SEGMENT = /^[A-Za-z0-9_-]+$/;
const MAX_TOKEN_LENGTH = 8192;
const ALGORITHMS = ['ES256', 'RS256'];

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

/** The problem a failed jose claim check names, by the claim it failed on. */
const CLAIM_PROBLEMS: Record<string, TokenProblem> = {
  iss: 'issuer',
  aud: 'audience',
  exp: 'expired',
  iat: 'issued_at',
  nbf: 'issued_at',
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
  // Unreadable header or claims are "malformed" whatever the signature, as before any key is fetched.
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token);
    decodeJwt(token);
  } catch {
    throw new TokenRejected('malformed');
  }
  if (!ALGORITHMS.includes(String(header.alg)) || typeof header.kid !== 'string')
    throw new TokenRejected('signature');
  const kid = header.kid;
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(
      token,
      async (protectedHeader) => {
        const key = await keys.keyFor(kid);
        if (!key || key.alg !== protectedHeader.alg) throw new TokenRejected('signature');
        return key.key;
      },
      {
        algorithms: ALGORITHMS,
        issuer: o.issuer,
        audience: o.audience,
        requiredClaims: ['exp'],
        clockTolerance: ID_TOKEN_CLOCK_SKEW_SECONDS,
        maxTokenAge: o.maxAgeSeconds ?? ID_TOKEN_MAX_AGE_SECONDS,
        currentDate: new Date(o.nowMs),
      },
    ));
  } catch (error) {
    if (error instanceof TokenRejected || error instanceof ApiError) throw error;
    if (error instanceof errors.JWTClaimValidationFailed || error instanceof errors.JWTExpired)
      throw new TokenRejected(CLAIM_PROBLEMS[error.claim] ?? 'malformed');
    if (error instanceof errors.JOSEError) throw new TokenRejected('signature');
    throw error;
  }
  // jose accepts any audience list that contains ours; a token for several sites is not ours alone.
  const aud = claims.aud;
  if (Array.isArray(aud) && aud.length !== 1) throw new TokenRejected('audience');
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
