/**
 * Dialogs of the installable app: the refresh-required notice (the server's minimum client
 * version is above this build) and the "Add to Home Screen" steps for iOS Safari, which has no
 * install prompt of its own.
 */
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { applyUpdate } from '../../pwa/service-worker.ts';
import { pwaState } from '../../pwa/pwa-state.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { registerDialog, type DialogComponentProps } from '../../ui/dialog-registry.ts';

/** Reload through the waiting worker when there is one, so the new version is what loads. */
const reloadToNewVersion = (): void => {
  if (pwaState.updateWaiting) applyUpdate();
  else window.location.reload();
};

function RefreshRequired() {
  return (
    <Dialog
      open
      dismissible={false}
      onClose={reloadToNewVersion}
      title="Update required"
      testId="dialog-refresh-required"
      actions={<Button onClick={reloadToNewVersion}>Reload now</Button>}
    >
      <p>
        A new version of {PRODUCT_NAME} is required to keep playing. Reload to get it; your coins are safe.
      </p>
    </Dialog>
  );
}

function InstallInstructions({ close }: DialogComponentProps) {
  return (
    <Dialog
      open
      onClose={() => close()}
      title={`Install ${PRODUCT_NAME}`}
      testId="dialog-install-instructions"
      actions={<Button onClick={() => close()}>Got it</Button>}
    >
      <p>Add {PRODUCT_NAME} to your Home Screen to open it like an app:</p>
      <ol>
        <li>
          Tap the <strong>Share</strong> button in Safari's toolbar.
        </li>
        <li>
          Scroll down and tap <strong>Add to Home Screen</strong>.
        </li>
        <li>
          Tap <strong>Add</strong>.
        </li>
      </ol>
    </Dialog>
  );
}

registerDialog('refresh-required', RefreshRequired);
registerDialog('install-instructions', InstallInstructions);
