/**
 * "A new version is available — Reload". The new worker waits until the player chooses Reload,
 * so nothing is taken over in the middle of a game.
 */
import { useSnapshot } from 'valtio';
import { pwaState } from '../../pwa/pwa-state.ts';

// The registration module is loaded by then (it is what found the update).
const reload = (): void => void import('../../pwa/service-worker.ts').then((m) => m.applyUpdate());
import { Button } from '../../ui/button.tsx';
import { updateToast } from './update-prompt-styles.ts';

export function UpdatePrompt() {
  const { updateWaiting } = useSnapshot(pwaState);
  return (
    <div role="status" aria-live="polite">
      {updateWaiting ? (
        <div className={updateToast} data-testid="update-prompt">
          <p>A new version is available</p>
          <Button onClick={reload}>Reload</Button>
        </div>
      ) : null}
    </div>
  );
}
