/**
 * The sign-in form and the sign-in link page when an answer is lost: the request left, no answer
 * came back. The next try carries the same Idempotency-Key, so the server continues the session the
 * first try started (docs/security.md, "Sign-in, join, refresh and sign-out on a bad link").
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { IDEMPOTENCY_HEADER } from '../../contract/constants.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { clearLocalSession } from '../../state/session-actions.ts';
import { resetStore } from '../../state/store.ts';
import { loginAnswer } from '../../test-support/stub-api.ts';
import { LoginPage } from './login-page.tsx';
import { SignInLinkPage } from './sign-in-link-page.tsx';

interface Sent {
  path: string;
  key: string | undefined;
}

/** `path` answers: first no answer at all (the connection drops), then the login answer. */
function loseFirstAnswerOf(path: string): Sent[] {
  const sent: Sent[] = [];
  let lost = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      const headers = (init.headers ?? {}) as Record<string, string>;
      const json = (status: number, body: unknown) =>
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
      if (url === '/auth/csrf') return json(200, { csrf_token: 'test-csrf' });
      if (url === '/health') return json(200, { status: 'ok' });
      if (url !== path) return json(404, { code: 'NOT_FOUND', message: url });
      sent.push({ path: url, key: headers[IDEMPOTENCY_HEADER] });
      if (!lost) {
        lost = true;
        throw new TypeError('Failed to fetch');
      }
      return json(200, loginAnswer());
    }),
  );
  return sent;
}

function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/sign-in-link" element={<SignInLinkPage />} />
        <Route path="/lobby" element={<p>Lobby page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('a lost answer', () => {
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

  it('sign-in form: the password stays, and pressing Sign in again sends the same key', async () => {
    const sent = loseFirstAnswerOf('/auth/login');
    renderAt('/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-Pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('We could not reach our servers. Please try again.');
    expect(screen.getByLabelText('Password')).toHaveProperty('value', 'Secret-Pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Lobby page');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });

  it('sign-in form: another password is another attempt, with a new key', async () => {
    const sent = loseFirstAnswerOf('/auth/login');
    renderAt('/login');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-Pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('We could not reach our servers. Please try again.');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Secret-Pass-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Lobby page');
    expect(sent[1]!.key).not.toBe(sent[0]!.key);
  });

  it('sign-in link page: Try again resends the link with the same key', async () => {
    const sent = loseFirstAnswerOf('/auth/sign-in-link');
    renderAt('/sign-in-link?token=abc123');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByText('Lobby page');
    expect(sent).toHaveLength(2);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[1]!.key).toBe(sent[0]!.key);
  });
});
