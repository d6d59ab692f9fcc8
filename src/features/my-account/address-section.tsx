/**
 * "Billing address" on My Account (id billing-address): the address on file and the player's latest
 * address change request (docs/account.md "Changing the address").
 *   pending   the new address waits for identity re-authentication; CONFIRM IT'S YOU opens
 *             the KYC dialog in its re-authentication flow, CHECK AGAIN asks the server, KEEP
 *             CURRENT ADDRESS withdraws the change (the address on file sent again)
 *   refused   why (address_update_error_message) and CHANGE ADDRESS to try again
 * Opening the section asks the server for the request, which settles one whose re-authentication
 * the provider has decided meanwhile.
 */
import { useCallback, useEffect, useState } from 'react';
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import {
  ADDRESS_REQUEST_PATHS,
  ADDRESS_REQUEST_TEXTS,
  AddressRequestViewSchema,
  type AddressRequestView,
} from '../../contract/address-requests.ts';
import { KYC_TEXTS } from '../../contract/kyc.ts';
import { PAYMENTS_API_PATHS } from '../../contract/payment-pages.ts';
import { UserSchema } from '../../contract/schemas.ts';
import { api } from '../../lib/api-client.ts';
import { openDialog } from '../../state/dialog-actions.ts';
import { reloadCurrentUser } from '../../state/mobile-verification-actions.ts';
import { applySavedAddress } from '../../state/payment-actions.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { Card, Notice } from '../../ui/page.tsx';
import { fragmentHeading } from './fragment-heading.ts';

const SECTION_ID = 'billing-address';

const addressBox = css`
  margin: 0 0 var(--space-3);
  font-style: normal;
  line-height: 1.6;
  overflow-wrap: anywhere;
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  margin-top: var(--space-3);
`;

interface AddressLines {
  address_line_1?: string | null;
  address_line_2?: string | null;
  city?: string | null;
  state_or_province?: string | null;
  postal_code?: string | null;
}

function AddressLinesView({ a, testId }: { a: AddressLines; testId: string }) {
  return (
    <address className={addressBox} data-testid={testId}>
      {a.address_line_1}
      <br />
      {a.address_line_2 ? (
        <>
          {a.address_line_2}
          <br />
        </>
      ) : null}
      {a.city}, {a.state_or_province} {a.postal_code}
    </address>
  );
}

/** Reads the request (the server settles a decided one first); the user's fields follow it. */
async function fetchRequest(): Promise<AddressRequestView> {
  const view = await api.get(ADDRESS_REQUEST_PATHS.addressRequest, AddressRequestViewSchema, {
    handleErrors: false,
  });
  if ((store.session.user?.address_update_pending ?? false) !== (view.status === 'pending'))
    await reloadCurrentUser();
  return view;
}

export function AddressSection() {
  const { user, status: sessionStatus } = useSnapshot(store.session);
  const { results } = useSnapshot(store.dialogs);
  const kycResult = results.kyc;
  const addressResult = results['address-collection'];
  const identityResult = results['identity-verification'];
  const signedIn = sessionStatus === 'signed-in';
  const [request, setRequest] = useState<AddressRequestView | null>(null);
  const [checking, setChecking] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setChecking(true);
    setFailed(false);
    try {
      setRequest(await fetchRequest());
    } catch {
      setFailed(true);
    } finally {
      setChecking(false);
    }
  }, []);

  // Withdrawing the waiting change: the address on file, sent again, is applied at once and
  // replaces the waiting request (docs/account.md "Changing the address").
  const keepCurrent = async () => {
    const u = store.session.user;
    if (!u?.address_line_1) return;
    setChecking(true);
    setFailed(false);
    try {
      const updated = await api.patch(
        PAYMENTS_API_PATHS.address,
        {
          address_line_1: u.address_line_1,
          address_line_2: u.address_line_2 ?? null,
          city: u.city ?? '',
          state_or_province: u.state_or_province,
          postal_code: u.postal_code,
        },
        UserSchema,
        { handleErrors: false },
      );
      applySavedAddress(updated);
      setRequest(await fetchRequest());
    } catch {
      setFailed(true);
    } finally {
      setChecking(false);
    }
  };

  // On opening, and after the address dialog, the KYC dialog or its outcome dialog closed.
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    fetchRequest().then(
      (view) => {
        if (!live) return;
        setRequest(view);
        setFailed(false);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [signedIn, kycResult, addressResult, identityResult]);

  if (!user) return null;
  const hasAddress = !!user.address_line_1 && !!user.city;
  const pending = user.address_update_pending === true;
  const refusal = pending ? null : (user.address_update_error_message ?? null);
  const change = () => openDialog('address-collection', { reason: 'change' });
  const reauthenticate = () => openDialog('kyc', { flow: 'reauthentication', reason: 'generic' });

  return (
    <Card>
      <h2 id={SECTION_ID} tabIndex={-1} className={fragmentHeading}>
        Billing address
      </h2>
      {hasAddress ? (
        <AddressLinesView a={user} testId="address-on-file" />
      ) : (
        <p data-testid="address-none">No billing address on file yet.</p>
      )}
      {failed ? (
        <Notice tone="warning" testId="address-request-check-failed">
          We could not reach the server for your address right now. Please try again in a moment.
        </Notice>
      ) : null}
      {pending ? (
        <div>
          <Notice tone="warning" testId="address-request-pending">
            {ADDRESS_REQUEST_TEXTS.pending}
          </Notice>
          {request?.status === 'pending' && request.requested_address ? (
            <>
              <p>New address waiting:</p>
              <AddressLinesView a={request.requested_address} testId="address-requested" />
            </>
          ) : null}
        </div>
      ) : null}
      {refusal ? (
        <Notice tone="error" testId="address-request-refused">
          {refusal}
        </Notice>
      ) : null}
      <div className={actions}>
        {pending ? (
          <>
            <Button onClick={reauthenticate} data-testid="address-reauthenticate">
              {KYC_TEXTS.reauthenticate}
            </Button>
            <Button
              variant="secondary"
              onClick={() => void load()}
              disabled={checking}
              data-testid="address-request-check"
            >
              {checking ? 'Checking…' : 'Check again'}
            </Button>
            {hasAddress ? (
              <Button
                variant="secondary"
                onClick={() => void keepCurrent()}
                disabled={checking}
                data-testid="address-keep-current"
              >
                Keep current address
              </Button>
            ) : null}
          </>
        ) : null}
        <Button variant={pending ? 'secondary' : 'primary'} onClick={change} data-testid="address-change">
          {refusal ? 'Try again' : hasAddress ? 'Change address' : 'Add address'}
        </Button>
      </div>
    </Card>
  );
}
