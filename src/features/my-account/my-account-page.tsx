/**
 * /my-account: the player's account hub. Real sections now: "My Sweeps Coins" (#my-sweeps-coins,
 * the menu's Redeem), "My purchase limits" (#my-purchase-limits, the MANAGE LIMITS button) and
 * the coin histories, and the profile with links to change the picture, name, email and password
 * or close the account.
 */
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { ROUTES, withParams } from '../../contract/routes.ts';
import { useBalances } from '../../state/use-balances.ts';
import { isTrue, useNamedProperties } from '../../lib/use-named-properties.ts';
import { SHELL_PROPERTY_NAMES } from '../../lib/shell-properties.ts';
import { store } from '../../state/store.ts';
import { Page, Card } from '../../ui/page.tsx';
import { MySweepsCoinsSection } from './my-sweeps-coins-section.tsx';
import { AccountSettingsLinks } from './account-settings-links.tsx';

// The sections after My Sweeps Coins load with the page but in their own chunks: their forms,
// dialogs and contracts are most of My Account's code, and the page's first load stays within
// the route budget (tests/build/size-budget.test.ts).
const IdentitySection = lazy(async () => ({
  default: (await import('./identity-section.tsx')).IdentitySection,
}));
const AddressSection = lazy(async () => ({
  default: (await import('./address-section.tsx')).AddressSection,
}));
const W9Section = lazy(async () => ({ default: (await import('./w9-section.tsx')).W9Section }));
const PurchaseLimitsSection = lazy(async () => ({
  default: (await import('./purchase-limits-section.tsx')).PurchaseLimitsSection,
}));
const ResponsiblePlaySection = lazy(async () => ({
  default: (await import('./responsible-play-section.tsx')).ResponsiblePlaySection,
}));
const CommunicationPreferencesSection = lazy(async () => ({
  default: (await import('./communication-preferences-section.tsx')).CommunicationPreferencesSection,
}));
const GameSettingsSection = lazy(async () => ({
  default: (await import('./game-settings-section.tsx')).GameSettingsSection,
}));

const linkList = css`
  margin: 0;
  padding: 0;
  list-style: none;
  & li {
    border-top: 1px solid var(--color-border);
  }
  & li:first-child {
    border-top: 0;
  }
  & a {
    display: flex;
    align-items: center;
    justify-content: space-between;
    min-height: 48px;
    padding: var(--space-2) 0;
    font-weight: 600;
    text-decoration: none;
  }
`;
const profile = css`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr);
  gap: var(--space-1) var(--space-3);
  margin: 0 0 var(--space-3);
  & dt {
    color: var(--color-text-muted);
  }
  & dd {
    margin: 0;
    overflow-wrap: anywhere;
    font-weight: 600;
  }
`;
const sectionLoading = css`
  min-height: 160px;
`;

/** How long a fragment waits for its section's chunk before giving up (a slow phone link). */
const FRAGMENT_WAIT_MS = 10_000;

/**
 * Brings the section named by the URL fragment into view and gives its heading focus, once the
 * section is on the page (most sections are lazy: it watches the page until the heading appears).
 */
function useFragmentFocus(hash: string): void {
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (!id) return;
    let frame = 0;
    const focus = (): boolean => {
      const el = document.getElementById(id);
      if (!el) return false;
      frame = requestAnimationFrame(() => {
        el.scrollIntoView?.({ block: 'start' });
        el.focus?.({ preventScroll: true });
      });
      return true;
    };
    if (focus()) return () => cancelAnimationFrame(frame);
    const observer = new MutationObserver(() => {
      if (focus()) stop();
    });
    const timer = setTimeout(() => stop(), FRAGMENT_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      stop();
      cancelAnimationFrame(frame);
    };
  }, [hash]);
}

/** A lazy section: a card-sized space while its chunk loads, so the cards below move little. */
function LazySection({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className={sectionLoading} aria-hidden="true" />}>{children}</Suspense>;
}

export default function MyAccountPage() {
  const { hash } = useLocation();
  const { user } = useSnapshot(store.session);
  const { balances } = useBalances();
  const { values } = useNamedProperties(SHELL_PROPERTY_NAMES);
  const goldOnly = isTrue(values[PROPERTY_NAMES.goldOnlyMode]);
  const year = new Date().getFullYear();
  useFragmentFocus(hash);

  return (
    <Page title="My Account">
      {goldOnly ? null : (
        <MySweepsCoinsSection balances={balances} sweepsEligible={user?.sweeps_eligible ?? true} />
      )}

      <LazySection>
        <IdentitySection />
      </LazySection>

      <LazySection>
        <AddressSection />
      </LazySection>

      {goldOnly ? null : (
        <LazySection>
          <W9Section />
        </LazySection>
      )}

      <LazySection>
        <PurchaseLimitsSection />
      </LazySection>

      <LazySection>
        <ResponsiblePlaySection />
      </LazySection>

      <LazySection>
        <CommunicationPreferencesSection />
      </LazySection>

      <LazySection>
        <GameSettingsSection />
      </LazySection>

      <Card>
        <h2 id="coin-history">Coin history</h2>
        <ul className={linkList}>
          <li>
            <Link to={ROUTES.goldCoinsHistory} data-testid="my-account-gold-history">
              Gold Coins history <span aria-hidden="true">›</span>
            </Link>
          </li>
          {goldOnly ? null : (
            <li>
              <Link to={ROUTES.sweepsCoinsHistory} data-testid="my-account-sweeps-history">
                Sweeps Coins history <span aria-hidden="true">›</span>
              </Link>
            </li>
          )}
          <li>
            <Link to={withParams(ROUTES.yearlySummary, { year })} data-testid="my-account-yearly-summary">
              Yearly summary {year} <span aria-hidden="true">›</span>
            </Link>
          </li>
          <li>
            <Link to={ROUTES.gameHistory} data-testid="my-account-game-history">
              Game history (last rounds of each game) <span aria-hidden="true">›</span>
            </Link>
          </li>
        </ul>
      </Card>

      <Card>
        <h2 id="profile">Profile</h2>
        {user ? (
          <dl className={profile}>
            <dt>Name</dt>
            <dd>
              {user.first_name} {user.last_name}
            </dd>
            <dt>Email</dt>
            <dd>{user.email}</dd>
          </dl>
        ) : null}
        <AccountSettingsLinks />
      </Card>
    </Page>
  );
}
