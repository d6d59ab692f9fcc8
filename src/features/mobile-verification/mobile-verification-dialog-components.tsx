/**
 * The mobile verification dialogs (spec section 4): the error dialog, closed with
 * {clickedActionButton}, and verify-to-continue, closed with {signOutClicked}, shown when a
 * pending player asks to leave the verification page. Registered when the page loads.
 */
import { MOBILE_VERIFICATION_TEXTS as TEXTS } from '../../contract/mobile-verification.ts';
import { logout } from '../../state/session-actions.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

export function MobileVerificationDialog({ props, close }: DialogComponentProps) {
  const dismissLabel = text(props.dismissLabel);
  return (
    <Dialog
      open
      onClose={() => close({ clickedActionButton: false })}
      title={text(props.title)}
      testId="dialog-mobile-verification"
      actions={
        <>
          {dismissLabel ? (
            <Button variant="secondary" onClick={() => close({ clickedActionButton: false })}>
              {dismissLabel}
            </Button>
          ) : null}
          <Button onClick={() => close({ clickedActionButton: true })}>{text(props.actionLabel)}</Button>
        </>
      }
    >
      <p>{text(props.message)}</p>
    </Dialog>
  );
}

export function VerifyToContinueDialog({ close }: DialogComponentProps) {
  return (
    <Dialog
      open
      onClose={() => close({ signOutClicked: false })}
      title={TEXTS.verifyToContinueTitle}
      testId="dialog-verify-to-continue"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ signOutClicked: false })}>
            {TEXTS.keepVerifying}
          </Button>
          <Button
            onClick={() => {
              close({ signOutClicked: true });
              void logout();
            }}
          >
            {TEXTS.signOut}
          </Button>
        </>
      }
    >
      <p>{TEXTS.verifyToContinue}</p>
    </Dialog>
  );
}
