/** Starting a session after join, sign-in or a sign-in link: the LoginResponse plus the refresh and CSRF cookies. */
import type { Context } from 'hono';
import type { LoginResponse } from '../../../src/contract/schemas.ts';
import type { AppDeps, SessionStartExtras } from '../deps.ts';
import { issueAccessToken } from '../../http/auth.ts';
import { issueCsrfToken, setCsrfCookie } from '../../http/csrf.ts';
import { transaction } from '../../db/transaction.ts';
import { toWireUser, type UserRow } from '../users/users-repo.ts';
import { readBalances } from '../ledger/balances.ts';
import { createAuthSession, endAuthSession } from './auth-sessions.ts';
import {
  createRefreshToken,
  readRefreshCookie,
  sessionOfRefreshToken,
  setRefreshCookie,
} from './refresh-tokens.ts';

/** A session's answer without any feature's additions: no promotions shown, no login bonus earned. */
const NOTHING_EXTRA: Required<SessionStartExtras> = {
  promopopups: [],
  promocarousels: [],
  quantity_ghc: 0,
  quantity_gld: 0,
};

export const secureCookies = (deps: AppDeps): boolean => deps.config.publicOrigin.startsWith('https://');

/** A new sign-in session: its refresh cookie, an access token naming it, and a CSRF cookie bound to it. */
export async function startSession(deps: AppDeps, c: Context, user: UserRow): Promise<LoginResponse> {
  return (await startSessionWithId(deps, c, user)).answer;
}

/** startSession, also answering the new session's id (session-start-keys records it). */
export async function startSessionWithId(
  deps: AppDeps,
  c: Context,
  user: UserRow,
): Promise<{ answer: LoginResponse; sessionId: string }> {
  const now = deps.now();
  // A browser holds one session: the one its refresh cookie named until now ends here.
  const previous = readRefreshCookie(c, secureCookies(deps));
  const previousSession = previous ? await sessionOfRefreshToken(deps.db, previous) : null;
  if (previousSession) await endAuthSession(deps.db, previousSession, 'revoked', now);
  const { sessionId, refresh } = await transaction(deps.db, async (tx) => {
    const id = await createAuthSession(tx, user.id, now);
    return { sessionId: id, refresh: await createRefreshToken(tx, user.id, id, now) };
  });
  const access = await issueAccessToken(deps.secrets.jwtSecret, user.id, sessionId);
  setRefreshCookie(c, refresh, secureCookies(deps));
  setCsrfCookie(c, issueCsrfToken(deps.secrets.csrfSecret, sessionId), secureCookies(deps));
  // What the features add to a new session, in order (app.ts composes them): the day's first
  // sign-in earns the login bonus (docs/login-bonus.md), so the balances are read after them.
  const extras: Required<SessionStartExtras> = { ...NOTHING_EXTRA };
  for (const hook of deps.hooks.sessionStarted) Object.assign(extras, await hook(deps, user, now));
  const answer: LoginResponse = {
    token: access.token,
    token_expires_at: access.expiresAt,
    user: toWireUser(user),
    balances: await readBalances(deps.db, user.id),
    ...extras,
    promo_code: user.promo_code,
  };
  return { answer, sessionId };
}
