/**
 * The "I'm not a robot" check in front of the postal request code. A provider interface (a real
 * CAPTCHA service plugs in by config, CAPTCHA_PROVIDER) and the sandbox provider the product runs
 * with until one is contracted.
 *
 * Sandbox: GET /amoe/captcha issues a challenge `v1.<payload>.<hmac>` signed with a key derived
 * from the server secret. The payload names a random nonce, the player it was issued to, the
 * site key, an expiry (2 minutes) and a difficulty d. Ticking the box makes the page find an
 * answer n such that SHA-256("<challenge>:<n>") starts with d zero bits (a small proof of work:
 * about 2^d hashes, a fraction of a second in a browser, costly to do by the million). The token
 * posted is "<challenge>:<n>". The server checks, in order: shape, signature, site key, player,
 * expiry, the work, and single use (the nonce is recorded in amoe_captcha_uses; a second use of
 * the same challenge is refused, on any server instance).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  AMOE_ERROR_CODES,
  AMOE_TEXTS,
  type AmoeCaptchaChallenge,
  type AmoeCaptchaProblem,
} from '../../../src/contract/amoe.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';

export const SANDBOX_SITE_KEY = 'sandbox-amoe';
export const CAPTCHA_TTL_MS = 2 * 60_000;

export interface CaptchaProvider {
  readonly name: string;
  readonly siteKey: string;
  /** A challenge for this player (the sandbox's; a hosted provider answers its widget settings). */
  challenge(userId: string, nowMs: number): AmoeCaptchaChallenge;
  /** Throws AMOE_CAPTCHA_FAILED unless the token proves a fresh, unused check by this player. */
  verify(
    db: Queryable,
    input: { token: string; siteKey: string; userId: string; nowMs: number },
  ): Promise<void>;
}

export const captchaFailed = (reason: AmoeCaptchaProblem): ApiError =>
  new ApiError(400, AMOE_ERROR_CODES.AMOE_CAPTCHA_FAILED, AMOE_TEXTS.captchaFailed, 'recaptcha_token', {
    reason,
  });

interface ChallengePayload {
  /** nonce */
  n: string;
  /** player id */
  u: string;
  /** site key */
  k: string;
  /** expires at, epoch ms */
  e: number;
  /** difficulty, leading zero bits */
  d: number;
}

const b64 = (b: Buffer | string): string => Buffer.from(b).toString('base64url');

/** Leading zero bits of a digest. */
export function leadingZeroBits(digest: Buffer): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

export const workDigest = (challenge: string, answer: string): Buffer =>
  createHash('sha256').update(`${challenge}:${answer}`).digest();

/** Finds the answer the page would (tests and the e2e helper use it). */
export function solveChallenge(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++)
    if (leadingZeroBits(workDigest(challenge, String(n))) >= difficulty) return String(n);
}

export function sandboxCaptcha(secret: string, difficulty: number): CaptchaProvider {
  // A key of its own, so a challenge signature can never stand for a token of another kind.
  const key = createHmac('sha256', secret).update('amoe-captcha-v1').digest();
  const sign = (text: string): string => b64(createHmac('sha256', key).update(text).digest());

  const parse = (token: string): { challenge: string; payload: ChallengePayload; answer: string } => {
    const parts = token.split(':');
    if (parts.length !== 2) throw captchaFailed('malformed');
    const [challenge, answer] = parts as [string, string];
    const pieces = challenge.split('.');
    if (pieces.length !== 3 || pieces[0] !== 'v1' || !/^\d{1,12}$/.test(answer))
      throw captchaFailed('malformed');
    const [, body, signature] = pieces as [string, string, string];
    const expected = Buffer.from(sign(`v1.${body}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw captchaFailed('signature');
    let payload: ChallengePayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ChallengePayload;
    } catch {
      throw captchaFailed('malformed');
    }
    return { challenge, payload, answer };
  };

  return {
    name: 'sandbox',
    siteKey: SANDBOX_SITE_KEY,
    challenge(userId, nowMs) {
      const payload: ChallengePayload = {
        n: randomBytes(16).toString('hex'),
        u: userId,
        k: SANDBOX_SITE_KEY,
        e: nowMs + CAPTCHA_TTL_MS,
        d: difficulty,
      };
      const body = `v1.${b64(JSON.stringify(payload))}`;
      return {
        site_key: SANDBOX_SITE_KEY,
        provider: 'sandbox',
        challenge: `${body}.${sign(body)}`,
        difficulty,
        expires_at: new Date(payload.e).toISOString(),
      };
    },
    async verify(db, { token, siteKey, userId, nowMs }) {
      const { challenge, payload, answer } = parse(token);
      if (siteKey !== SANDBOX_SITE_KEY || payload.k !== siteKey) throw captchaFailed('site_key');
      if (payload.u !== userId) throw captchaFailed('other_player');
      if (!(nowMs < payload.e)) throw captchaFailed('expired');
      if (leadingZeroBits(workDigest(challenge, answer)) < payload.d) throw captchaFailed('unsolved');
      // Old nonces go; the margin keeps them while another instance's clock may still accept them.
      await db.query('DELETE FROM amoe_captcha_uses WHERE expires_at < $1', [
        new Date(nowMs - 10 * CAPTCHA_TTL_MS).toISOString(),
      ]);
      const used = await db.query(
        'INSERT INTO amoe_captcha_uses (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING RETURNING nonce',
        [payload.n, new Date(payload.e).toISOString()],
      );
      if (used.length === 0) throw captchaFailed('used');
    },
  };
}
