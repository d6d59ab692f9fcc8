/**
 * Sign-in, session and recovery routes.
 *
 * Throttling (./throttle.ts) counts every attempt before any password is checked or any mail is
 * sent, atomically in the database: sign-in per account + client address (a stranger's guesses
 * lock only the stranger), accounts that failed from one client address (password spraying), per
 * client address, and per account from all addresses together (a higher ceiling); sign-in link
 * mails per target email and per client address. A sign-in that succeeds gives its attempt back. Unknown emails are hashed against a dummy and counted like
 * known ones, so both failures look and take the same.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { normalizeEmail } from '../../../src/contract/eligibility.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
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
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { accountClosed, csrfMismatch, issueAccessToken, readAccessToken } from '../../http/auth.ts';
import { clientIp, throttleKeyOf, UNKNOWN_CLIENT } from '../../http/client-ip.ts';
import { ensureCsrfCookie, issueCsrfToken, setCsrfCookie } from '../../http/csrf.ts';
import { readBody } from '../../http/validate.ts';
import { findUserByEmail, findUserById } from '../../core/users/users-repo.ts';
import { endAuthSession } from '../../core/sessions/auth-sessions.ts';
import { socialAccountRefusal } from '../social-auth/public.ts';
import {
  clearRefreshCookie,
  hashToken,
  readRefreshCookie,
  rotateRefreshToken,
  sessionOfRefreshToken,
  setRefreshCookie,
} from '../../core/sessions/refresh-tokens.ts';
import { startKeyedSession } from '../../core/sessions/keyed-session.ts';
import {
  claimStartKey,
  completeStartKey,
  continueStartedSession,
  releaseStartKey,
  sessionIsLive,
  startKeyOf,
  type StartKey,
} from '../../core/sessions/session-start-keys.ts';
import { secureCookies, startSessionWithId } from '../../core/sessions/start-session.ts';
import {
  enforceAttempts,
  enforceLoginAttempts,
  forgiveLoginAttempts,
  LOGIN_PER_ACCOUNT,
  loginChecks,
  RECOVERY_PER_CLIENT,
  RECOVERY_PER_EMAIL,
  resetAttempts,
  SIGN_IN_LINK_PER_CLIENT,
  type ThrottleCheck,
} from '../../core/throttle.ts';
import { insertSignInLink, updatePasswordHash, useSignInLink } from './auth-store.ts';
import { issuePasswordResetTicket } from '../../core/sessions/password-reset-ticket.ts';

export const SIGN_IN_LINK_TTL_SECONDS = 30 * 60;
const invalidCredentials = () =>
  new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, 'The email or password is incorrect.');

export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const secure = secureCookies(deps);
  /** The client address as throttles count it (an IPv6 client by its /64). */
  const ipOf = (c: Context) => throttleKeyOf(clientIp(c, deps.config.trustProxy));

  /** The session a request acts for: its access token's, else its refresh cookie's; null before sign-in. */
  const sessionOfRequest = async (c: Context): Promise<string | null> => {
    const header = c.req.header('Authorization');
    if (header) {
      try {
        return (await readAccessToken(deps.secrets.jwtSecret, header)).sid;
      } catch {
        // An expired or foreign token names no session; the refresh cookie may.
      }
    }
    const refresh = readRefreshCookie(c, secure);
    return refresh ? sessionOfRefreshToken(db, refresh) : null;
  };

  app.get(API_PATHS.csrf, async (c) =>
    c.json({
      csrf_token: ensureCsrfCookie(c, deps.secrets.csrfSecret, secure, await sessionOfRequest(c)),
    }),
  );

  app.post(API_PATHS.login, async (c) => {
    const body = await readBody(c, LoginRequestSchema);
    const email = normalizeEmail(body.email);
    // A retry of a sign-in whose answer was lost (same key, same request) continues its session.
    const startKey = startKeyOf(c, deps, 'login', { email, password: body.password });
    const checks = loginChecks(email, ipOf(c));
    // Counted before the password is looked at: a burst past the limit is refused, right password or not.
    await enforceLoginAttempts(db, checks, deps.now());
    const user = await findUserByEmail(db, email);
    if (!user) {
      await deps.hasher.verifyDummy(body.password);
      throw invalidCredentials();
    }
    const check = await deps.hasher.verify(body.password, user.password_hash);
    // An account opened with Google or Facebook has no password: say so, so the app offers them or a sign-in link.
    if (!check.ok) throw (await socialAccountRefusal(deps, user.id)) ?? invalidCredentials();
    if (user.account_state === 'closed') throw accountClosed(user.closed_reason);
    // The owner's sign-in does not count against them: their own earlier misses from this address
    // are forgiven; the wider counters give back this one attempt (others' misses still count).
    await forgiveLoginAttempts(db, checks);
    if (check.rehash) {
      await updatePasswordHash(db, user.id, await deps.hasher.hash(body.password));
    }
    return c.json(await startKeyedSession(deps, c, user, startKey));
  });

  app.post(API_PATHS.refresh, async (c) => {
    const token = readRefreshCookie(c, secure);
    const refused = (message: string) => {
      clearRefreshCookie(c, secure);
      return new ApiError(401, ERROR_CODES.REFRESH_FAILED, message);
    };
    if (!token) throw refused('You are not signed in.');
    const result = await transaction(db, (tx) =>
      rotateRefreshToken(tx, token, {
        nowMs: deps.now(),
        inactivitySeconds: deps.config.sessionInactivitySeconds,
        csrfSessionId: c.get('csrfSessionId'),
      }),
    );
    if (result.kind === 'invalid') throw refused('Your session has ended. Please sign in again.');
    if (result.kind === 'foreign_csrf') throw csrfMismatch();
    if (result.kind === 'idle')
      throw refused('You were signed out after a period of inactivity. Please sign in again.');
    if (result.kind === 'reused') {
      deps.logger.warn('refresh token reuse detected; session ended', {
        ip: clientIp(c, deps.config.trustProxy),
      });
      throw refused('Your session was ended for your security. Please sign in again.');
    }
    const user = await findUserById(db, result.userId);
    if (!user) throw refused('Your session has ended. Please sign in again.');
    if (user.account_state === 'closed') {
      clearRefreshCookie(c, secure);
      throw accountClosed();
    }
    if (result.kind === 'rotated') setRefreshCookie(c, result.token, secure);
    const access = await issueAccessToken(deps.secrets.jwtSecret, user.id, result.sessionId);
    const answer: RefreshResponse = {
      token: access.token,
      token_expires_at: access.expiresAt,
      method: 'refresh',
    };
    return c.json(answer);
  });

  app.post(API_PATHS.logout, async (c) => {
    // Both the refresh cookie's session and the access token's end: neither works after this.
    const sessions = new Set<string>();
    const refresh = readRefreshCookie(c, secure);
    const fromCookie = refresh ? await sessionOfRefreshToken(db, refresh) : null;
    if (fromCookie) sessions.add(fromCookie);
    const header = c.req.header('Authorization');
    if (header) {
      try {
        sessions.add((await readAccessToken(deps.secrets.jwtSecret, header)).sid);
      } catch {
        // An expired or foreign token: nothing to end through it.
      }
    }
    const bound = c.get('csrfSessionId');
    if (sessions.size > 0 && bound !== undefined && !sessions.has(bound)) throw csrfMismatch();
    for (const id of sessions) await endAuthSession(db, id, 'logout', deps.now());
    clearRefreshCookie(c, secure);
    // The next visitor of this browser starts with a token bound to no session.
    setCsrfCookie(c, issueCsrfToken(deps.secrets.csrfSecret, null), secure);
    return c.body(null, 204);
  });

  app.post(API_PATHS.passwordRecovery, async (c) => {
    const body = await readBody(c, PasswordRecoveryRequestSchema);
    const email = normalizeEmail(body.email);
    const ip = ipOf(c);
    const checks: ThrottleCheck[] = [[RECOVERY_PER_EMAIL, email]];
    if (ip !== UNKNOWN_CLIENT) checks.unshift([RECOVERY_PER_CLIENT, ip]);
    await enforceAttempts(db, checks, deps.now());
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
    const ip = ipOf(c);
    if (ip !== UNKNOWN_CLIENT) await enforceAttempts(db, [[SIGN_IN_LINK_PER_CLIENT, ip]], deps.now());
    // The link works once; its page retried after a lost answer (same key, same link) continues
    // the session the link started. The key lives only in that tab, so the used link alone
    // still grants nothing.
    const startKey = startKeyOf(c, deps, 'sign_in_link', { token: body.token });
    const claim = startKey ? await claimStartKey(db, startKey, deps.now) : null;
    if (claim && claim !== 'claimed') {
      const user = await findUserById(db, claim.userId);
      if (!user || user.account_state === 'closed' || !(await sessionIsLive(deps, claim.sessionId, user.id)))
        throw new ApiError(
          400,
          ERROR_CODES.INVALID_SIGN_IN_LINK,
          'This sign-in link is invalid, expired or already used. Please request a new one.',
          'token',
        );
      const continued = await continueStartedSession(deps, c, user, claim);
      return c.json({ ...continued, password_reset: resetTicket(user, claim.sessionId) });
    }
    try {
      return c.json(await signInWithLink(c, body.token, startKey));
    } catch (error) {
      if (startKey) await releaseStartKey(db, startKey);
      throw error;
    }
  });

  /** Uses the link (once) and starts its session; recorded under the page's key when it sent one. */
  const signInWithLink = async (c: Context, token: string, startKey: StartKey | null) => {
    const now = new Date(deps.now()).toISOString();
    // One link signs in once; older unused links of the same player die with it.
    const userId = await useSignInLink(db, hashToken(token), now);
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
    // The owner proved control of the mailbox: guesses at the password stop blocking the account.
    await resetAttempts(db, LOGIN_PER_ACCOUNT, user.email);
    const { answer, sessionId } = await startSessionWithId(deps, c, user);
    if (startKey) await completeStartKey(db, startKey, answer, sessionId, deps.now());
    // The link is password recovery's: this session may set a new password without the old one.
    return { ...answer, password_reset: resetTicket(user, sessionId) };
  };

  const resetTicket = (user: { id: string; password_hash: string | null }, sessionId: string) =>
    issuePasswordResetTicket(
      deps.secrets.jwtSecret,
      { userId: user.id, sessionId, passwordHash: user.password_hash },
      deps.now(),
    );

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
  await insertSignInLink(deps.db, {
    tokenHash: hashToken(token),
    userId,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + SIGN_IN_LINK_TTL_SECONDS * 1000).toISOString(),
  });
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
      'The link works once and expires in 30 minutes. Opening it signs you in and lets you choose a new password without the old one.',
      '',
      'If you did not ask for this, ignore this email: your account stays safe and nothing changes.',
    ].join('\n'),
  });
}
