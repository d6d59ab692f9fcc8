/**
 * The "new version" toast's styles, apart from the prompt itself: the prompt loads lazily beside
 * the shell (pwa-watchers.tsx), but its styles belong in the shell's stylesheet, which the
 * prerendered login and policy pages carry inline, so taking over such a page fetches no
 * stylesheet (tests/e2e/prerendered-pages.spec.ts). root-layout.tsx imports this module for that.
 */
import { css } from '@linaria/core';

export const updateToast = css`
  position: fixed;
  left: 50%;
  bottom: calc(var(--space-4) + env(safe-area-inset-bottom));
  transform: translateX(-50%);
  z-index: 900;
  display: flex;
  align-items: center;
  gap: var(--space-3);
  width: min(calc(100% - 2 * var(--space-3)), 28rem);
  padding: var(--space-3) var(--space-4);
  border-radius: var(--radius-lg);
  border: 1px solid var(--color-gold);
  background: var(--color-surface-2);
  color: var(--color-text);
  box-shadow: var(--shadow-2);
  & p {
    margin: 0;
    flex: 1;
  }
`;
