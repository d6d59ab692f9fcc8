/**
 * The app shell around every page: skip link, header, main content, footer, the overlays
 * (loading, currency switching, navigation progress) and the dialog host. On each navigation
 * it closes the menu and the dialogs the spec lists, re-enables currency switching and moves
 * focus to the new page's heading for keyboard and screen-reader users.
 */
import { lazy, Suspense, useEffect, useRef } from 'react';
import { pageviewPath, trackEvent } from '../../lib/analytics.ts';
// The lazy update prompt's styles ride in the shell's stylesheet (see the module).
import '../pwa/update-prompt-styles.ts';
import { AfterHydration } from '../../ui/after-hydration.tsx';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { store } from '../../state/store.ts';
import { closeDialogsOnNavigation } from '../../state/dialog-actions.ts';
import { setMenuOpen, setNavigating } from '../../state/ui-actions.ts';
import { enforceGoldOnly } from '../../state/currency-actions.ts';
import { reenableSwitchingOnNavigation } from '../../state/switching-on-navigation.ts';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { isTrue, useNamedProperties } from '../../lib/use-named-properties.ts';
import { SHELL_PROPERTY_NAMES } from '../../lib/shell-properties.ts';
import { DialogHost } from '../dialog-host.tsx';
import { Header } from './header.tsx';
import { Footer } from './footer.tsx';
import { SwitchingOverlay } from './switching-overlay.tsx';
import { OfflineBanner } from '../pwa/offline-banner.tsx';
// Inactivity sign-out, suspension notice, birth-date prompt: nothing they do is drawn on the
// first render, so they load beside the shell instead of in every route's first load.
const SessionWatchers = lazy(() => import('../session-watchers.tsx'));
// The version poll, the refresh-required dialog and the update prompt: found later, never drawn first.
const PwaWatchers = lazy(() => import('../pwa/pwa-watchers.tsx'));
// Loaded with the first signed-in page, so signed-out pages do not carry it.
const PlayerSafeguards = lazy(async () => ({
  default: (await import('../../features/player-safeguards/player-safeguards.tsx')).PlayerSafeguards,
}));

const skip = css`
  position: absolute;
  left: var(--space-2);
  top: -100px;
  z-index: 3000;
  padding: var(--space-2) var(--space-4);
  border-radius: var(--radius-sm);
  background: var(--color-primary);
  color: var(--color-primary-contrast);
  font-weight: 700;
  &:focus {
    top: var(--space-2);
  }
`;

const mainClass = css`
  flex: 1 0 auto;
  width: 100%;
  /* The footer starts below the fold, so a lazily loaded page does not push it (layout shift). */
  min-height: 100vh;
  min-height: 100dvh;
  &:focus {
    outline: none;
  }
`;

const progress = css`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  height: 3px;
  z-index: 200;
  background: linear-gradient(90deg, transparent, var(--color-gold), transparent);
  background-size: 50% 100%;
  background-repeat: no-repeat;
  animation: lc-progress 1s linear infinite;
  @keyframes lc-progress {
    from {
      background-position: -50% 0;
    }
    to {
      background-position: 150% 0;
    }
  }
`;

export function RootLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const { loadingOverlay } = useSnapshot(store.ui);
  const signedIn = useSnapshot(store.session).status === 'signed-in';
  const { values } = useNamedProperties(SHELL_PROPERTY_NAMES);
  const goldOnly = isTrue(values[PROPERTY_NAMES.goldOnlyMode]);
  const firstRender = useRef(true);

  // Spec navigation effects: a promo code, UTM codes and click ids on any landing URL are kept
  // for the join form, whichever page the visitor arrived on.
  useEffect(() => {
    // Loaded only for a URL with a query: most navigations have none, and every route's first
    // load would otherwise carry it.
    if (location.search)
      void import('../../lib/attribution.ts').then((m) => m.captureAttributionFromUrl(location.search));
  }, [location.search]);

  // Spec section 7: a pageview on every route change (the path only: queries can hold codes).
  useEffect(() => {
    trackEvent('pageview', { page_path: pageviewPath(location.pathname) });
  }, [location.pathname]);

  useEffect(() => {
    setNavigating(navigation.state !== 'idle');
  }, [navigation.state]);

  useEffect(() => {
    if (goldOnly) enforceGoldOnly();
  }, [goldOnly]);

  useEffect(() => {
    setMenuOpen(false);
    closeDialogsOnNavigation();
    // Spec section 4: each navigation re-enables switching unless the open game disables currencies.
    reenableSwitchingOnNavigation();
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Let the new page render, then put focus on its heading (or main) for screen readers.
    const t = setTimeout(() => {
      if (location.hash) return;
      const target = document.getElementById('page-title') ?? document.getElementById('main');
      target?.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(t);
  }, [location.pathname, location.hash]);

  return (
    <>
      <a href="#main" className={skip}>
        Skip to main content
      </a>
      {navigation.state !== 'idle' ? <div className={progress} aria-hidden="true" /> : null}
      <OfflineBanner />
      <Header />
      <main id="main" tabIndex={-1} className={mainClass}>
        {signedIn ? (
          <Suspense fallback={null}>
            <PlayerSafeguards />
          </Suspense>
        ) : null}
        <Outlet />
      </main>
      <Footer />
      <SwitchingOverlay />
      <LoadingOverlay text={loadingOverlay} />
      <DialogHost />
      {/* After hydration: a prerendered page's markup never holds their pending boundary. */}
      <AfterHydration>
        <Suspense fallback={null}>
          <PwaWatchers />
          <SessionWatchers inactivityTimeoutSetting={values[PROPERTY_NAMES.inactivityTimeoutSeconds]} />
        </Suspense>
      </AfterHydration>
      <ScrollRestoration />
    </>
  );
}
