/**
 * "A new version is available — Reload". The new worker waits until the player chooses Reload,
 * so nothing is taken over in the middle of a game.
 */
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { pwaState } from '../../pwa/pwa-state.ts';

// The registration module is loaded by then (it is what found the update).
const reload = (): void => void import('../../pwa/service-worker.ts').then((m) => m.applyUpdate());
import { Button } from '../../ui/button.tsx';

const toast = css`
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

export function UpdatePrompt() {
  const { updateWaiting } = useSnapshot(pwaState);
  return (
    <div role="status" aria-live="polite">
      {updateWaiting ? (
        <div className={toast} data-testid="update-prompt">
          <p>A new version is available</p>
          <Button onClick={reload}>Reload</Button>
        </div>
      ) : null}
    </div>
  );
}
