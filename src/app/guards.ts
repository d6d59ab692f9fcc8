/**
 * Route guards as pure functions (spec section 2, "Guards"), so each rule is unit-tested
 * without a router. The components in guard-outlets.tsx apply them to the route tree. A
 * feature's own guard (pay-now's) lives in its feature with the same shape.
 */
import { ROUTES } from '../contract/routes.ts';
import type { User } from '../contract/schemas.ts';
import type { SessionStatus } from '../state/store.ts';

export interface GuardContext {
  status: SessionStatus;
  user: Pick<User, 'account_state'> | null;
  goldOnly: boolean;
  mobileVerificationEnabled: boolean;
  /** Shell named properties answered (or failed, defaults apply). */
  propertiesReady: boolean;
  /** Current location (pathname + search + hash). */
  location: string;
  hostname: string;
  productionHost: string;
}

export type GuardDecision =
  | { type: 'allow' }
  /** Session or properties still loading: show a spinner, decide later. */
  | { type: 'wait' }
  | { type: 'redirect'; to: string; rememberReturnTo?: string };

export type Guard = (ctx: GuardContext) => GuardDecision;

const allow: GuardDecision = { type: 'allow' };
const wait: GuardDecision = { type: 'wait' };

export const isMobileVerificationPending = (
  ctx: Pick<GuardContext, 'user' | 'mobileVerificationEnabled'>,
): boolean => ctx.mobileVerificationEnabled && ctx.user?.account_state === 'pending_mobile_verification';

/** Signed-in pages: a signed-out visitor goes to login and the requested URL is remembered. */
export const requireSignedIn: Guard = (ctx) => {
  if (ctx.status === 'unknown') return wait;
  if (ctx.status === 'signed-out')
    return { type: 'redirect', to: ROUTES.login, rememberReturnTo: ctx.location };
  return allow;
};

/**
 * Home, login and create-user send a signed-in player on: to the remembered return-to address
 * when there is one, else the lobby (`returnTo` is read by the caller, consumed on redirect).
 */
export const redirectSignedIn =
  (returnTo: string | null): Guard =>
  (ctx) => {
    if (ctx.status === 'unknown') return wait;
    if (ctx.status === 'signed-in') return { type: 'redirect', to: returnTo ?? ROUTES.lobby };
    return allow;
  };

/** Where the feature is on, a player with pending mobile verification must verify first. */
export const requireMobileVerified: Guard = (ctx) => {
  if (ctx.status === 'signed-in' && !ctx.propertiesReady) return wait;
  if (isMobileVerificationPending(ctx)) return { type: 'redirect', to: ROUTES.mobileVerification };
  return allow;
};

/** The mobile verification page itself: once verified (or the feature is off) -> lobby. */
export const requireMobileVerificationPending: Guard = (ctx) => {
  if (!ctx.propertiesReady) return wait;
  return isMobileVerificationPending(ctx) ? allow : { type: 'redirect', to: ROUTES.lobby };
};

/** Sweeps pages (amoe, sweeps history, refer, earn, redemption, redeem, earn coins): not in gold-only mode. */
export const requireSweeps: Guard = (ctx) => {
  if (!ctx.propertiesReady) return wait;
  return ctx.goldOnly ? { type: 'redirect', to: ROUTES.lobby } : allow;
};

/** Developer pages (style guide) are off on the production host. */
export const devOnly: Guard = (ctx) =>
  ctx.hostname.toLowerCase() === ctx.productionHost.toLowerCase()
    ? { type: 'redirect', to: ROUTES.lobby }
    : allow;

/** Runs guards in order; the first that does not allow decides. */
export const combineGuards =
  (...guards: Guard[]): Guard =>
  (ctx) => {
    for (const g of guards) {
      const d = g(ctx);
      if (d.type !== 'allow') return d;
    }
    return allow;
  };

/** Where the header logo leads (spec section 2). */
export function logoDestination(
  ctx: Pick<GuardContext, 'status' | 'user' | 'mobileVerificationEnabled'>,
): 'home' | 'lobby' | 'sign-out-confirmation' {
  if (ctx.status !== 'signed-in') return 'home';
  return isMobileVerificationPending(ctx) ? 'sign-out-confirmation' : 'lobby';
}
