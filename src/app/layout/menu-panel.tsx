/**
 * The signed-in menu panel: a drawer over the page (floating-ui overlay + focus manager).
 * Keyboard: focus starts on the first item, Arrow Up/Down (and Home/End) move between items,
 * Escape or a click outside closes and focus returns to the menu button. Any item click closes it.
 */
import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
} from '@floating-ui/react';
import { css, cx } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { logout } from '../../state/session-actions.ts';
import { store } from '../../state/store.ts';
import { openDialogOnce } from '../../state/dialog-actions.ts';
import { installState, promptInstall } from '../../pwa/install-prompt.ts';
import type { MenuItem } from '../menu-items.ts';

const overlay = css`
  z-index: 500;
  background: var(--color-overlay);
`;

const panel = css`
  position: absolute;
  top: 0;
  right: 0;
  bottom: 0;
  width: min(320px, 86vw);
  overflow-y: auto;
  background: var(--color-surface);
  border-left: 1px solid var(--color-border);
  box-shadow: var(--shadow-2);
  padding: calc(var(--space-4) + env(safe-area-inset-top)) var(--space-3) var(--space-4);
  animation: lc-slide 0.18s ease-out;
  @keyframes lc-slide {
    from {
      transform: translateX(30px);
      opacity: 0;
    }
  }
`;

const headRow = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: var(--space-3);
  padding-left: var(--space-2);
  & h2 {
    margin: 0;
    font-size: 1.1rem;
  }
`;

const who = css`
  display: flex;
  align-items: center;
  gap: var(--space-2);
`;
const avatar = css`
  width: 40px;
  height: 40px;
  border-radius: 50%;
  object-fit: cover;
  background: var(--color-surface-2);
`;

const closeBtn = css`
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: var(--color-text-muted);
  font-size: 1.6rem;
  cursor: pointer;
  &:hover {
    background: var(--color-surface-2);
    color: var(--color-text);
  }
`;

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  & ul {
    list-style: none;
    margin: 0 0 var(--space-1);
    padding: 0 0 0 var(--space-4);
  }
`;

const item = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  width: 100%;
  min-height: 48px;
  padding: var(--space-2) var(--space-3);
  border: 0;
  border-radius: var(--radius-sm);
  background: transparent;
  color: var(--color-text);
  font-weight: 600;
  font-size: 1rem;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: var(--color-surface-2);
    color: var(--color-text);
  }
`;
const childItem = css`
  min-height: 44px;
  font-weight: 500;
  color: var(--color-text-muted);
`;
const signOutItem = css`
  margin-top: var(--space-2);
  border-top: 1px solid var(--color-border);
  border-radius: 0;
  color: var(--color-danger);
`;
const chevron = css`
  transition: transform 0.15s;
  &[data-open='false'] {
    transform: rotate(-90deg);
  }
`;

function focusableItems(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('[role="menuitem"]')];
}

function onMenuKeyDown(e: KeyboardEvent<HTMLElement>) {
  const items = focusableItems(e.currentTarget);
  if (!items.length) return;
  const index = items.indexOf(document.activeElement as HTMLElement);
  let next: number | null = null;
  if (e.key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % items.length;
  else if (e.key === 'ArrowUp')
    next = index < 0 ? items.length - 1 : (index - 1 + items.length) % items.length;
  else if (e.key === 'Home') next = 0;
  else if (e.key === 'End') next = items.length - 1;
  if (next !== null) {
    e.preventDefault();
    items[next]?.focus();
  }
}

export default function MenuPanel({
  id,
  items,
  anchor,
  onClose,
}: {
  id: string;
  items: MenuItem[];
  anchor: HTMLElement | null;
  onClose: () => void;
}) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const picture = useSnapshot(store.session).user?.profile_pic ?? null;
  // The callback ref is taken out of `refs` so the render reads no ref object.
  const {
    refs: { setFloating },
    context,
  } = useFloating({
    open: true,
    onOpenChange: (o) => {
      if (!o) onClose();
    },
    elements: { reference: anchor },
  });
  const dismiss = useDismiss(context, { outsidePressEvent: 'mousedown' });
  const { getFloatingProps } = useInteractions([dismiss]);
  // Focus the first item (not the close button) once the portal has mounted the list, so
  // arrow keys work at once.
  const focusedOnce = useRef(false);
  const listRef = useCallback((el: HTMLUListElement | null) => {
    if (!el || focusedOnce.current) return;
    focusedOnce.current = true;
    el.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, []);

  const renderItem = (m: MenuItem, child = false) => {
    const cls = cx(item, child && childItem, m.action === 'sign-out' && signOutItem);
    if (m.children) {
      // Groups start open: their pages are one tap away, the toggle only tidies the list.
      const open = expanded[m.testId] ?? true;
      const groupId = `${id}-${m.testId}`;
      return (
        <li key={m.testId} role="none">
          <button
            type="button"
            role="menuitem"
            className={cls}
            data-testid={m.testId}
            aria-expanded={open}
            aria-controls={groupId}
            onClick={() => setExpanded((s) => ({ ...s, [m.testId]: !open }))}
          >
            {m.label}
            <span className={chevron} data-open={open} aria-hidden="true">
              ▾
            </span>
          </button>
          {open ? (
            <ul id={groupId} role="group" aria-label={m.label}>
              {m.children.map((c) => renderItem(c, true))}
            </ul>
          ) : null}
        </li>
      );
    }
    if (m.action) {
      const run =
        m.action === 'install'
          ? () => {
              // iOS Safari has no install prompt: explain Share > Add to Home Screen instead.
              if (installState.canPrompt) void promptInstall();
              else openDialogOnce('install-instructions');
            }
          : () => void logout();
      return (
        <li key={m.testId} role="none">
          <button
            type="button"
            role="menuitem"
            className={cls}
            data-testid={m.testId}
            onClick={() => {
              onClose();
              run();
            }}
          >
            {m.label}
          </button>
        </li>
      );
    }
    if (m.href) {
      return (
        <li key={m.testId} role="none">
          <a
            role="menuitem"
            className={cls}
            data-testid={m.testId}
            href={m.href}
            target="_blank"
            rel="noopener noreferrer"
            onClick={onClose}
          >
            {m.label}
            <span aria-hidden="true">↗</span>
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </li>
      );
    }
    return (
      <li key={m.testId} role="none">
        <Link role="menuitem" className={cls} data-testid={m.testId} to={m.to ?? '/'} onClick={onClose}>
          {m.label}
        </Link>
      </li>
    );
  };

  return (
    <FloatingPortal>
      <FloatingOverlay lockScroll className={overlay}>
        <FloatingFocusManager context={context} modal initialFocus={-1} returnFocus>
          <nav ref={setFloating} id={id} className={panel} aria-label="Main menu" {...getFloatingProps()}>
            <div className={headRow}>
              <div className={who}>
                {/* The player's picture (My Account > Profile picture), decorative beside the heading. */}
                {picture ? (
                  <img
                    className={avatar}
                    src={picture}
                    alt=""
                    width={40}
                    height={40}
                    data-testid="menu-avatar"
                  />
                ) : null}
                <h2>Menu</h2>
              </div>
              <button type="button" className={closeBtn} aria-label="Close menu" onClick={onClose}>
                <span aria-hidden="true">×</span>
              </button>
            </div>
            <ul ref={listRef} role="menu" aria-label="Main menu" className={list} onKeyDown={onMenuKeyDown}>
              {items.map((m) => renderItem(m))}
            </ul>
          </nav>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
