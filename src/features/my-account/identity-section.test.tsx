import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { KYC_TEXTS } from '../../contract/kyc.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { demoUser } from '../../state/test-fixtures.ts';
import { stubApi } from '../../test-support/stub-api.ts';
import { IdentitySection } from './identity-section.tsx';

function renderFor(reauthentication_required: boolean | undefined) {
  store.session.status = 'signed-in';
  store.session.token = 'tok';
  store.session.user = { ...demoUser(), identity_state: 'verified', reauthentication_required };
  stubApi({
    '/kyc/status': {
      status: 200,
      body: { identity_state: 'verified', verified_at: '2026-01-02T15:00:00.000Z', pending_since: null },
    },
  });
  render(
    <MemoryRouter>
      <IdentitySection />
    </MemoryRouter>,
  );
}

describe('My Account: re-authentication the server asks for', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("asked for: says why and CONFIRM IT'S YOU opens the KYC dialog with the reauthentication flow", () => {
    renderFor(true);
    expect(screen.getByTestId('identity-reauthentication').textContent).toContain(
      KYC_TEXTS.reauthenticationNameChange,
    );
    fireEvent.click(screen.getByRole('button', { name: KYC_TEXTS.reauthenticate }));
    expect(store.dialogs.stack.at(-1)).toMatchObject({ kind: 'kyc', props: { flow: 'reauthentication' } });
  });

  it('not asked for (or an older user without the field): no link', () => {
    renderFor(false);
    expect(screen.queryByTestId('identity-reauthentication')).toBeNull();
    cleanup();
    renderFor(undefined);
    expect(screen.queryByRole('button', { name: KYC_TEXTS.reauthenticate })).toBeNull();
  });
});
