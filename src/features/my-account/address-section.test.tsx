import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ADDRESS_REQUEST_TEXTS, type AddressRequestView } from '../../contract/address-requests.ts';
import { KYC_TEXTS } from '../../contract/kyc.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { completeLogin, clearLocalSession } from '../../state/session-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { loginAnswer, stubApi } from '../../test-support/stub-api.ts';
import { AddressSection } from './address-section.tsx';

const ON_FILE = {
  address_line_1: '233 S. Wacker Dr',
  address_line_2: null,
  city: 'Chicago',
  state_or_province: 'IL',
  postal_code: '60606',
};
const WAITING = { ...ON_FILE, address_line_1: '500 W. Madison St', postal_code: '60661' };

const view = (over: Partial<AddressRequestView>): AddressRequestView => ({
  status: 'none',
  requested_address: null,
  reason: null,
  error_message: null,
  reauthentication_required: false,
  created_at: null,
  decided_at: null,
  ...over,
});

const renderSection = () =>
  render(
    <MemoryRouter>
      <AddressSection />
    </MemoryRouter>,
  );

describe('AddressSection', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    stubApi({});
  });
  afterEach(() => {
    cleanup();
    clearLocalSession();
    vi.unstubAllGlobals();
  });

  it('pending: the waiting address, why it waits, and the re-authentication and check buttons', async () => {
    completeLogin(loginAnswer({ ...ON_FILE, address_update_pending: true }));
    stubApi({
      '/users/me/address-request': {
        status: 200,
        body: view({
          status: 'pending',
          requested_address: WAITING,
          reason: 'reauthentication',
          reauthentication_required: true,
        }),
      },
    });
    renderSection();
    expect(screen.getByRole('heading', { name: 'Billing address' }).id).toBe('billing-address');
    expect(screen.getByTestId('address-on-file').textContent).toContain('233 S. Wacker Dr');
    expect(screen.getByTestId('address-request-pending').textContent).toBe(ADDRESS_REQUEST_TEXTS.pending);
    expect((await screen.findByTestId('address-requested')).textContent).toContain('500 W. Madison St');
    fireEvent.click(screen.getByRole('button', { name: KYC_TEXTS.reauthenticate }));
    expect(store.dialogs.stack.at(-1)).toMatchObject({ kind: 'kyc', props: { flow: 'reauthentication' } });
    expect(screen.getByRole('button', { name: 'Check again' })).toBeTruthy();
  });

  it('pending: KEEP CURRENT ADDRESS sends the address on file again and the waiting change is gone', async () => {
    completeLogin(loginAnswer({ ...ON_FILE, address_update_pending: true }));
    const pendingView = view({ status: 'pending', requested_address: WAITING, reason: 'reauthentication' });
    const calls = stubApi({
      '/users/me/address-request': [
        { status: 200, body: pendingView },
        { status: 200, body: view({ status: 'applied', requested_address: ON_FILE }) },
      ],
      '/users/me/address': {
        status: 200,
        body: loginAnswer({ ...ON_FILE, address_update_pending: false }).user,
      },
    });
    renderSection();
    await screen.findByTestId('address-requested');
    fireEvent.click(screen.getByRole('button', { name: 'Keep current address' }));
    await waitFor(() => expect(screen.queryByTestId('address-request-pending')).toBeNull());
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/users/me/address',
      body: ON_FILE,
    });
    expect(screen.getByTestId('address-on-file').textContent).toContain('233 S. Wacker Dr');
  });

  it('refused: the message as an alert and TRY AGAIN opening the address dialog', async () => {
    const message = ADDRESS_REQUEST_TEXTS.reauthenticationRejected;
    completeLogin(loginAnswer({ ...ON_FILE, address_update_error_message: message }));
    stubApi({
      '/users/me/address-request': {
        status: 200,
        body: view({ status: 'refused', requested_address: WAITING, error_message: message }),
      },
    });
    renderSection();
    const refused = screen.getByTestId('address-request-refused');
    expect(refused.getAttribute('role')).toBe('alert');
    expect(refused.textContent).toBe(message);
    expect(screen.queryByTestId('address-request-pending')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(store.dialogs.stack.at(-1)).toMatchObject({
      kind: 'address-collection',
      props: { reason: 'change' },
    });
  });

  it('reloads the player when the server settled the waiting request meanwhile', async () => {
    completeLogin(loginAnswer({ ...ON_FILE, address_update_pending: true }));
    const calls = stubApi({
      '/users/me/address-request': {
        status: 200,
        body: view({ status: 'applied', requested_address: WAITING }),
      },
      '/users/me': {
        status: 200,
        body: loginAnswer({ ...WAITING, address_update_pending: false }).user,
      },
    });
    renderSection();
    await waitFor(() =>
      expect(screen.getByTestId('address-on-file').textContent).toContain('500 W. Madison St'),
    );
    expect(screen.queryByTestId('address-request-pending')).toBeNull();
    // The applied address also refreshes the coin packages (their Sweeps follow the state); that
    // call is the store's, not this section's.
    const own = calls.map((c) => c.path).filter((path) => path !== '/banking/packages');
    expect(own).toEqual(['/users/me/address-request', '/users/me']);
  });

  it('no address yet: says so and offers to add one', () => {
    completeLogin(loginAnswer());
    stubApi({ '/users/me/address-request': { status: 200, body: view({}) } });
    renderSection();
    expect(screen.getByTestId('address-none')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add address' })).toBeTruthy();
  });
});
