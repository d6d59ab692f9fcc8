/**
 * The app shell's dialogs: the error catalogue (spec section 8), the sign-out confirmation
 * (logo while mobile verification is pending). The PWA dialogs live in pwa-dialogs.tsx.
 */
import { ERROR_TEXTS } from '../../contract/errors.ts';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';
import { logout } from '../../state/session-actions.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { registerDialog, type DialogComponentProps } from '../../ui/dialog-registry.ts';

const text = (v: unknown, fallback: string): string => (typeof v === 'string' && v.trim() ? v : fallback);

function PermissionDenied({ props, close }: DialogComponentProps) {
  return (
    <Dialog
      open
      onClose={() => close()}
      title={ERROR_TEXTS.permissionDeniedTitle}
      testId="dialog-permission-denied"
      actions={<Button onClick={() => close()}>OK</Button>}
    >
      <p>{text(props.message, 'You do not have permission to do that.')}</p>
    </Dialog>
  );
}

/** Country block. The only way out is Exit, which signs the player out. */
function AccessUnavailable({ close }: DialogComponentProps) {
  const exit = () => {
    close({ exited: true });
    void logout();
  };
  return (
    <Dialog
      open
      dismissible={false}
      onClose={exit}
      title={ERROR_TEXTS.accessUnavailableTitle}
      testId="dialog-access-unavailable"
      actions={<Button onClick={exit}>Exit</Button>}
    >
      <p>{ERROR_TEXTS.accessUnavailable}</p>
      <p>
        Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </Dialog>
  );
}

function ServerBusy({ close }: DialogComponentProps) {
  return (
    <Dialog
      open
      onClose={() => close()}
      title={ERROR_TEXTS.serverBusyTitle}
      testId="dialog-server-busy"
      actions={<Button onClick={() => close()}>OK</Button>}
    >
      <p>{ERROR_TEXTS.serverBusy}</p>
    </Dialog>
  );
}

function GenericError({ props, close }: DialogComponentProps) {
  return (
    <Dialog
      open
      onClose={() => close()}
      title={ERROR_TEXTS.genericTitle}
      testId="dialog-generic-error"
      actions={<Button onClick={() => close()}>Close</Button>}
    >
      <p>{props.signedIn ? ERROR_TEXTS.genericSignedIn : ERROR_TEXTS.genericSignedOut}</p>
    </Dialog>
  );
}

function SignOutConfirmation({ close }: DialogComponentProps) {
  return (
    <Dialog
      open
      onClose={() => close({ signOutClicked: false })}
      title="Sign out?"
      testId="dialog-sign-out-confirmation"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ signOutClicked: false })}>
            Stay and verify
          </Button>
          <Button
            onClick={() => {
              close({ signOutClicked: true });
              void logout();
            }}
          >
            Sign out
          </Button>
        </>
      }
    >
      <p>Your mobile number is not verified yet. You can verify it now, or sign out and finish later.</p>
    </Dialog>
  );
}

registerDialog('permission-denied', PermissionDenied);
registerDialog('access-unavailable', AccessUnavailable);
registerDialog('server-busy', ServerBusy);
registerDialog('generic-error', GenericError);
registerDialog('sign-out-confirmation', SignOutConfirmation);
