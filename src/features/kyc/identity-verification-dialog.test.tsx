import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { KYC_TEXTS } from '../../contract/kyc.ts';
import type { IdentityState } from '../../contract/player-standing.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { loginAnswer, stubApi } from '../../test-support/stub-api.ts';
import { IdentityVerificationDialog } from './identity-verification-dialog.tsx';

beforeEach(() => {
  resetStore();
  resetApiClientState();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function open(state: IdentityState, props: Record<string, unknown> = {}) {
  const user = { ...loginAnswer().user, identity_state: state };
  const calls = stubApi({
    '/kyc/status': { status: 200, body: { identity_state: state, verified_at: null, pending_since: null } },
    '/users/me': { status: 200, body: user },
  });
  const close = vi.fn();
  render(
    <MemoryRouter>
      <IdentityVerificationDialog id={3} props={props} close={close} />
    </MemoryRouter>,
  );
  await act(async () => {
    await new Promise((r) => setTimeout(r, 0));
  });
  await screen.findByTestId('identity-message');
  return { close, calls };
}

describe('IdentityVerificationDialog', () => {
  it('asks the server first, then shows the reason message with VERIFY, which opens the KYC dialog', async () => {
    const { close, calls } = await open('required', { reason: 'redemption' });
    expect(calls.map((c) => c.path)).toEqual(['/kyc/status', '/users/me']);
    expect(screen.getByTestId('identity-message').textContent).toBe(KYC_TEXTS.redemption);
    fireEvent.click(screen.getByRole('button', { name: KYC_TEXTS.verify }));
    expect(close).toHaveBeenCalledWith({ doVerify: true });
    expect(store.dialogs.stack.at(-1)).toMatchObject({
      kind: 'kyc',
      props: { flow: 'verification', reason: 'redemption' },
    });
  });

  it('generic and purchase messages', async () => {
    await open('none');
    expect(screen.getByTestId('identity-message').textContent).toBe(KYC_TEXTS.generic);
    cleanup();
    await open('none', { reason: 'purchase' });
    expect(screen.getByTestId('identity-message').textContent).toBe(KYC_TEXTS.purchase);
  });

  it('pending: the 15-minute message and CHECK VERIFICATION', async () => {
    const { close } = await open('pending', { reason: 'purchase' });
    expect(screen.getByRole('heading').textContent).toBe(KYC_TEXTS.pendingTitle);
    expect(screen.getByTestId('identity-message').textContent).toBe(KYC_TEXTS.pending);
    fireEvent.click(screen.getByRole('button', { name: KYC_TEXTS.checkVerification }));
    expect(close).toHaveBeenCalledWith({ doVerify: false });
  });

  it('rejected: contact support, no VERIFY', async () => {
    await open('rejected');
    expect(screen.getByTestId('identity-message').textContent).toBe(KYC_TEXTS.rejected);
    expect(screen.getByRole('link', { name: /support@/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: KYC_TEXTS.verify })).toBeNull();
  });

  it('shows the notice of a result that gave up', async () => {
    await open('required', { notice: KYC_TEXTS.noDecisionMax });
    expect(screen.getByTestId('identity-notice').textContent).toBe(KYC_TEXTS.noDecisionMax);
  });
});
