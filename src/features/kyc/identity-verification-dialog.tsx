/**
 * The identity-verification dialog {doVerify} (spec sections 4 and 8). Opened by the purchase
 * threshold, by redemption, by My Account, and after a verification's result. It first asks the
 * server where the player stands, then shows that state's message:
 *   none / required  the reason's message (generic, purchase, redemption) and VERIFY, which opens the KYC dialog
 *   pending          wait up to 15 minutes; CHECK VERIFICATION goes to My Account and checks again
 *   rejected         contact support
 *   verified         verified (e.g. a pending verification was approved meanwhile)
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';
import { IDENTITY_PROMPT_REASONS, KYC_TEXTS, type IdentityPromptReason } from '../../contract/kyc.ts';
import type { IdentityState } from '../../contract/player-standing.ts';
import { ROUTES } from '../../contract/routes.ts';
import { openDialog } from '../../state/dialog-actions.ts';
import { checkIdentityVerification } from '../../state/identity-actions.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';
import { Notice } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/** The fragment of My Account's identity section. */
export const IDENTITY_SECTION_ID = 'identity-verification';

const reasonOf = (v: unknown): IdentityPromptReason =>
  (IDENTITY_PROMPT_REASONS as readonly unknown[]).includes(v) ? (v as IdentityPromptReason) : 'generic';
const textOf = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The title and message a state shows; `reason` picks the message of a player still to verify. */
export function identityMessage(
  state: IdentityState,
  reason: IdentityPromptReason,
): { title: string; message: string } {
  switch (state) {
    case 'pending':
      return { title: KYC_TEXTS.pendingTitle, message: KYC_TEXTS.pending };
    case 'rejected':
      return { title: KYC_TEXTS.rejectedTitle, message: KYC_TEXTS.rejected };
    case 'verified':
      return { title: KYC_TEXTS.verifiedTitle, message: KYC_TEXTS.verified };
    default:
      return { title: KYC_TEXTS.identityTitle, message: KYC_TEXTS[reason] };
  }
}

export function IdentityVerificationDialog({ props, close }: DialogComponentProps) {
  const navigate = useNavigate();
  const reason = reasonOf(props.reason);
  const notice = textOf(props.notice);
  const user = useSnapshot(store.session).user;
  const [checked, setChecked] = useState(false);

  useEffect(() => {
    // The user in the store may predate the refusal that opened this dialog: ask first.
    let live = true;
    checkIdentityVerification()
      .catch(() => undefined)
      .finally(() => {
        if (live) setChecked(true);
      });
    return () => {
      live = false;
    };
  }, []);

  const state: IdentityState = user?.identity_state ?? 'none';
  const { title, message } = identityMessage(state, reason);
  const notNow = () => close({ doVerify: false });
  const verify = () => {
    close({ doVerify: true });
    openDialog('kyc', { flow: 'verification', reason });
  };
  const checkVerification = () => {
    close({ doVerify: false });
    void navigate(`${ROUTES.myAccount}#${IDENTITY_SECTION_ID}`);
    void checkIdentityVerification().catch(() => undefined);
  };

  let actions;
  if (!checked) actions = undefined;
  else if (state === 'pending')
    actions = (
      <>
        <Button variant="secondary" onClick={notNow}>
          Close
        </Button>
        <Button onClick={checkVerification} data-testid="identity-check-verification">
          {KYC_TEXTS.checkVerification}
        </Button>
      </>
    );
  else if (state === 'rejected' || state === 'verified') actions = <Button onClick={notNow}>OK</Button>;
  else
    actions = (
      <>
        <Button variant="secondary" onClick={notNow}>
          Not now
        </Button>
        <Button onClick={verify} data-testid="identity-verify">
          {KYC_TEXTS.verify}
        </Button>
      </>
    );

  return (
    <Dialog
      open
      onClose={notNow}
      title={checked ? title : KYC_TEXTS.identityTitle}
      testId="dialog-identity-verification"
      actions={actions}
    >
      {notice ? (
        <Notice tone="warning" testId="identity-notice">
          {notice}
        </Notice>
      ) : null}
      {checked ? (
        <p data-testid="identity-message" data-state={state}>
          {message}
        </p>
      ) : (
        <Spinner label="Checking your verification…" />
      )}
      {checked && state === 'rejected' ? (
        <p>
          Contact support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      ) : null}
    </Dialog>
  );
}
