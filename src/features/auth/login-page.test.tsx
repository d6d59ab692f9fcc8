import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { STORAGE_KEYS } from '../../contract/constants.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { clearLocalSession } from '../../state/session-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, loginAnswer, stubApi, type Answer } from '../../test-support/stub-api.ts';
import { LoginPage } from './login-page.tsx';

function renderLogin() {
  return render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/lobby" element={<p>Lobby page</p>} />
        <Route path="/my-account" element={<p>My account page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function signIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /Sign in/ }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    clearLocalSession();
    vi.unstubAllGlobals();
  });

  it('prefills the previously signed-in email and links to recovery and join', () => {
    localStorage.setItem(STORAGE_KEYS.previousEmail, 'demo@luckycrown.example');
    renderLogin();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'demo@luckycrown.example');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/password-recovery',
    );
    expect(screen.getByRole('link', { name: 'Join now' }).getAttribute('href')).toBe('/signup/create-user');
  });

  it('asks for both fields before calling the server', () => {
    const calls = stubApi({});
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByTestId('field-error-email').textContent).toBe('Please enter your email address.');
    expect(screen.getByTestId('field-error-password').textContent).toBe('Please enter your password.');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it.each([
    [
      apiError(401, 'INVALID_CREDENTIALS', 'Invalid email or password.'),
      'The email or password is incorrect.',
    ],
    [
      apiError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts.'),
      'Server Busy: Our system is currently experiencing a high load, please try again later.',
    ],
    [
      apiError(403, 'ACCOUNT_CLOSED', 'Account closed.'),
      'This account is closed. If you think this is a mistake, contact support@luckycrown.example.',
    ],
    [
      {
        status: 403,
        body: {
          code: 'ACCOUNT_CLOSED',
          message: 'Account closed.',
          field: null,
          extra: { closed_reason: 'age_requirement' },
        },
      },
      'This account is closed because the date of birth given is under the minimum age to play. If you think this is a mistake, contact support@luckycrown.example.',
    ],
  ])('shows a refused sign-in under the form (%#)', async (answer, text) => {
    const calls = stubApi({ '/auth/login': answer });
    renderLogin();
    signIn('ada@example.com', 'wrong-password');
    const error = await screen.findByTestId('form-error');
    expect(error.textContent).toBe(text);
    expect(error.getAttribute('role')).toBe('alert');
    expect(calls[0]).toMatchObject({
      path: '/auth/login',
      method: 'POST',
      body: { email: 'ada@example.com', password: 'wrong-password' },
    });
    expect(store.session.status).not.toBe('signed-in');
    // The password is cleared for the next attempt; the email stays.
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
  });

  it('disables the button while signing in, then completes the login and returns to the remembered page', async () => {
    sessionStorage.setItem(STORAGE_KEYS.returnTo, '/my-account');
    let release: (a: { status: number; body: unknown }) => void = () => {};
    const pending: Answer = () => new Promise((r) => (release = r));
    stubApi({ '/auth/login': pending });
    renderLogin();
    signIn('ada@example.com', 'Correct#Horse1');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /Sign in/ })).toHaveProperty('disabled', true),
    );
    await act(async () => release({ status: 200, body: loginAnswer() }));
    expect(await screen.findByText('My account page')).toBeTruthy();
    expect(store.session.status).toBe('signed-in');
    expect(store.session.user?.first_name).toBe('Ada');
    expect(localStorage.getItem(STORAGE_KEYS.previousEmail)).toBe('ada@example.com');
  });
});
