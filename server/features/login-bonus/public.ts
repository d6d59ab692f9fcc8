/** What the login bonus offers the rest of the server: its part of a session's start (app.ts composes it). */
import type { ServerHooks } from '../../core/deps.ts';
import { grantLoginBonus, toLoginBonusCoins } from './login-bonus-grants.ts';

type SessionStartHook = ServerHooks['sessionStarted'][number];

/** The day's first sign-in earns the login bonus (docs/login-bonus.md); the answer says what it earned. */
export const loginBonusAtSessionStart: SessionStartHook = async (deps, user, nowMs) =>
  toLoginBonusCoins(await grantLoginBonus(deps, user, nowMs));
