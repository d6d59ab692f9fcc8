import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { resetApiClientState } from '../../lib/api-client.ts';
import { resetStore, store } from '../../state/store.ts';
import { apiError, stubApi } from '../../test-support/stub-api.ts';
import { SupportDeskLoginPage } from './support-desk-login-page.tsx';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/support-desk-login']}>
      <Routes>
        <Route path="/support-desk-login" element={<SupportDeskLoginPage />} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SupportDeskLoginPage', () => {
  const replace = vi.fn();
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    sessionStorage.clear();
    localStorage.clear();
    replace.mockReset();
    vi.stubGlobal('location', { ...window.location, replace });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a signed-in player is sent to the support site with a fresh token, asked for once', async () => {
    store.session.status = 'signed-in';
    const calls = stubApi({
      '/support-desk/jwt': {
        status: 200,
        body: { zendesk_jwt: 'a.b.c', access_url: 'http://help.example/access/jwt?jwt=a.b.c' },
      },
    });
    renderPage();
    expect(screen.getByText('Opening the Help Center…')).toBeTruthy();
    await waitFor(() => expect(replace).toHaveBeenCalledWith('http://help.example/access/jwt?jwt=a.b.c'));
    expect(calls.filter((c) => c.path === '/support-desk/jwt')).toHaveLength(1);
  });

  it('says when the Help Center could not be opened and tries again on request', async () => {
    store.session.status = 'signed-in';
    stubApi({
      '/support-desk/jwt': [
        apiError(500, 'INTERNAL_ERROR', 'boom'),
        { status: 200, body: { zendesk_jwt: 'x', access_url: 'http://help.example/access/jwt?jwt=x' } },
      ],
    });
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be opened/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(replace).toHaveBeenCalled());
  });

  it('a signed-out visitor signs in first and comes back here', async () => {
    store.session.status = 'signed-out';
    stubApi({});
    renderPage();
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(JSON.stringify({ ...sessionStorage, ...localStorage })).toContain('/support-desk-login');
  });
});
