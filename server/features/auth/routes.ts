/**
 * Sign-in, session and recovery routes. Failed sign-ins are throttled per email and per client
 * address in the database; unknown emails are hashed against a dummy so both failures look and
 * take the same.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { normalizeEmail } from '../../../src/contract/eligibility.ts';
import { ERROR_CODES, ERROR_TEXTS } from '../../../src/contract/errors.ts';
import {
  LoginRequestSchema,
  PasswordRecoveryRequestSchema,
  SignInLinkRequestSchema,
  type RefreshResponse,
} from '../../../src/contract/schemas.ts';
import { ROUTES } from '../../../src/contract/routes.ts';
import { PRODUCT_NAME } from '../../../src/contract/constants.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps, AppEnv } from '../../http/app-env.ts';
import { issueAccessToken } from '../../http/auth.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ensureCsrfCookie } from '../../http/csrf.ts';
import { readBody } from '../../http/validate.ts';
import { findUserByEmail, findUserById } from '../users/users-repo.ts';
import {
  clearRefreshCookie,
  hashToken,
  readRefreshCookie,
  revokeByToken,
  rotateRefreshToken,
  setRefreshCookie,
} from './refresh-tokens.ts';
import { secureCookies, startSession } from './session.ts';
import {
  clearEvents,
  LOGIN_FAILURES_PER_EMAIL,
  LOGIN_FAILURES_PER_IP,
  RECOVERY_PER_EMAIL,
  RECOVERY_PER_IP,
  recordEvent,
  retryAfterSeconds,
  type ThrottleRule,
} from './throttle.ts';

export const SIGN_IN_LINK_TTL_SECONDS = 30 * 60;
const UNKNOWN_IP = 'unknown';

const tooMany = (seconds: number) =>
  new ApiError(
    429,
    ERROR_CODES.TOO_MANY_ATTEMPTS,
    ERROR_TEXTS.serverBusy,
    null,
    { retry_after_seconds: seconds },
    { 'Retry-After': String(seconds) },
  );
const invalidCredentials = () =>
  new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, 'The email or password is incorrect.');
const accountClosed = () =>
  new ApiError(403, ERROR_CODES.ACCOUNT_CLOSED, 'This account is closed. Please contact support.');

export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  /** Throws 429 when any (rule, subject) pair is over its limit. The 'unknown' address (no socket, tests) is not counted. */
  const enforce = async (checks: Array<[ThrottleRule, string]>): Promise<void> => {
    let wait = 0;
    for (const [rule, subject] of checks) {
      if (subject === UNKNOWN_IP && rule.scope.endsWith('_ip')) continue;
      wait = Math.max(wait, (await retryAfterSeconds(db, rule, subject, deps.now())) ?? 0);
    }
    if (wait > 0) throw tooMany(wait);
  };
  const record = async (checks: Array<[ThrottleRule, string]>): Promise<void> => {
    for (const [rule, subject] of checks) {
      if (subject === UNKNOWN_IP && rule.scope.endsWith('_ip')) continue;
      await recordEvent(db, rule, subject, deps.now());
    }
  };

  app.get(API_PATHS.csrf, (c) =>
    c.json({ csrf_token: ensureCsrfCookie(c, deps.secrets.csrfSecret, secureCookies(deps)) }),
  );

  app.post(API_PATHS.login, async (c) => {
    const body = await readBody(c, LoginRequestSchema);
    const email = normalizeEmail(body.email);
    const ip = clientIp(c, deps.config.trustProxy);
    const counters: Array<[ThrottleRule, string]> = [
      [LOGIN_FAILURES_PER_EMAIL, email],
      [LOGIN_FAILURES_PER_IP, ip],
    ];
    await enforce(counters);
    const user = await findUserByEmail(db, email);
    if (!user) {
      await deps.hasher.verifyDummy(body.password);
      await record(counters);
      throw invalidCredentials();
    }
    const check = await deps.hasher.verify(body.password, user.password_hash);
    if (!check.ok) {
      await record(counters);
      throw invalidCredentials();
    }
    if (user.account_state === 'closed') throw accountClosed();
    await clearEvents(db, LOGIN_FAILURES_PER_EMAIL, email);
    if (check.rehash) {
      await db.query('UPDATE users SET password_hash = $1 WHERE id = $2', [
        await deps.hasher.hash(body.password),
        user.id,
      ]);
    }
    return c.json(await startSession(deps, c, user));
  });

  app.post(API_PATHS.refresh, async (c) => {
    const token = readRefreshCookie(c);
    const refused = (message: string) => {
      clearRefreshCookie(c, secureCookies(deps));
      return new ApiError(401, ERROR_CODES.REFRESH_FAILED, message);
    };
    if (!token) throw refused('You are not signed in.');
    const result = await transaction(db, (tx) => rotateRefreshToken(tx, token, deps.now()));
    if (result.kind === 'invalid') throw refused('Your session has ended. Please sign in again.');
    if (result.kind === 'reused') {
      deps.logger.warn('refresh token reuse detected; session family revoked', {
        ip: clientIp(c, deps.config.trustProxy),
      });
      throw refused('Your session was ended for your security. Please sign in again.');
    }
    const user = await findUserById(db, result.userId);
    if (!user) throw refused('Your session has ended. Please sign in again.');
    if (user.account_state === 'closed') {
      clearRefreshCookie(c, secureCookies(deps));
      throw accountClosed();
    }
    if (result.kind === 'rotated') setRefreshCookie(c, result.token, secureCookies(deps));
    const access = await issueAccessToken(deps.secrets.jwtSecret, user.id);
    const answer: RefreshResponse = {
      token: access.token,
      token_expires_at: access.expiresAt,
      method: 'refresh',
    };
    return c.json(answer);
  });

  app.post(API_PATHS.logout, async (c) => {
    const token = readRefreshCookie(c);
    if (token) await revokeByToken(db, token, deps.now());
    clearRefreshCookie(c, secureCookies(deps));
    return c.body(null, 204);
  });

  app.post(API_PATHS.passwordRecovery, async (c) => {
    const body = await readBody(c, PasswordRecoveryRequestSchema);
    const email = normalizeEmail(body.email);
    const ip = clientIp(c, deps.config.trustProxy);
    const counters: Array<[ThrottleRule, string]> = [
      [RECOVERY_PER_EMAIL, email],
      [RECOVERY_PER_IP, ip],
    ];
    await enforce(counters);
    await record(counters);
    const user = await findUserByEmail(db, email);
    if (user && user.account_state !== 'closed')
      await sendSignInLink(deps, user.id, user.email, user.first_name);
    return c.json(
      {
        message: `If an account exists for ${email}, we have emailed a sign-in link. It works once and expires in 30 minutes.`,
      },
      202,
    );
  });

  app.post(API_PATHS.signInLink, async (c) => {
    const body = await readBody(c, SignInLinkRequestSchema);
    const now = new Date(deps.now()).toISOString();
    const userId = await transaction(db, async (tx) => {
      const rows = await tx.query<{ user_id: string }>(
        'UPDATE sign_in_links SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING user_id',
        [hashToken(body.token), now],
      );
      const id = rows[0]?.user_id;
      // One link signs in once; older unused links of the same player die with it.
      if (id)
        await tx.query('UPDATE sign_in_links SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
          id,
          now,
        ]);
      return id ?? null;
    });
    if (!userId) {
      throw new ApiError(
        400,
        ERROR_CODES.INVALID_SIGN_IN_LINK,
        'This sign-in link is invalid, expired or already used. Please request a new one.',
        'token',
      );
    }
    const user = await findUserById(db, userId);
    if (!user)
      throw new ApiError(
        400,
        ERROR_CODES.INVALID_SIGN_IN_LINK,
        'This sign-in link is no longer valid.',
        'token',
      );
    if (user.account_state === 'closed') throw accountClosed();
    await clearEvents(db, LOGIN_FAILURES_PER_EMAIL, user.email);
    return c.json(await startSession(deps, c, user));
  });

  return app;
}

async function sendSignInLink(
  deps: AppDeps,
  userId: string,
  email: string,
  firstName: string,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db.query(
    'INSERT INTO sign_in_links (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [
      hashToken(token),
      userId,
      new Date(now).toISOString(),
      new Date(now + SIGN_IN_LINK_TTL_SECONDS * 1000).toISOString(),
    ],
  );
  const link = `${deps.config.publicOrigin}${ROUTES.signInLink}?token=${token}`;
  await deps.email.send({
    kind: 'sign_in_link',
    to: email,
    subject: `Your ${PRODUCT_NAME} sign-in link`,
    text: [
      `Hi ${firstName},`,
      '',
      `Someone (hopefully you) asked to sign in to ${PRODUCT_NAME} without a password. Open this link to sign in:`,
      '',
      link,
      '',
      'The link works once and expires in 30 minutes. After signing in you can set a new password under My Account.',
      '',
      'If you did not ask for this, ignore this email: your account stays safe and nothing changes.',
    ].join('\n'),
  });
}
