import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { resetApiClientState } from '../../lib/api-client.ts';
import { stubApi } from '../../test-support/stub-api.ts';
import { LoginPage } from './login-page.tsx';
import { closeDialog } from '../../state/dialog-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { offerSocialAccountReset, SOCIAL_ACCOUNT_RESET_DIALOG } from './social-account-reset.ts';
import { SocialAccountResetDialog } from './social-account-reset-dialog.tsx';

describe('social account reset dialog {forgotPassword}', () => {
  afterEach(() => {
    cleanup();
    resetStore();
    resetApiClientState();
    vi.unstubAllGlobals();
  });

  it('opens from the sign-in page when the account has no password of its own', async () => {
    stubApi({
      '/auth/login': {
        status: 401,
        body: {
          code: 'SOCIAL_ACCOUNT_NO_PASSWORD',
          message: 'This account signs in with Google or Facebook and has no password yet.',
          field: 'password',
          extra: { providers: ['facebook'] },
        },
      },
    });
    render(
      <MemoryRouter initialEntries={['/login']}>
        <LoginPage />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'anything-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(store.dialogs.stack.at(-1)?.kind).toBe(SOCIAL_ACCOUNT_RESET_DIALOG));
    expect(store.dialogs.stack.at(-1)?.props).toEqual({ providers: ['facebook'] });
    expect(screen.queryByTestId('form-error')).toBeNull();
  });

  it('names the providers and closes with forgotPassword true or false', () => {
    const close = vi.fn();
    render(
      <SocialAccountResetDialog
        id={1}
        props={{ providers: ['google', 'facebook', 'myspace'] }}
        close={close}
      />,
    );
    expect(screen.getByTestId('dialog-social-account-reset').textContent).toContain('Google and Facebook');
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(close).toHaveBeenLastCalledWith({ forgotPassword: true });
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(close).toHaveBeenLastCalledWith({ forgotPassword: false });
  });

  it('goes to password recovery only when the player asks for the sign-in link', async () => {
    const navigate = vi.fn();
    const asked = offerSocialAccountReset(['google'], navigate);
    expect(store.dialogs.stack.at(-1)?.kind).toBe(SOCIAL_ACCOUNT_RESET_DIALOG);
    closeDialog(SOCIAL_ACCOUNT_RESET_DIALOG, { forgotPassword: true });
    await asked;
    expect(navigate).toHaveBeenCalledWith('/password-recovery');

    const declined = offerSocialAccountReset(['google'], navigate);
    closeDialog(SOCIAL_ACCOUNT_RESET_DIALOG, { forgotPassword: false });
    await declined;
    expect(navigate).toHaveBeenCalledTimes(1);
  });
});
