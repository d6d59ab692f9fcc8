import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetApiClientState } from '../../lib/api-client.ts';
import { closeDialog } from '../../state/dialog-actions.ts';
import { clearLocalSession } from '../../state/session-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, loginAnswer, stubApi } from '../../test-support/stub-api.ts';
import { ACCOUNT_TEXTS } from '../../contract/account.ts';
import {
  forgetPasswordResetTicket,
  keepPasswordResetTicket,
  passwordResetTicket,
} from '../../lib/password-reset-ticket.ts';
import ChangeEmailPage from './change-email-page.tsx';
import ChangeNamePage from './change-name-page.tsx';
import ChangePasswordPage from './change-password-page.tsx';
import CloseAccountPage from './close-account-page.tsx';
import ProfilePicPage from './profile-pic-page.tsx';

const user = () => loginAnswer().user;

function renderAt(path: string, element: ReactElement) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path.split('?')[0]} element={element} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Waits until the page opened a dialog of `kind`, then answers it as the player would. */
async function answerDialog(kind: string, result: Record<string, unknown>) {
  await waitFor(() => expect(store.dialogs.stack.some((d) => d.kind === kind)).toBe(true));
  closeDialog(kind as Parameters<typeof closeDialog>[0], result);
}

beforeEach(() => {
  resetStore();
  resetApiClientState();
  store.session.status = 'signed-in';
  store.session.token = 'access-token';
  store.session.user = user();
});
afterEach(() => {
  cleanup();
  clearLocalSession();
  vi.unstubAllGlobals();
});

describe('ChangePasswordPage', () => {
  it('checks the join policy and the repeat before calling the server', () => {
    const calls = stubApi({});
    renderAt('/change-password', <ChangePasswordPage />);
    type('New password', 'short');
    type('Repeat the new password', 'other');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByTestId('field-error-current_password').textContent).toBe(
      'Please enter your current password.',
    );
    expect(screen.getByTestId('field-error-password1').textContent).toMatch(/at least 10 characters/);
    expect(screen.getByTestId('field-error-password2').textContent).toBe('The passwords do not match.');
    expect(calls).toHaveLength(0);
  });

  it('shows a wrong current password under its field, then a success notice', async () => {
    const calls = stubApi({
      '/users/me/password': [
        apiError(400, 'WRONG_PASSWORD', 'Your current password is incorrect.', 'current_password'),
        { status: 200, body: {} },
      ],
    });
    renderAt('/change-password', <ChangePasswordPage />);
    type('Current password', 'Not-It-123');
    type('New password', 'Copper-Lantern-77');
    type('Repeat the new password', 'Copper-Lantern-77');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByTestId('field-error-current_password')).textContent).toBe(
      'Your current password is incorrect.',
    );
    type('Current password', 'Velvet-Harbor-42');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByTestId('password-changed')).textContent).toMatch(/Every other device/);
    expect(calls[1]).toMatchObject({
      method: 'POST',
      body: {
        current_password: 'Velvet-Harbor-42',
        password1: 'Copper-Lantern-77',
        password2: 'Copper-Lantern-77',
      },
    });
  });

  it('shows the busy message when the guesses are throttled', async () => {
    stubApi({ '/users/me/password': apiError(429, 'TOO_MANY_ATTEMPTS', 'busy') });
    renderAt('/change-password', <ChangePasswordPage />);
    type('Current password', 'Guess-Number-1');
    type('New password', 'Copper-Lantern-77');
    type('Repeat the new password', 'Copper-Lantern-77');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByTestId('form-error')).textContent).toMatch(/^Server Busy/);
  });
});

describe('ChangePasswordPage after a password recovery link', () => {
  const keepTicket = (expiresInMs: number) =>
    keepPasswordResetTicket(user().id, {
      token: 'ticket-token',
      expires_at: new Date(Date.now() + expiresInMs).toISOString(),
    });
  afterEach(() => forgetPasswordResetTicket());

  it('asks for the new password only, sends the ticket, then is back to the usual form', async () => {
    keepTicket(30 * 60_000);
    const calls = stubApi({ '/users/me/password': { status: 200, body: {} } });
    renderAt('/change-password', <ChangePasswordPage />);
    expect(screen.getByTestId('password-reset-intro').textContent).toMatch(/do not need your old one/);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('New password', 'Copper-Lantern-77');
    type('Repeat the new password', 'Copper-Lantern-77');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await screen.findByTestId('password-changed');
    expect(calls[0]).toMatchObject({
      method: 'POST',
      body: { reset_token: 'ticket-token', password1: 'Copper-Lantern-77', password2: 'Copper-Lantern-77' },
    });
    expect(calls[0]!.body).not.toHaveProperty('current_password');
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    expect(passwordResetTicket(user().id)).toBeNull();
  });

  it('falls back to the usual form, saying why, when the server refuses the ticket', async () => {
    keepTicket(30 * 60_000);
    stubApi({
      '/users/me/password': apiError(
        400,
        'RESET_TICKET_INVALID',
        ACCOUNT_TEXTS.resetTicketInvalid,
        'reset_token',
      ),
    });
    renderAt('/change-password', <ChangePasswordPage />);
    type('New password', 'Copper-Lantern-77');
    type('Repeat the new password', 'Copper-Lantern-77');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByTestId('form-error')).textContent).toMatch(/ask for a new link/);
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });

  it("ignores an expired ticket or another player's", () => {
    keepTicket(-1);
    renderAt('/change-password', <ChangePasswordPage />);
    expect(screen.getByLabelText('Current password')).toBeTruthy();
    expect(passwordResetTicket('someone-else')).toBeNull();
  });
});

describe('ChangeNamePage', () => {
  it('asks the confirm-full-name dialog first; Go back sends nothing, Confirm saves', async () => {
    const calls = stubApi({
      '/users/me': { status: 200, body: { ...user(), first_name: 'Augusta', last_name: 'King' } },
    });
    renderAt('/change-name', <ChangeNamePage />);
    expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Ada');
    type('First name', '  Augusta ');
    type('Last name', 'King');
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(store.dialogs.stack[0]?.props).toEqual({ fullName: 'Augusta King' }));
    await answerDialog('confirm-full-name', { confirmFullName: false });
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await answerDialog('confirm-full-name', { confirmFullName: true });
    expect((await screen.findByTestId('name-changed')).textContent).toBe('Your name is now Augusta King.');
    expect(calls[0]).toMatchObject({
      path: '/users/me',
      method: 'PATCH',
      body: { first_name: 'Augusta', last_name: 'King' },
    });
    expect(store.session.user?.first_name).toBe('Augusta');
  });

  it('shows a server refusal under the field it names', async () => {
    stubApi({ '/users/me': apiError(400, 'VALIDATION_ERROR', 'Please use letters.', 'last_name') });
    renderAt('/change-name', <ChangeNamePage />);
    type('Last name', 'K1ng');
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await answerDialog('confirm-full-name', { confirmFullName: true });
    expect((await screen.findByTestId('field-error-last_name')).textContent).toBe('Please use letters.');
  });
});

describe('ChangeEmailPage', () => {
  it('sends the new email with the current password and says where the link went', async () => {
    const calls = stubApi({
      '/users/me/email': {
        status: 202,
        body: { pending_email: 'new@example.org', expires_at: '2030-01-01T00:00:00Z' },
      },
    });
    renderAt('/change-email', <ChangeEmailPage />);
    type('New email', 'ada@example.com');
    type('Current password', 'Velvet-Harbor-42');
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect(screen.getByTestId('field-error-email').textContent).toBe('This is already your email address.');
    type('New email', 'New@Example.org');
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect((await screen.findByTestId('email-link-sent')).textContent).toMatch(/new@example\.org/);
    expect(calls[0]).toMatchObject({
      body: { email: 'New@Example.org', current_password: 'Velvet-Harbor-42' },
    });
  });

  it('shows a taken email under the field', async () => {
    stubApi({
      '/users/me/email': apiError(409, 'EMAIL_TAKEN', 'An account with this email already exists.', 'email'),
    });
    renderAt('/change-email', <ChangeEmailPage />);
    type('New email', 'taken@example.org');
    type('Current password', 'Velvet-Harbor-42');
    fireEvent.click(screen.getByRole('button', { name: 'Send confirmation link' }));
    expect((await screen.findByTestId('field-error-email')).textContent).toMatch(/already exists/);
  });

  it('opening the mailed link confirms once and reloads the player', async () => {
    const calls = stubApi({
      '/users/me/email/confirm': { status: 200, body: { email: 'new@example.org' } },
      '/users/me': { status: 200, body: { ...user(), email: 'new@example.org' } },
    });
    renderAt('/change-email?token=abcdefghijklmnopqrstuvwxyz', <ChangeEmailPage />);
    expect((await screen.findByTestId('email-changed')).textContent).toBe(
      'Your email address is now new@example.org.',
    );
    await waitFor(() => expect(store.session.user?.email).toBe('new@example.org'));
    expect(calls.filter((c) => c.path === '/users/me/email/confirm')).toHaveLength(1);
  });

  it('says so when the link is expired or used', async () => {
    stubApi({
      '/users/me/email/confirm': apiError(
        400,
        'INVALID_EMAIL_CHANGE_LINK',
        'This link is invalid, expired or already used.',
        'token',
      ),
    });
    renderAt('/change-email?token=abcdefghijklmnopqrstuvwxyz', <ChangeEmailPage />);
    expect((await screen.findByTestId('email-change-failed')).textContent).toMatch(/expired or already used/);
  });
});

describe('ProfilePicPage', () => {
  it('refuses a file of another type before uploading', () => {
    const calls = stubApi({});
    renderAt('/profile-pic', <ProfilePicPage />);
    const gif = new File(['GIF89a'], 'cat.gif', { type: 'image/gif' });
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [gif] } });
    expect(screen.getByTestId('form-error').textContent).toBe('Please choose a JPEG, PNG or WebP image.');
    expect(screen.getByRole('button', { name: 'Upload picture' })).toHaveProperty('disabled', true);
    expect(calls).toHaveLength(0);
  });

  it('uploads the file as multipart form data and shows the new picture', async () => {
    let sent: RequestInit | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init: RequestInit = {}) => {
        if (String(input).endsWith('/auth/csrf')) return Response.json({ csrf_token: 't' });
        sent = init;
        return Response.json({ ...user(), profile_pic: '/api/v1/avatars/abc' });
      }),
    );
    renderAt('/profile-pic', <ProfilePicPage />);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [png] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload picture' }));
    await screen.findByTestId('avatar-saved');
    expect(sent?.method).toBe('PATCH');
    expect(sent?.body).toBeInstanceOf(FormData);
    expect((sent?.body as FormData).get('avatar')).toBeInstanceOf(File);
    expect(new Headers(sent?.headers).get('Content-Type')).toBeNull();
    expect(screen.getByTestId('profile-pic-current').getAttribute('src')).toBe('/api/v1/avatars/abc');
  });
});

describe('CloseAccountPage', () => {
  it('closes only after the dialog confirms, then signs out to the login page', async () => {
    const calls = stubApi({
      '/users/me/close': { status: 200, body: {} },
      '/auth/logout': { status: 200, body: {} },
    });
    renderAt('/close-account', <CloseAccountPage />);
    fireEvent.click(screen.getByTestId('close-account'));
    await answerDialog('close-account', { confirmedClose: false });
    expect(calls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('close-account'));
    await answerDialog('close-account', { confirmedClose: true });
    await waitFor(() => expect(store.session.status).toBe('signed-out'));
    expect(calls.map((c) => c.path)).toEqual(['/users/me/close', '/auth/logout']);
  });
});
