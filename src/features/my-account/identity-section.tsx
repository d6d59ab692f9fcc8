/**
 * "Identity verification" on My Account (id identity-verification, where CHECK VERIFICATION
 * leads): the player's identity state and its action. Opening the page asks the server for the
 * status, which settles a pending decision the provider has made meanwhile.
 *   none / required  VERIFY opens the KYC dialog
 *   pending          wait up to 15 minutes; CHECK VERIFICATION asks again
 *   rejected         contact support
 *   verified         the date it was verified; CONFIRM IT'S YOU (re-authentication) when the
 *                    server asks for it (reauthentication_required, after a name change)
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';
import { IDENTITY_STATE_LABELS, KYC_TEXTS, type KycStatus } from '../../contract/kyc.ts';
import { openDialog } from '../../state/dialog-actions.ts';
import { checkIdentityVerification } from '../../state/identity-actions.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { Card, Notice } from '../../ui/page.tsx';
import { fragmentHeading } from './fragment-heading.ts';

const IDENTITY_SECTION_ID = 'identity-verification';

const stateLine = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  gap: var(--space-2);
  margin: 0 0 var(--space-3);
  & strong {
    font-size: 1.05em;
  }
`;
const muted = css`
  color: var(--color-text-muted);
`;

const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'America/New_York' });

export function IdentitySection() {
  const { user, status: sessionStatus } = useSnapshot(store.session);
  const signedIn = sessionStatus === 'signed-in';
  const [status, setStatus] = useState<KycStatus | null>(null);
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);

  const check = useCallback(async () => {
    setChecking(true);
    setFailed(false);
    try {
      setStatus(await checkIdentityVerification());
    } catch {
      setFailed(true);
    } finally {
      setChecking(false);
    }
  }, []);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    checkIdentityVerification().then(
      (answer) => {
        if (live) setStatus(answer);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [signedIn]);

  const state = user?.identity_state ?? status?.identity_state ?? 'none';
  const verifiedAt = state === 'verified' ? status?.verified_at : null;
  const verify = () => openDialog('kyc', { flow: 'verification', reason: 'generic' });
  // The server asks for it after a name change (docs/kyc.md "Re-authentication").
  const reauthenticate = () => openDialog('kyc', { flow: 'reauthentication', reason: 'redemption' });

  return (
    <Card>
      <h2 id={IDENTITY_SECTION_ID} tabIndex={-1} className={fragmentHeading}>
        Identity verification
      </h2>
      <p className={stateLine}>
        <span className={muted}>Status:</span>
        <strong data-testid="identity-state" data-state={state}>
          {IDENTITY_STATE_LABELS[state]}
        </strong>
        {verifiedAt ? <span className={muted}>since {formatDate(verifiedAt)}</span> : null}
      </p>
      {failed ? (
        <Notice tone="warning" testId="identity-check-failed">
          We could not check your verification right now. Please try again in a moment.
        </Notice>
      ) : null}
      {state === 'none' || state === 'required' ? (
        <>
          <p className={muted}>
            {state === 'required'
              ? KYC_TEXTS.purchase
              : 'Verifying your identity keeps your account secure and is needed before larger purchases and prize redemptions.'}
          </p>
          <Button onClick={verify} data-testid="identity-section-verify">
            {KYC_TEXTS.verify}
          </Button>
        </>
      ) : null}
      {state === 'pending' ? (
        <>
          <p data-testid="identity-pending-message">{KYC_TEXTS.pending}</p>
          <Button onClick={() => void check()} disabled={checking} data-testid="identity-section-check">
            {checking ? 'Checking…' : KYC_TEXTS.checkVerification}
          </Button>
        </>
      ) : null}
      {state === 'rejected' ? (
        <p data-testid="identity-rejected-message">
          {KYC_TEXTS.rejected} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </p>
      ) : null}
      {state === 'verified' && user?.reauthentication_required ? (
        <Notice tone="info" testId="identity-reauthentication">
          <p>{KYC_TEXTS.reauthenticationNameChange}</p>
          <Button onClick={reauthenticate} data-testid="identity-section-reauthenticate">
            {KYC_TEXTS.reauthenticate}
          </Button>
        </Notice>
      ) : null}
    </Card>
  );
}
