import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { accountFoundMessage, SOCIAL_INFO_STORAGE_KEY } from '../../contract/social-auth.ts';
import { resetApiClientState } from '../../lib/api-client.ts';
import { clearLocalSession } from '../../state/session-actions.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, loginAnswer, stubApi } from '../../test-support/stub-api.ts';
import { LinkAccountsPage } from './link-accounts-page.tsx';

const INFO = {
  result: 'link_required',
  provider: 'facebook',
  provider_auth_token: 'ticket-fb',
  email: 'sam@example.com',
  linked_providers: ['google'],
  message: accountFoundMessage('facebook', 'sam@example.com', ['google']),
};

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/signup/link-accounts']}>
      <Routes>
        <Route path="/signup/link-accounts" element={<LinkAccountsPage />} />
        <Route path="/lobby" element={<p>Lobby page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('LinkAccountsPage', () => {
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

  it('says an account was found, naming the providers, and links with the link payload', async () => {
    sessionStorage.setItem(SOCIAL_INFO_STORAGE_KEY, JSON.stringify(INFO));
    const calls = stubApi({
      '/social/link': [
        apiError(401, 'INVALID_CREDENTIALS', 'The email or password is incorrect.', 'password1'),
        { status: 200, body: loginAnswer() },
      ],
    });
    renderPage();
    const found = screen.getByTestId('account-found').textContent ?? '';
    expect(found).toContain('An account was found for sam@example.com');
    expect(found).toContain('Google and Facebook');
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'sam@example.com');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/password-recovery',
    );

    fireEvent.change(screen.getByLabelText(/Password of your/), { target: { value: 'Wrong-one-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    expect(await screen.findByText('The email or password is incorrect.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/Password of your/), { target: { value: 'Velvet-Harbor-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    await screen.findByText('Lobby page');
    expect(calls.filter((c) => c.path === '/social/link').at(-1)!.body).toEqual({
      fb_auth_token: 'ticket-fb',
      email: 'sam@example.com',
      password1: 'Velvet-Harbor-42',
      password2: 'Velvet-Harbor-42',
      strategy: 'password',
    });
    expect(store.session.status).toBe('signed-in');
  });

  it('a lost answer keeps the key: the same password sent again carries it, a new attempt does not', async () => {
    sessionStorage.setItem(SOCIAL_INFO_STORAGE_KEY, JSON.stringify(INFO));
    const keys: Array<string | null> = [];
    let replies = ['lost', 'refused', 'ok'];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
        const json = (status: number, body: unknown) =>
          new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
        if (String(input).endsWith('/auth/csrf')) return json(200, { csrf_token: 't' });
        if (!String(input).endsWith('/social/link')) return json(200, {}); // the reachability probe
        keys.push(new Headers(init.headers).get('Idempotency-Key'));
        const [reply, ...rest] = replies;
        replies = rest;
        if (reply === 'lost') throw new TypeError('Failed to fetch');
        if (reply === 'refused')
          return json(401, {
            code: 'INVALID_CREDENTIALS',
            message: 'Wrong.',
            field: 'password1',
            extra: null,
          });
        return json(200, loginAnswer());
      }),
    );
    renderPage();
    const press = async (n: number) => {
      await vi.waitFor(() =>
        expect(screen.getByRole('button', { name: 'Link and sign in' })).toHaveProperty('disabled', false),
      );
      fireEvent.change(screen.getByLabelText(/Password of your/), { target: { value: 'Velvet-Harbor-42' } });
      fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
      await vi.waitFor(() => expect(keys).toHaveLength(n));
    };
    await press(1);
    await press(2);
    await press(3);
    await screen.findByText('Lobby page');
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
    // The refusal was an answer: the next press is a new attempt with a new key.
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows any other social error with its code', async () => {
    sessionStorage.setItem(SOCIAL_INFO_STORAGE_KEY, JSON.stringify(INFO));
    stubApi({
      '/social/link': apiError(400, 'SOCIAL_TICKET_INVALID', 'Your sign-in has expired.', 'fb_auth_token'),
    });
    renderPage();
    fireEvent.change(screen.getByLabelText(/Password of your/), { target: { value: 'Velvet-Harbor-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Link and sign in' }));
    const error = await screen.findByTestId('social-error');
    expect(error.getAttribute('data-code')).toBe('SOCIAL_TICKET_INVALID');
    expect(error.textContent).toBe('Your sign-in has expired.');
  });

  it('asks to start again without a link in progress', () => {
    renderPage();
    expect(screen.getByTestId('link-accounts-missing')).toBeTruthy();
  });
});
