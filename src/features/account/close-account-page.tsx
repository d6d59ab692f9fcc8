/**
 * /close-account: what closing means, then the close-account dialog {confirmedClose}; a
 * confirmed close calls the server (which ends every session) and signs out here. Signing in
 * afterwards is refused with the closed-account message.
 */
import { useState } from 'react';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';
import { openDialogForResult } from '../../state/dialog-actions.ts';
import { logout } from '../../state/session-actions.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { Card, Page } from '../../ui/page.tsx';
import { closeAccount } from './account-api.ts';
import { ACCOUNT_DIALOGS } from './account-dialog-kinds.ts';
import { formFailure } from './account-form.ts';
import { BackToAccount } from './back-to-account.tsx';
import './register-account-dialogs.ts';

export default function CloseAccountPage() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onClose = async () => {
    if (pending) return;
    const answer = await openDialogForResult(ACCOUNT_DIALOGS.closeAccount);
    if (answer?.confirmedClose !== true) return;
    setPending(true);
    setError(null);
    try {
      await closeAccount();
      await logout();
    } catch (err) {
      setPending(false);
      setError(formFailure(err, []).message);
    }
  };

  return (
    <Page title="Close Account" width="narrow">
      <Card>
        <p>
          Closing your account is permanent: you are signed out on every device and cannot sign in again.
          Coins left in your account cannot be played or redeemed afterwards, so redeem eligible Sweeps Coins
          first.
        </p>
        <p>
          If you only need a break, you can set limits or take time off under My Account instead. Questions?
          Contact {SUPPORT_EMAIL}.
        </p>
        <FormError message={error} />
        <Button
          variant="danger"
          fullWidth
          loading={pending}
          onClick={() => void onClose()}
          data-testid="close-account"
        >
          Close my account
        </Button>
      </Card>
      <BackToAccount />
    </Page>
  );
}
