/**
 * Site header (spec section 2): logo, Sign in / Join now when signed out, currency bar and
 * menu when signed in. Sign in / Join now are disabled while the router navigates.
 */
import type { MouseEvent } from 'react';
import { Link, useMatches, useNavigation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css, cx } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { store } from '../../state/store.ts';
import { openDialogOnce } from '../../state/dialog-actions.ts';
import { buttonClassName } from '../../ui/button.tsx';
import { Logo } from '../../ui/logo.tsx';
import { isMobileVerificationPending, logoDestination } from '../guards.ts';
import { isRouteHandle } from '../route-handle.ts';
import { useGuardContext } from '../use-guard-context.ts';
import { CurrencyBar } from './currency-bar.tsx';
import { MenuButton } from './menu.tsx';

const bar = css`
  position: sticky;
  top: 0;
  z-index: 100;
  background: rgba(20, 17, 43, 0.94);
  backdrop-filter: blur(8px);
  border-bottom: 1px solid var(--color-border);
  padding-top: env(safe-area-inset-top);
`;

const inner = css`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  max-width: var(--content-wide);
  min-height: var(--header-height);
  margin: 0 auto;
  padding: var(--space-1) var(--space-3);
`;

const logoLink = css`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  text-decoration: none;
  cursor: pointer;
  flex: none;
`;

/** When signed in the bar is crowded on phones: only the crown shows below 430 px. */
const compactLogo = css`
  @media (max-width: 429px) {
    & span > span:last-child {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    }
  }
`;

/** Signed out with both Sign in and Join now: the name no longer fits beside them below 400 px. */
const compactLogoNarrow = css`
  @media (max-width: 399px) {
    & span > span:last-child {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0, 0, 0, 0);
      white-space: nowrap;
    }
  }
`;

const right = css`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: var(--space-2);
  min-width: 0;
`;

const small = css`
  min-height: 40px;
  padding: var(--space-1) var(--space-3);
  font-size: 0.95rem;
  white-space: nowrap;
`;

export function Header() {
  const ctx = useGuardContext();
  const snap = useSnapshot(store.session);
  const navigation = useNavigation();
  const matches = useMatches();
  const navigating = navigation.state !== 'idle';
  const handles = matches.map((m) => m.handle).filter(isRouteHandle);
  const showJoinNow = handles.some((h) => h.joinNow);
  const hideSignIn = handles.some((h) => h.hideSignIn);
  const signedIn = snap.status === 'signed-in';
  const pending = signedIn && isMobileVerificationPending(ctx);
  const destination = logoDestination(ctx);

  const blockWhileNavigating = (e: MouseEvent) => {
    if (navigating) e.preventDefault();
  };

  return (
    <header className={bar}>
      <div className={inner}>
        {destination === 'sign-out-confirmation' ? (
          <button
            type="button"
            className={logoLink}
            data-testid="header-logo"
            aria-label={`${PRODUCT_NAME}: sign out`}
            onClick={() => openDialogOnce('sign-out-confirmation')}
          >
            <Logo />
          </button>
        ) : (
          <Link
            to={destination === 'lobby' ? ROUTES.lobby : ROUTES.home}
            className={cx(
              logoLink,
              signedIn && compactLogo,
              !signedIn && showJoinNow && !hideSignIn && compactLogoNarrow,
            )}
            data-testid="header-logo"
            aria-label={destination === 'lobby' ? `${PRODUCT_NAME} lobby` : `${PRODUCT_NAME} home`}
          >
            <Logo />
          </Link>
        )}

        <div className={right}>
          {snap.status === 'signed-out' ? (
            <>
              {hideSignIn ? null : (
                <Link
                  to={ROUTES.login}
                  className={buttonClassName({ variant: 'secondary' }, small)}
                  data-testid="header-sign-in"
                  aria-disabled={navigating || undefined}
                  onClick={blockWhileNavigating}
                >
                  Sign in
                </Link>
              )}
              {showJoinNow ? (
                <Link
                  to={ROUTES.createUser}
                  className={buttonClassName({ variant: 'primary' }, small)}
                  data-testid="header-join-now"
                  aria-disabled={navigating || undefined}
                  onClick={blockWhileNavigating}
                >
                  Join now
                </Link>
              ) : null}
            </>
          ) : null}
          {signedIn && !pending ? <CurrencyBar goldOnly={ctx.goldOnly} /> : null}
          {signedIn ? (
            <MenuButton
              goldOnly={ctx.goldOnly}
              mobileVerificationPending={pending}
              dailyBonusEnabled={(ctx.properties.daily_bonus_enabled ?? 'true').trim().toLowerCase() === 'true'}
              supportUrl={ctx.properties.support_url ?? ROUTES.corporate}
            />
          ) : null}
        </div>
      </div>
    </header>
  );
}
