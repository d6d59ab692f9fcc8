import { useId, type ReactNode } from 'react';
import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { css } from '@linaria/core';

const overlay = css`
  display: grid;
  place-items: center;
  padding: var(--space-4);
  background: var(--color-overlay);
  z-index: 1000;
`;

const panel = css`
  position: relative;
  width: 100%;
  max-width: 420px;
  max-height: calc(100dvh - 2 * var(--space-4));
  overflow: auto;
  background: var(--color-surface);
  border: 1px solid var(--color-border);
  border-radius: var(--radius-lg);
  box-shadow: var(--shadow-2);
  padding: var(--space-5) var(--space-4) var(--space-4);
  color: var(--color-text);

  @media (min-width: 600px) {
    padding: var(--space-5);
  }
`;

const titleClass = css`
  margin: 0 var(--space-6) var(--space-3) 0;
  font-size: 1.25rem;
`;

const closeButton = css`
  position: absolute;
  top: var(--space-2);
  right: var(--space-2);
  width: 44px;
  height: 44px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: var(--color-text-muted);
  font-size: 1.5rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    background: var(--color-surface-2);
    color: var(--color-text);
  }
`;

const actionsRow = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  justify-content: flex-end;
  margin-top: var(--space-4);
  & > * {
    flex: 1 1 auto;
  }
`;

export interface DialogProps {
  open: boolean;
  /** Called for Escape, outside click and the close button (only when dismissible). */
  onClose: () => void;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** When false the player must pick an action: no Escape, no outside click, no close button. */
  dismissible?: boolean;
  testId?: string;
}

/**
 * Modal dialog on @floating-ui/react: rendered in a portal over a scroll-locking overlay,
 * labelled by its title, focus trapped inside while open and returned to where it was on close.
 */
export function Dialog({ open, onClose, title, children, actions, dismissible = true, testId }: DialogProps) {
  const titleId = useId();
  // The callback ref is taken out of `refs` so the render reads no ref object.
  const {
    refs: { setFloating },
    context,
  } = useFloating({
    open,
    onOpenChange: (next) => {
      if (!next) onClose();
    },
  });
  const dismiss = useDismiss(context, { enabled: dismissible, outsidePressEvent: 'mousedown' });
  const role = useRole(context, { role: 'dialog' });
  const { getFloatingProps } = useInteractions([dismiss, role]);

  if (!open) return null;
  return (
    <FloatingPortal>
      <FloatingOverlay lockScroll className={overlay}>
        <FloatingFocusManager context={context} modal returnFocus initialFocus={0}>
          <div
            ref={setFloating}
            className={panel}
            aria-modal="true"
            aria-labelledby={titleId}
            data-testid={testId}
            {...getFloatingProps()}
          >
            <h2 id={titleId} className={titleClass}>
              {title}
            </h2>
            {children}
            {actions ? <div className={actionsRow}>{actions}</div> : null}
            {dismissible ? (
              <button type="button" className={closeButton} aria-label="Close" onClick={onClose}>
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  );
}
