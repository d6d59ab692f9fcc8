/**
 * The "I'm not a robot" check in front of the mail-in postal request code (AMOE) and sign-up. A
 * provider interface (a real CAPTCHA service plugs in by config, CAPTCHA_PROVIDER) and the sandbox
 * provider the product runs with until one is contracted. Features turn a refusal into their own
 * answer (AMOE: AMOE_CAPTCHA_FAILED on recaptcha_token; sign-up: ROBOT_CHECK_FAILED on g_token).
 *
 * Sandbox: a challenge `v1.<payload>.<hmac>` signed with a key derived from the server secret.
 * The payload names a random nonce, the subject it was issued to (the player for AMOE, 'join' for
 * sign-up, so a token of one never serves the other), the site key, an expiry (2 minutes) and a
 * difficulty d. Ticking the box makes the page find an answer n such that
 * SHA-256("<challenge>:<n>") starts with d zero bits (a small proof of work: about 2^d hashes, a
 * fraction of a second in a browser, costly to do by the million). The token posted is
 * "<challenge>:<n>". The server checks, in order: shape, signature, site key, subject, expiry,
 * the work (`inspect`, no database), and single use (`spend`: the nonce is recorded in
 * robot_check_uses; a second use of the same challenge is refused, on any server instance).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { RobotCheckChallenge, RobotCheckProblem } from '../../src/contract/robot-check.ts';
import type { Queryable } from '../db/driver.ts';
import type { AppDeps } from './deps.ts';

export const SANDBOX_SITE_KEY = 'sandbox-amoe';
export const CAPTCHA_TTL_MS = 2 * 60_000;
/** The subject of sign-up challenges (no player yet). */
export const JOIN_SUBJECT = 'join';

/** A token that passed the checks that need no database; `spend` makes it used. */
export interface InspectedToken {
  nonce: string;
  expiresAtMs: number;
}

export interface RobotCheck {
  readonly name: string;
  readonly siteKey: string;
  /** A challenge for this subject (the sandbox's; a hosted provider answers its widget settings). */
  challenge(subject: string, nowMs: number): RobotCheckChallenge;
  /** The checks without the database: the problem, or the token's nonce to spend. */
  inspect(input: {
    token: string;
    siteKey: string;
    subject: string;
    nowMs: number;
  }): { problem: RobotCheckProblem } | { token: InspectedToken };
  /** Records the use; answers 'used' when the token was spent before (any instance), else null. */
  spend(db: Queryable, token: InspectedToken, nowMs: number): Promise<'used' | null>;
  /** inspect + spend. */
  verify(
    db: Queryable,
    input: { token: string; siteKey: string; subject: string; nowMs: number },
  ): Promise<RobotCheckProblem | null>;
}

interface ChallengePayload {
  /** nonce */
  n: string;
  /** subject: player id, or JOIN_SUBJECT */
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

type Parsed = { challenge: string; payload: ChallengePayload; answer: string };

export function sandboxRobotCheck(secret: string, difficulty: number): RobotCheck {
  // A key of its own, so a challenge signature can never stand for a token of another kind.
  const key = createHmac('sha256', secret).update('amoe-captcha-v1').digest();
  const sign = (text: string): string => b64(createHmac('sha256', key).update(text).digest());

  const parse = (token: string): Parsed | RobotCheckProblem => {
    const parts = token.split(':');
    if (parts.length !== 2) return 'malformed';
    const [challenge, answer] = parts as [string, string];
    const pieces = challenge.split('.');
    if (pieces.length !== 3 || pieces[0] !== 'v1' || !/^\d{1,12}$/.test(answer)) return 'malformed';
    const [, body, signature] = pieces as [string, string, string];
    const expected = Buffer.from(sign(`v1.${body}`));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'signature';
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ChallengePayload;
      return { challenge, payload, answer };
    } catch {
      return 'malformed';
    }
  };

  const check: RobotCheck = {
    name: 'sandbox',
    siteKey: SANDBOX_SITE_KEY,
    challenge(subject, nowMs) {
      const payload: ChallengePayload = {
        n: randomBytes(16).toString('hex'),
        u: subject,
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
    inspect({ token, siteKey, subject, nowMs }) {
      const parsed = parse(token);
      if (typeof parsed === 'string') return { problem: parsed };
      const { challenge, payload, answer } = parsed;
      if (siteKey !== SANDBOX_SITE_KEY || payload.k !== siteKey) return { problem: 'site_key' };
      if (payload.u !== subject) return { problem: 'other_player' };
      if (!(nowMs < payload.e)) return { problem: 'expired' };
      if (leadingZeroBits(workDigest(challenge, answer)) < payload.d) return { problem: 'unsolved' };
      return { token: { nonce: payload.n, expiresAtMs: payload.e } };
    },
    async spend(db, token, nowMs) {
      // Old nonces go; the margin keeps them while another instance's clock may still accept them.
      await db.query('DELETE FROM robot_check_uses WHERE expires_at < $1', [
        new Date(nowMs - 10 * CAPTCHA_TTL_MS).toISOString(),
      ]);
      const used = await db.query(
        'INSERT INTO robot_check_uses (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING RETURNING nonce',
        [token.nonce, new Date(token.expiresAtMs).toISOString()],
      );
      return used.length === 0 ? 'used' : null;
    },
    async verify(db, input) {
      const inspected = check.inspect(input);
      if ('problem' in inspected) return inspected.problem;
      return check.spend(db, inspected.token, input.nowMs);
    },
  };
  return check;
}

/** The configured robot check (CAPTCHA_PROVIDER); the sandbox is the only one built in. */
export const robotCheckOf = (deps: Pick<AppDeps, 'config' | 'secrets'>): RobotCheck =>
  sandboxRobotCheck(deps.secrets.jwtSecret, deps.config.amoeCaptchaDifficulty);
