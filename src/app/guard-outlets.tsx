/**
 * Guard components for the route tree: each renders its child routes (<Outlet/>) when its pure
 * guard from guards.ts allows, a spinner while it waits (the loading overlay while the session
 * resumes), or redirects. A new guard is one more <GuardOutlet guard={...}/>.
 */
import { useDeferredValue, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { consumeReturnTo, peekReturnTo, rememberReturnTo } from '../lib/return-to.ts';
import { PageWaiting } from '../ui/page-waiting.tsx';
import {
  devOnly,
  redirectSignedIn,
  requireMobileVerificationPending,
  requireMobileVerified,
  requireSignedIn,
  requireSweeps,
  type Guard,
} from './guards.ts';
import { useGuardContext } from './use-guard-context.ts';
import { AppLoading } from './app-loading.tsx';

function Redirect({ to, remember, consume }: { to: string; remember?: string; consume?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (remember) rememberReturnTo(remember);
    if (consume) consumeReturnTo();
    void navigate(to, { replace: true });
  }, [navigate, to, remember, consume]);
  return <PageWaiting />;
}

export function GuardOutlet({
  guard,
  consumeReturnTo: consume = false,
}: {
  guard: Guard;
  consumeReturnTo?: boolean;
}) {
  const ctx = useGuardContext();
  const decision = guard(ctx);
  // The store's answer to session resume re-renders synchronously (useSyncExternalStore); the
  // page it lets through mounts in a deferred render instead, in slices that yield to the
  // browser, so mounting the whole page is not one long task.
  const deferredStatus = useDeferredValue(ctx.status);
  const resumeJustEnded = deferredStatus === 'unknown' && ctx.status !== 'unknown';
  // While the session resumes nobody knows yet which page belongs here: the full-screen loading
  // overlay (debounced, so a quick answer shows nothing), never the login page or a half page.
  if (resumeJustEnded) return <AppLoading />;
  if (decision.type === 'wait') return ctx.status === 'unknown' ? <AppLoading /> : <PageWaiting />;
  if (decision.type === 'redirect')
    return <Redirect to={decision.to} remember={decision.rememberReturnTo} consume={consume} />;
  return <Outlet />;
}

export const RequireSignedIn = () => <GuardOutlet guard={requireSignedIn} />;
/** Home, login, create-user: a signed-in player goes to the remembered page or the lobby. */
export function RedirectSignedIn() {
  return <GuardOutlet guard={redirectSignedIn(peekReturnTo())} consumeReturnTo />;
}
export const RequireMobileVerified = () => <GuardOutlet guard={requireMobileVerified} />;
export const RequireMobileVerificationPending = () => (
  <GuardOutlet guard={requireMobileVerificationPending} />
);
export const RequireSweeps = () => <GuardOutlet guard={requireSweeps} />;
export const DevOnly = () => <GuardOutlet guard={devOnly} />;
