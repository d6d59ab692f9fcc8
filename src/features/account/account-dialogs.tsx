/**
 * The account pages' confirmations. Confirm full name: the player checks the legal name once
 * more (prize redemptions are paid to it); close result {confirmFullName: true | false}. Close
 * account: says what closing means; close result {confirmedClose: true | false}.
 */
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { ROUTES } from '../../contract/routes.ts';

export function ConfirmFullNameDialog({ props, close }: DialogComponentProps) {
  const fullName = String(props.fullName ?? '');
  return (
    <Dialog
      open
      onClose={() => close({ confirmFullName: false })}
      title="Confirm Your Full Name"
      testId="dialog-confirm-full-name"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ confirmFullName: false })}>
            Go back
          </Button>
          <Button onClick={() => close({ confirmFullName: true })} data-testid="confirm-full-name">
            Confirm
          </Button>
        </>
      }
    >
      <p>
        Is <strong data-testid="confirm-full-name-value">{fullName}</strong> your full legal name? Prizes are
        paid only to the name on your account, as it appears on your ID.
      </p>
    </Dialog>
  );
}

export function CloseAccountDialog({ close }: DialogComponentProps) {
  return (
    <Dialog
      open
      onClose={() => close({ confirmedClose: false })}
      title="Close Your Account?"
      testId="dialog-close-account"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ confirmedClose: false })}>
            Keep my account
          </Button>
          <Button
            variant="danger"
            onClick={() => close({ confirmedClose: true })}
            data-testid="confirm-close"
          >
            Close account
          </Button>
        </>
      }
    >
      <p>
        Closing your account signs you out on every device and you will not be able to sign in again. Coins
        left in your account cannot be played or redeemed afterwards.
      </p>
      <p>
        <AppLink to={ROUTES.myAccount} onClick={() => close({ confirmedClose: false })}>
          Learn more about your account
        </AppLink>
      </p>
    </Dialog>
  );
}
