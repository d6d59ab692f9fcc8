/**
 * Site header (spec section 2): logo, Sign in / Join now when signed out, currency bar and
 * menu when signed in. Sign in / Join now are disabled while the router navigates.
 */
import { useMatches, useNavigation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ROUTES } from '../../contract/routes.ts';
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { isTrue } from '../../contract/properties.ts';
import { store } from '../../state/store.ts';
import { openDialogOnce } from '../../state/dialog-actions.ts';
import { Logo } from '../../ui/logo.tsx';
import { isMobileVerificationPending, logoDestination } from '../guards.ts';
import { isRouteHandle } from '../route-handle.ts';
import { useGuardContext } from '../use-guard-context.ts';
import { CurrencyBar } from './currency-bar.tsx';
import { HeaderBar, HeaderLogoLink, logoLink, SignedOutActions } from './header-bar.tsx';
import { MenuButton } from './menu.tsx';

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

  const logo =
    destination === 'sign-out-confirmation' ? (
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
      <HeaderLogoLink
        to={destination === 'lobby' ? ROUTES.lobby : ROUTES.home}
        label={destination === 'lobby' ? `${PRODUCT_NAME} lobby` : `${PRODUCT_NAME} home`}
        compact={signedIn ? 'signed-in' : showJoinNow && !hideSignIn ? 'both-actions' : null}
      />
    );

  return (
    <HeaderBar logo={logo}>
      {snap.status === 'signed-out' ? (
        <SignedOutActions showSignIn={!hideSignIn} showJoinNow={showJoinNow} disabled={navigating} />
      ) : null}
      {signedIn && !pending ? <CurrencyBar goldOnly={ctx.goldOnly} /> : null}
      {signedIn ? (
        <MenuButton
          goldOnly={ctx.goldOnly}
          mobileVerificationPending={pending}
          dailyBonusEnabled={isTrue(ctx.properties.daily_bonus_enabled ?? 'true')}
          supportUrl={ROUTES.supportDeskLogin}
        />
      ) : null}
    </HeaderBar>
  );
}
