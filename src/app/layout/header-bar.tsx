/**
 * The header's look and its signed-out actions, free of router hooks so the light home page
 * (rendered before the router loads) shows exactly the header the full app shows.
 */
import type { MouseEvent, ReactNode } from 'react';
import { css, cx } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { buttonClassName } from '../../ui/button.tsx';
import { Logo } from '../../ui/logo.tsx';
import { visuallyHiddenRules } from '../../ui/visually-hidden.ts';

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

export const logoLink = css`
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
      ${visuallyHiddenRules}
    }
  }
`;

/** Signed out with both Sign in and Join now: the name no longer fits beside them below 400 px. */
const compactLogoNarrow = css`
  @media (max-width: 399px) {
    & span > span:last-child {
      ${visuallyHiddenRules}
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

export function HeaderBar({ logo, children }: { logo: ReactNode; children?: ReactNode }) {
  return (
    <header className={bar}>
      <div className={inner}>
        {logo}
        <div className={right}>{children}</div>
      </div>
    </header>
  );
}

export interface HeaderLogoLinkProps {
  to: string;
  label: string;
  /** 'signed-in' hides the name below 430 px, 'both-actions' below 400 px. */
  compact?: 'signed-in' | 'both-actions' | null;
}

export function HeaderLogoLink({ to, label, compact = null }: HeaderLogoLinkProps) {
  return (
    <AppLink
      to={to}
      className={cx(
        logoLink,
        compact === 'signed-in' && compactLogo,
        compact === 'both-actions' && compactLogoNarrow,
      )}
      data-testid="header-logo"
      aria-label={label}
    >
      <Logo />
    </AppLink>
  );
}

export interface SignedOutActionsProps {
  showSignIn: boolean;
  showJoinNow: boolean;
  /** While the router navigates both are disabled (spec section 2). */
  disabled?: boolean;
}

export function SignedOutActions({ showSignIn, showJoinNow, disabled = false }: SignedOutActionsProps) {
  const block = (e: MouseEvent) => {
    if (disabled) e.preventDefault();
  };
  return (
    <>
      {showSignIn ? (
        <AppLink
          to={ROUTES.login}
          className={buttonClassName({ variant: 'secondary' }, small)}
          data-testid="header-sign-in"
          aria-disabled={disabled || undefined}
          onClick={block}
        >
          Sign in
        </AppLink>
      ) : null}
      {showJoinNow ? (
        <AppLink
          to={ROUTES.createUser}
          className={buttonClassName({ variant: 'primary' }, small)}
          data-testid="header-join-now"
          aria-disabled={disabled || undefined}
          onClick={block}
        >
          Join now
        </AppLink>
      ) : null}
    </>
  );
}

/** The header of a signed-out visitor on the home page. */
export function SignedOutHomeHeader() {
  return (
    <HeaderBar
      logo={<HeaderLogoLink to={ROUTES.home} label={`${PRODUCT_NAME} home`} compact="both-actions" />}
    >
      <SignedOutActions showSignIn showJoinNow />
    </HeaderBar>
  );
}
