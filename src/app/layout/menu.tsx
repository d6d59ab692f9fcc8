/** Hamburger button of the signed-in header; the panel itself loads on first open. */
import { lazy, Suspense, useState } from 'react';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { store } from '../../state/store.ts';
import { setMenuOpen } from '../../state/ui-actions.ts';
import { installState } from '../../pwa/install-prompt.ts';

const MainMenuPanel = lazy(() => import('./main-menu-panel.tsx'));

const button = css`
  flex: none;
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: var(--radius-md);
  border: 1px solid var(--color-border);
  background: var(--color-surface);
  color: var(--color-text);
  cursor: pointer;
  &:hover {
    border-color: var(--color-gold);
  }
`;

const MENU_ID = 'main-menu';

export interface MenuButtonProps {
  goldOnly: boolean;
  mobileVerificationPending: boolean;
  dailyBonusEnabled: boolean;
  supportUrl: string;
}

export function MenuButton(props: MenuButtonProps) {
  const { menuOpen } = useSnapshot(store.ui);
  const install = useSnapshot(installState);
  // Kept in state (not a ref) because the panel positions itself against it during render.
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const installOption = install.installed
    ? null
    : install.canPrompt
      ? 'prompt'
      : install.isIosSafari
        ? 'ios'
        : null;
  return (
    <>
      <button
        ref={setAnchor}
        type="button"
        className={button}
        data-testid="menu-button"
        aria-label="Menu"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-controls={menuOpen ? MENU_ID : undefined}
        onClick={() => setMenuOpen(!menuOpen)}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
        </svg>
      </button>
      {menuOpen ? (
        <Suspense fallback={null}>
          <MainMenuPanel
            id={MENU_ID}
            options={{ ...props, install: installOption }}
            anchor={anchor}
            onClose={() => setMenuOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
