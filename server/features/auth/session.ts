/** Starting a session after join, sign-in or a sign-in link: the LoginResponse plus the refresh and CSRF cookies. */
import type { Context } from 'hono';
import type { LoginResponse } from '../../../src/contract/schemas.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { issueAccessToken } from '../../http/auth.ts';
import { issueCsrfToken, setCsrfCookie } from '../../http/csrf.ts';
import { transaction } from '../../db/transaction.ts';
import { grantLoginBonus, toLoginBonusCoins } from '../login-bonus/login-bonus-grants.ts';
import { activeLoginPromos, promoViewerOf } from '../promos/login-promos.ts';
import { toWireUser, type UserRow } from '../users/users-repo.ts';
import { readBalances } from '../wallet/balances.ts';
import { createAuthSession, endAuthSession } from './auth-sessions.ts';
import {
  createRefreshToken,
  readRefreshCookie,
  sessionOfRefreshToken,
  setRefreshCookie,
} from './refresh-tokens.ts';

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
  // The day's first sign-in earns the login bonus (docs/login-bonus.md); the balances read below include it.
  const bonus = await grantLoginBonus(deps, user, now);
  const [balances, promos] = [
    await readBalances(deps.db, user.id),
    await activeLoginPromos(deps.db, deps.now(), promoViewerOf(deps.config, user)),
  ];
  const answer: LoginResponse = {
    token: access.token,
    token_expires_at: access.expiresAt,
    user: toWireUser(user),
    balances,
    ...promos,
    // What this sign-in earned (0s for every sign-in but the day's first).
    ...toLoginBonusCoins(bonus),
    promo_code: user.promo_code,
  };
  return { answer, sessionId };
}
