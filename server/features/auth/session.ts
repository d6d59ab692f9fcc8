/** Starting a session after join, sign-in or a sign-in link: the LoginResponse plus the refresh and CSRF cookies. */
import type { Context } from 'hono';
import type { LoginResponse } from '../../../src/contract/schemas.ts';
import type { AppDeps } from '../../http/app-env.ts';
import { issueAccessToken } from '../../http/auth.ts';
import { ensureCsrfCookie } from '../../http/csrf.ts';
import { activeLoginPromos } from '../promos/login-promos.ts';
import { toWireUser, type UserRow } from '../users/users-repo.ts';
import { readBalances } from '../wallet/balances.ts';
import { createRefreshToken, setRefreshCookie } from './refresh-tokens.ts';

export const secureCookies = (deps: AppDeps): boolean => deps.config.publicOrigin.startsWith('https://');

export async function startSession(deps: AppDeps, c: Context, user: UserRow): Promise<LoginResponse> {
  const refresh = await createRefreshToken(deps.db, user.id, null, deps.now());
  const access = await issueAccessToken(deps.secrets.jwtSecret, user.id);
  setRefreshCookie(c, refresh, secureCookies(deps));
  ensureCsrfCookie(c, deps.secrets.csrfSecret, secureCookies(deps));
  const [balances, promos] = [
    await readBalances(deps.db, user.id),
    await activeLoginPromos(deps.db, deps.now()),
  ];
  return {
    token: access.token,
    token_expires_at: access.expiresAt,
    user: toWireUser(user),
    balances,
    ...promos,
    // The login bonus arrives with a later issue; until then a sign-in awards nothing.
    quantity_ghc: 0,
    quantity_gld: 0,
    promo_code: user.promo_code,
  };
}
