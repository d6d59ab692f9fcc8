/**
 * The sign-in link page after password recovery: the answer's password reset ticket is kept in
 * the tab and the player goes straight to choosing a new password; an answer without one goes to
 * the lobby as before.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetApiClientState } from '../../lib/api-client.ts';
import { passwordResetTicket } from '../../lib/password-reset-ticket.ts';
import { clearLocalSession } from '../../state/session-actions.ts';
import { resetStore } from '../../state/store.ts';
import { loginAnswer, stubApi } from '../../test-support/stub-api.ts';
import { SignInLinkPage } from './sign-in-link-page.tsx';

function renderLink() {
  return render(
    <MemoryRouter initialEntries={['/sign-in-link?token=abc123']}>
      <Routes>
        <Route path="/sign-in-link" element={<SignInLinkPage />} />
        <Route path="/lobby" element={<p>Lobby page</p>} />
        <Route path="/change-password" element={<p>Change password page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SignInLinkPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    clearLocalSession();
    vi.unstubAllGlobals();
  });

  it('keeps the password reset ticket and opens the change-password page', async () => {
    const answer = loginAnswer();
    const expires = new Date(Date.now() + 30 * 60_000).toISOString();
    stubApi({
      '/auth/sign-in-link': {
        status: 200,
        body: { ...answer, password_reset: { token: 't.k', expires_at: expires } },
      },
    });
    renderLink();
    await screen.findByText('Change password page');
    expect(passwordResetTicket(answer.user.id)).toEqual({ token: 't.k', expires_at: expires });
  });

  it('goes to the lobby when the answer carries no ticket', async () => {
    stubApi({ '/auth/sign-in-link': { status: 200, body: loginAnswer() } });
    renderLink();
    await screen.findByText('Lobby page');
    expect(passwordResetTicket(loginAnswer().user.id)).toBeNull();
  });
});
